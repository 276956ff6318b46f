import { fromBase64, toHex } from "@cosmjs/encoding";
import type { AbciQueryDef } from "../../../shared/cosmos/abci-query.js";
import { unknownQueryPath } from "../../../shared/net/unknown-query-path.js";
import { AppError } from "../app-error.js";

/** An ABCI query as `chain.abciQuery` answers it (value in base64). */
export type AbciQuery = (args: { path: string; data?: string }) => Promise<{ readonly code: number; readonly value: string; readonly log: string }>;

/**
 * Runs a module's query (shared/cosmos/<module>/queries.ts) over `chain.abciQuery`, so no REST
 * endpoint is needed. A refusal becomes an AppError with `code`, worded with `what`.
 */
export async function runAbciQuery<A, R>(abciQuery: AbciQuery, def: AbciQueryDef<A, R>, args: A, code: string, what: string): Promise<R> {
  const answer = await abciQuery({ path: def.path, data: toHex(def.encode(args)) });
  if (def.legacy && unknownQueryPath(answer)) return runAbciQuery(abciQuery, def.legacy, args, code, what);
  if (answer.code !== 0) throw new AppError(code, `the node refused the ${what} query: ${answer.log || `code ${answer.code}`}`);
  return def.decode(fromBase64(answer.value));
}
