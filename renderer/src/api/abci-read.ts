import { fromBase64, toHex } from "@cosmjs/encoding";
import type { CometdeskApi } from "../../../shared/api.js";
import { unknownQueryPath } from "../../../shared/net/unknown-query-path.js";
import { unwrap } from "./unwrap.js";

/** A module query as `shared/cosmos/abci-query.ts` declares it (its path, request and answer). */
interface ModuleQuery<A, R> {
  readonly path: string;
  encode(args: A): Uint8Array;
  decode(value: Uint8Array): R;
  readonly legacy?: ModuleQuery<A, R>;
}

/**
 * Runs one module query through main's `chain.abciQuery`. A refusal by the module (a non-zero
 * code) throws with the node's words, unless `absent` names what stands for "none" (a vote not
 * cast, say); an answer that does not decode throws too.
 */
export async function abciRead<A, R, N = never>(api: CometdeskApi, def: ModuleQuery<A, R>, args: A, absent?: { value: N }): Promise<R | N> {
  const answer = await unwrap(api.chain.abciQuery({ path: def.path, data: toHex(def.encode(args)) }));
  // A chain with only the module's older version (x/gov v1beta1) is asked in that one's words.
  if (def.legacy && unknownQueryPath(answer)) return abciRead(api, def.legacy, args, absent);
  if (answer.code !== 0) {
    if (absent) return absent.value;
    throw new Error(answer.log || `the node refused ${def.path} (code ${answer.code})`);
  }
  return def.decode(fromBase64(answer.value));
}
