import { heightTooHigh, TOO_HIGH } from "../../../../shared/height.js";

/** One condition of a tx_search / block_search query: `key op value`. */
export interface Condition {
  readonly key: string;
  readonly op: "=" | "<" | "<=" | ">" | ">=" | "CONTAINS" | "EXISTS";
  readonly value: string;
}

const KEY = /^[A-Za-z_][\w.-]*$/;
/** The longest query `chain.txSearch` and `chain.blockSearch` take (`shared/contract/chain.ts`); a test holds the two together. */
const MAX_QUERY = 512;

/**
 * A built query, or why not: `at` names the condition and the field to change; a problem of the
 * query as a whole (no condition, too long) has none.
 */
export type BuiltQuery = { ok: true; query: string } | { ok: false; error: string; at?: { index: number; field: "key" | "value" } };

/**
 * Builds CometBFT's query language (https://docs.cometbft.com/v0.38/rpc/#/Info/tx_search):
 * conditions joined by AND, strings single-quoted, numbers bare for heights.
 */
export function buildQuery(conditions: readonly Condition[]): BuiltQuery {
  const parts: string[] = [];
  for (const [index, c] of conditions.entries()) {
    if (!KEY.test(c.key)) return { ok: false, error: c.key ? `"${c.key}" is not an event key (like transfer.recipient or tx.height)` : "Name an event key, like transfer.recipient or tx.height.", at: { index, field: "key" } };
    if (c.op === "EXISTS") {
      parts.push(`${c.key} EXISTS`);
      continue;
    }
    // The query language has no escape for a quote inside a string: refuse instead of breaking out.
    if (c.value.includes("'")) return { ok: false, error: "values cannot contain a single quote", at: { index, field: "value" } };
    const numeric = /^(tx|block)\.height$/.test(c.key) && /^\d+$/.test(c.value);
    // The node would search for a height no chain can reach and find nothing, as if none matched.
    if (numeric && heightTooHigh(c.value)) return { ok: false, error: TOO_HIGH, at: { index, field: "value" } };
    if (!numeric && c.op !== "=" && c.op !== "CONTAINS" && !/^\d+(\.\d+)?$/.test(c.value)) return { ok: false, error: `${c.op} needs a number`, at: { index, field: "value" } };
    parts.push(`${c.key} ${c.op} ${numeric || (c.op !== "=" && c.op !== "CONTAINS") ? c.value : `'${c.value}'`}`);
  }
  if (!parts.length) return { ok: false, error: "add at least one condition" };
  const query = parts.join(" AND ");
  // Said before searching: main would refuse it with its schema's words after.
  if (query.length > MAX_QUERY) return { ok: false, error: `The query is ${query.length} characters; a search takes at most ${MAX_QUERY}. Remove a condition or shorten a value.` };
  return { ok: true, query };
}
