import type { AminoSigners } from "../amino-signer.js";

/**
 * Who signs each slashing message the vault may sign (see `../amino-signers.ts`). MsgUnjail's
 * amino JSON names its validator `address` (the SDK's `amino.field_name`), not `validator_addr`.
 */
export const SLASHING_SIGNERS = {
  "cosmos-sdk/MsgUnjail": { field: "address", kind: "validator" },
} as const satisfies AminoSigners;
