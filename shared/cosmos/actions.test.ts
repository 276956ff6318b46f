import { fromBech32, toBech32 } from "@cosmjs/encoding";
import { describe, expect, it } from "vitest";
import { ACTIONS, ActionMessage } from "./actions.js";
import { AMINO_SIGNERS } from "./amino-signers.js";
import { directSignerRefusal } from "./direct-signers.js";
import { cosmosRegistry } from "./signing.js";

const account = "cosmos1edhrppagujenjy8s82rplhj85atl5v7eeusulc";
const other = "cosmos14wjvzyulndke4nfte4pm035gad8908uw0ss0l3";
const valoper = (a: string) => toBech32("cosmosvaloper", fromBech32(a, 90).data);
const body = (...messages: Array<{ typeUrl: string; value: Record<string, unknown> }>) => ({ bodyBytes: cosmosRegistry.encodeTxBody({ messages }) });

describe("the registry of actions", () => {
  it("has a codec and an amino converter for every action, and the same signer the amino declarations name", () => {
    for (const action of Object.values(ACTIONS)) {
      expect(cosmosRegistry.lookupType(action.typeUrl), action.typeUrl).toBeDefined();
      expect(AMINO_SIGNERS[action.aminoType], action.aminoType).toBeDefined();
      expect(AMINO_SIGNERS[action.aminoType]!.kind).toBe(action.signer.kind);
    }
  });

  it("accepts only registered type URLs with their own value schema", () => {
    const delegate = { typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: account, validatorAddress: valoper(account), amount: { denom: "ustake", amount: "1" } } };
    expect(ActionMessage.safeParse(delegate).success).toBe(true);
    expect(ActionMessage.safeParse({ ...delegate, typeUrl: "/cosmos.authz.v1beta1.MsgExec" }).success).toBe(false);
    expect(ActionMessage.safeParse({ ...delegate, value: { ...delegate.value, amount: { denom: "ustake", amount: "-1" } } }).success).toBe(false);
    expect(ActionMessage.safeParse({ ...delegate, value: { ...delegate.value, extra: "x" } }).success).toBe(false);
  });
});

describe("the direct signer check (what the vault signs in SIGN_MODE_DIRECT)", () => {
  it("signs a message whose declared signer is the account, or its operator address", () => {
    expect(directSignerRefusal(body({ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: account, validatorAddress: valoper(other), amount: { denom: "ustake", amount: "1" } } }), account)).toBeUndefined();
    expect(directSignerRefusal(body({ typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission", value: { validatorAddress: valoper(account) } }), account)).toBeUndefined();
  });

  it("refuses a message another account signs, hidden among the account's own", () => {
    const own = { typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward", value: { delegatorAddress: account, validatorAddress: valoper(other) } };
    const theirs = { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: other, toAddress: account, amount: [{ denom: "ucomet", amount: "5" }] } };
    expect(directSignerRefusal(body(own, theirs), account)).toEqual({ refusal: "signer_mismatch", typeUrl: "/cosmos.bank.v1beta1.MsgSend" });
    expect(directSignerRefusal(body({ typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission", value: { validatorAddress: valoper(other) } }), account)?.refusal).toBe("signer_mismatch");
  });

  it("refuses a message type that is not a registered action, and an empty body", () => {
    expect(directSignerRefusal(body({ typeUrl: "/cosmos.staking.v1beta1.MsgCreateValidator", value: { delegatorAddress: account, validatorAddress: valoper(account) } }), account)?.refusal).toBe("unregistered_message");
    expect(directSignerRefusal(body(), account)?.refusal).toBe("unregistered_message");
  });
});

describe("the weighted vote and cancel unbonding", () => {
  const weighted = (options: Array<{ option: string; weight: string }>) => ActionMessage.safeParse({ typeUrl: "/cosmos.gov.v1beta1.MsgVoteWeighted", value: { proposalId: "3", voter: account, options } });

  it("takes weights that add up to exactly 1 and encodes them as 18-decimal atomics", () => {
    const ok = weighted([{ option: "yes", weight: "0.7" }, { option: "no_with_veto", weight: "0.3" }]);
    expect(ok.success).toBe(true);
    const action = ACTIONS["/cosmos.gov.v1beta1.MsgVoteWeighted"]!;
    const proto = action.toProto(ok.data!.value) as { options: Array<{ option: number; weight: string }> };
    expect(proto.options).toEqual([{ option: 1, weight: "700000000000000000" }, { option: 4, weight: "300000000000000000" }]);
    expect(cosmosRegistry.encodeTxBody({ messages: [{ typeUrl: action.typeUrl, value: proto }] }).length).toBeGreaterThan(0);
  });

  it("refuses weights that do not add up to 1, a zero weight and an option given twice, in words", () => {
    const words = (r: ReturnType<typeof weighted>) => (r.success ? "" : r.error.issues.map((i) => i.message).join(" "));
    expect(words(weighted([{ option: "yes", weight: "0.5" }, { option: "no", weight: "0.4" }]))).toMatch(/add up to exactly 1; these add up to 0\.9/);
    expect(words(weighted([{ option: "yes", weight: "1" }, { option: "no", weight: "0" }]))).toMatch(/weight of no must be above 0/);
    expect(words(weighted([{ option: "yes", weight: "0.5" }, { option: "yes", weight: "0.5" }]))).toMatch(/yes is given twice/);
    expect(words(weighted([{ option: "yes", weight: "1.5" }]))).toMatch(/between 0 and 1/);
  });

  it("names the unbonding entry by its creation height", () => {
    const value = { delegatorAddress: account, validatorAddress: valoper(other), amount: { denom: "ustake", amount: "10" }, creationHeight: "42" };
    const parsed = ActionMessage.parse({ typeUrl: "/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation", value });
    const action = ACTIONS[parsed.typeUrl]!;
    expect(action.toProto(parsed.value)).toMatchObject({ creationHeight: 42n });
    expect(action.review(parsed.value)).toContainEqual(["Unbonding started at height", "42"]);
    expect(action.spend(parsed.value)).toEqual([]);
    expect(ActionMessage.safeParse({ typeUrl: parsed.typeUrl, value: { ...value, creationHeight: "0" } }).success).toBe(false);
  });
});
