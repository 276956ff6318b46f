import { txIdOf } from "../../../shared/cosmos/tx-id.js";
import { NotFoundError } from "../app-error.js";
import { RpcTxHashMismatchError, RpcWrongChainError } from "./rpc-errors.js";

/**
 * Checks on a parsed answer that a shape check cannot make: that it is for the network's chain,
 * and that a transaction's bytes are the ones its hash names (shared/cosmos/tx-id.ts).
 */
type Obj = { readonly [key: string]: unknown };
const obj = (v: unknown): Obj => (typeof v === "object" && v !== null ? (v as Obj) : {});
const headerChain = (header: unknown) => obj(header).chain_id;

/** The chain ids an answer of `route` names (status's network, every header's chain_id). */
export function chainIdsOf(route: string, result: unknown): unknown[] {
  const r = obj(result);
  switch (route) {
    case "status":
      return [obj(r.node_info).network];
    case "block":
    case "block_by_hash":
      return [headerChain(obj(r.block).header)];
    case "header":
    case "header_by_hash":
      return [headerChain(r.header)];
    case "commit":
      return [headerChain(obj(r.signed_header).header)];
    case "blockchain":
      return Array.isArray(r.block_metas) ? r.block_metas.map((m) => headerChain(obj(m).header)) : [];
    case "block_search":
      return Array.isArray(r.blocks) ? r.blocks.map((b) => headerChain(obj(obj(b).block).header)) : [];
    default:
      return [];
  }
}

/** Throws RpcWrongChainError when an answer names a chain other than `expected`. */
export function assertChain(endpoint: string, expected: string | undefined, route: string, result: unknown): void {
  if (!expected) return;
  const other = chainIdsOf(route, result).find((id) => typeof id === "string" && id !== expected);
  if (typeof other === "string") throw new RpcWrongChainError(endpoint, expected, other);
}

/** Throws RpcTxHashMismatchError unless sha256(tx) is the claimed hash (and the requested one). */
export function assertTxHash(endpoint: string, tx: { readonly hash: string; readonly tx: string }, requested?: string): void {
  const actual = txIdOf(Buffer.from(tx.tx, "base64"));
  for (const claimed of [tx.hash, requested]) {
    if (claimed !== undefined && claimed.toUpperCase() !== actual) throw new RpcTxHashMismatchError(endpoint, claimed.toUpperCase(), actual);
  }
}

/**
 * A node asked `block_by_hash` for a hash no block has answers `block: null` (with an empty
 * block id) rather than an error: that is said as no such block, not as an unreadable answer.
 */
export function assertBlockFound(route: string, result: unknown): void {
  if (route !== "block_by_hash") return;
  if (typeof result === "object" && result !== null && "block" in result && result.block === null) throw new NotFoundError("No block with this hash on this node.");
}

/**
 * Why an answer did not fit its route's shape, for a person: where, what was expected, and the
 * part of the answer around it as the node sent it (cut short), so an answer in another
 * generation's shape, or a node of one this app does not know, is shown rather than only refused.
 */
export function notUnderstood(route: string, answer: unknown, issue: { readonly path: readonly PropertyKey[]; readonly message: string } | undefined): string {
  const path = issue?.path.map(String) ?? [];
  let around: unknown = answer;
  for (const key of path.slice(0, -1)) around = obj(around)[key];
  const where = path.length > 1 ? ` at ${path.slice(0, -1).join(".")}` : "";
  let sent: string;
  try {
    sent = JSON.stringify(around) ?? "nothing";
  } catch {
    sent = "an answer that cannot be shown";
  }
  const cut = sent.length > 400 ? `${sent.slice(0, 400)}…` : sent;
  return `unexpected ${route} answer: ${path.join(".")}${issue ? ` (${issue.message.slice(0, 120)})` : ""}; the node sent${where}: ${cut}`;
}
