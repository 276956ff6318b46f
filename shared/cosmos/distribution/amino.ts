import type { AminoSigners } from "../amino-signer.js";

/** Who signs each distribution message the vault may sign (see `../amino-signers.ts`). */
export const DISTRIBUTION_SIGNERS = {
  "cosmos-sdk/MsgWithdrawDelegationReward": { field: "delegator_address", kind: "account" },
  "cosmos-sdk/MsgWithdrawValidatorCommission": { field: "validator_address", kind: "validator" },
  // MsgSetWithdrawAddress keeps its older amino name.
  "cosmos-sdk/MsgModifyWithdrawAddress": { field: "delegator_address", kind: "account" },
} as const satisfies AminoSigners;
