import type { AminoSigners } from "../amino-signer.js";

/** Who signs each staking message the vault may sign (see `../amino-signers.ts`). */
export const STAKING_SIGNERS = {
  "cosmos-sdk/MsgDelegate": { field: "delegator_address", kind: "account" },
  "cosmos-sdk/MsgUndelegate": { field: "delegator_address", kind: "account" },
  "cosmos-sdk/MsgBeginRedelegate": { field: "delegator_address", kind: "account" },
  "cosmos-sdk/MsgCancelUnbondingDelegation": { field: "delegator_address", kind: "account" },
  "cosmos-sdk/MsgEditValidator": { field: "validator_address", kind: "validator" },
} as const satisfies AminoSigners;
