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
