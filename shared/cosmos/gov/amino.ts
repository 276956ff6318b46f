import type { AminoSigners } from "../amino-signer.js";

/** Who signs each governance message the vault may sign (see `../amino-signers.ts`). */
export const GOV_SIGNERS = {
  "cosmos-sdk/MsgVote": { field: "voter", kind: "account" },
  "cosmos-sdk/MsgVoteWeighted": { field: "voter", kind: "account" },
  "cosmos-sdk/MsgDeposit": { field: "depositor", kind: "account" },
} as const satisfies AminoSigners;
