import { z } from "zod";
import { action, ActionAddress, ActionCoin, coinText, decimalFromAtomics } from "../action.js";

/** A commission rate as a decimal fraction ("0.05"), at most 18 decimals as the SDK's LegacyDec. */
const Rate = z.string().regex(/^(0(\.\d{1,18})?|1(\.0{1,18})?)$/, "expected a rate between 0 and 1, like 0.05");
/** A description field: the SDK's limit is in bytes of UTF-8 (Go's len), not in characters. */
const Text = (max: number) => z.string().max(max).refine((t) => new TextEncoder().encode(t).length <= max, `at most ${max} bytes of UTF-8`);
/** The SDK's "leave unchanged" marker for a description field of MsgEditValidator. */
const DO_NOT_MODIFY = "[do-not-modify]";
const DESCRIPTION_FIELDS = ["moniker", "identity", "website", "securityContact", "details"] as const;

/** A LegacyDec on the protobuf wire: the decimal scaled by 10^18, as an integer string. */
export function decAtomics(rate: string): string {
  const [whole, frac = ""] = rate.split(".");
  return BigInt(`${whole}${frac.padEnd(18, "0")}`).toString();
}

/** The staking module's actions (https://docs.cosmos.network/main/build/modules/staking#messages). */
export const stakingActions = {
  "/cosmos.staking.v1beta1.MsgDelegate": action({
    typeUrl: "/cosmos.staking.v1beta1.MsgDelegate",
    aminoType: "cosmos-sdk/MsgDelegate",
    value: z.strictObject({ delegatorAddress: ActionAddress, validatorAddress: ActionAddress, amount: ActionCoin }),
    signer: { field: "delegatorAddress", kind: "account" },
    title: "Delegate",
    review: (v) => [["Delegator", v.delegatorAddress], ["Validator", v.validatorAddress], ["Amount", coinText(v.amount)]],
    spend: (v) => [v.amount],
    toProto: (v) => ({ ...v }),
  }),
  "/cosmos.staking.v1beta1.MsgUndelegate": action({
    typeUrl: "/cosmos.staking.v1beta1.MsgUndelegate",
    aminoType: "cosmos-sdk/MsgUndelegate",
    value: z.strictObject({ delegatorAddress: ActionAddress, validatorAddress: ActionAddress, amount: ActionCoin }),
    signer: { field: "delegatorAddress", kind: "account" },
    title: "Undelegate",
    review: (v) => [["Delegator", v.delegatorAddress], ["Validator", v.validatorAddress], ["Amount", coinText(v.amount)]],
    // Unbonding takes nothing from the spendable balance: the coins come back after the unbonding time.
    spend: () => [],
    toProto: (v) => ({ ...v }),
  }),
  "/cosmos.staking.v1beta1.MsgBeginRedelegate": action({
    typeUrl: "/cosmos.staking.v1beta1.MsgBeginRedelegate",
    aminoType: "cosmos-sdk/MsgBeginRedelegate",
    value: z.strictObject({ delegatorAddress: ActionAddress, validatorSrcAddress: ActionAddress, validatorDstAddress: ActionAddress, amount: ActionCoin }),
    signer: { field: "delegatorAddress", kind: "account" },
    title: "Redelegate",
    review: (v) => [["Delegator", v.delegatorAddress], ["From validator", v.validatorSrcAddress], ["To validator", v.validatorDstAddress], ["Amount", coinText(v.amount)]],
    spend: () => [],
    toProto: (v) => ({ ...v }),
  }),
  "/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation": action({
    typeUrl: "/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation",
    aminoType: "cosmos-sdk/MsgCancelUnbondingDelegation",
    // The entry is named by the height that created it: one undelegation can have several entries.
    value: z.strictObject({ delegatorAddress: ActionAddress, validatorAddress: ActionAddress, amount: ActionCoin, creationHeight: z.string().regex(/^[1-9]\d{0,19}$/, "expected the block height that created the unbonding entry") }),
    signer: { field: "delegatorAddress", kind: "account" },
    title: "Cancel unbonding",
    review: (v) => [["Delegator", v.delegatorAddress], ["Validator", v.validatorAddress], ["Amount", coinText(v.amount)], ["Unbonding started at height", v.creationHeight]],
    // The coins go from unbonding back to the validator's delegation: nothing leaves the spendable balance.
    spend: () => [],
    toProto: (v) => ({ ...v, creationHeight: BigInt(v.creationHeight) }),
    fromProto: (m) => ({ ...m, creationHeight: typeof m.creationHeight === "bigint" ? m.creationHeight.toString() : m.creationHeight }),
  }),
  "/cosmos.staking.v1beta1.MsgEditValidator": action({
    typeUrl: "/cosmos.staking.v1beta1.MsgEditValidator",
    aminoType: "cosmos-sdk/MsgEditValidator",
    value: z.strictObject({
      validatorAddress: ActionAddress,
      description: z.strictObject({ moniker: Text(70), identity: Text(3000), website: Text(140), securityContact: Text(140), details: Text(280) }).partial().optional(),
      commissionRate: Rate.optional(),
    }),
    signer: { field: "validatorAddress", kind: "validator" },
    title: "Edit validator",
    review: (v) => [
      ["Validator", v.validatorAddress],
      ...Object.entries(v.description ?? {}).map(([k, text]): [string, string] => [`Description: ${k}`, text]),
      ["Commission rate", v.commissionRate ?? "unchanged"],
    ],
    spend: () => [],
    toProto: (v) => ({
      validatorAddress: v.validatorAddress,
      // Fields left out keep their value on chain: the SDK reads this marker as "unchanged".
      description: {
        moniker: v.description?.moniker ?? DO_NOT_MODIFY,
        identity: v.description?.identity ?? DO_NOT_MODIFY,
        website: v.description?.website ?? DO_NOT_MODIFY,
        securityContact: v.description?.securityContact ?? DO_NOT_MODIFY,
        details: v.description?.details ?? DO_NOT_MODIFY,
      },
      commissionRate: v.commissionRate === undefined ? "" : decAtomics(v.commissionRate),
      minSelfDelegation: "",
    }),
    fromProto: (m) => {
      const given = (m.description ?? {}) as Record<string, unknown>;
      const kept = DESCRIPTION_FIELDS.flatMap((k) => (given[k] === DO_NOT_MODIFY || given[k] === undefined ? [] : [[k, given[k]] as const]));
      const rate = typeof m.commissionRate === "string" && m.commissionRate !== "" ? decimalFromAtomics(m.commissionRate) : undefined;
      return { validatorAddress: m.validatorAddress, ...(kept.length > 0 ? { description: Object.fromEntries(kept) } : {}), ...(rate === undefined ? {} : { commissionRate: rate }),
        // A minimum self-delegation this form cannot carry is kept as a field the value refuses, never dropped.
        ...(typeof m.minSelfDelegation === "string" && m.minSelfDelegation !== "" ? { minSelfDelegation: m.minSelfDelegation } : {}) };
    },
  }),
};
