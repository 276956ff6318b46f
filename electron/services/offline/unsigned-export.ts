import type { PreparedTx } from "../../../shared/contract/tx.js";
import { txToSdkJson } from "./protojson.js";

/** A prepared transaction, as main keeps it: the reviewed fields and the bytes they stand for. */
export interface Unsigned {
  readonly review: Pick<PreparedTx, "signer" | "chainId" | "accountNumber" | "sequence">;
  readonly bodyBytes: Uint8Array;
  readonly authInfoBytes: Uint8Array;
}

/** What is written for a transaction to be signed elsewhere. */
export interface UnsignedExport {
  /** The SDK's unsigned transaction JSON, the shape `simd tx … --generate-only` prints. */
  readonly json: string;
  /** Its file name, which carries the account number and sequence it is signed at. */
  readonly filename: string;
  /** The command that signs it on the machine holding the key. */
  readonly command: string;
}

const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 64);

/**
 * The unsigned JSON of a prepared transaction: its body and fee from the very bytes main would
 * have signed, no signatures, and the `simd tx sign --offline` command that signs it for this
 * chain, account number and sequence (a multisig member adds `--multisig=<address>`).
 */
export function unsignedExport(prepared: Unsigned, options: { multisig?: boolean } = {}): UnsignedExport {
  const { review } = prepared;
  const json = txToSdkJson(prepared.bodyBytes, prepared.authInfoBytes, []);
  // Before signing, simd's own --generate-only output lists no signer: the signer's key goes in when it signs.
  json.auth_info.signer_infos = [];
  const filename = `unsigned-${safe(review.chainId)}-${safe(review.signer).slice(-12)}-acc${review.accountNumber}-seq${review.sequence}.json`;
  const signed = filename.replace(/^unsigned-/, "signed-");
  const who = options.multisig ? `<member key> --multisig=${review.signer}` : "<key name>";
  const command = `simd tx sign ${filename} --from ${who} --offline --account-number ${review.accountNumber} --sequence ${review.sequence} --chain-id ${review.chainId} --output-document ${signed}`;
  return { json: `${JSON.stringify(json)}\n`, filename, command };
}
