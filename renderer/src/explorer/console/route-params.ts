import { fromHex, toBase64 } from "@cosmjs/encoding";
import { SAFE_ROUTES } from "../../../../shared/contract/chain.js";

export type SafeRoute = (typeof SAFE_ROUTES)[number];

/** How the console asks for a parameter, and how each HTTP form wants it sent. */
export type ParamKind = "int" | "string" | "bool" | "hashB64" | "hashHex" | "bytesHex" | "txB64";
export interface ParamSpec {
  readonly name: string;
  readonly kind: ParamKind;
}

const p = (name: string, kind: ParamKind): ParamSpec => ({ name, kind });
const search = [p("query", "string"), p("page", "int"), p("per_page", "int"), p("order_by", "string")];

/** Each safe route's parameters (CometBFT 0.38 RPC); the console's form is generated from it. */
export const ROUTE_PARAMS: Readonly<Record<SafeRoute, readonly ParamSpec[]>> = {
  abci_info: [],
  abci_query: [p("path", "string"), p("data", "bytesHex"), p("height", "int"), p("prove", "bool")],
  block: [p("height", "int")],
  block_by_hash: [p("hash", "hashB64")],
  block_results: [p("height", "int")],
  blockchain: [p("minHeight", "int"), p("maxHeight", "int")],
  block_search: search,
  header: [p("height", "int")],
  header_by_hash: [p("hash", "hashHex")],
  commit: [p("height", "int")],
  consensus_state: [],
  dump_consensus_state: [],
  consensus_params: [p("height", "int")],
  genesis: [],
  genesis_chunked: [p("chunk", "int")],
  tx: [p("hash", "hashB64"), p("prove", "bool")],
  tx_search: [...search, p("prove", "bool")],
  check_tx: [p("tx", "txB64")],
  validators: [p("height", "int"), p("page", "int"), p("per_page", "int")],
  unconfirmed_txs: [p("limit", "int")],
  num_unconfirmed_txs: [],
  health: [],
  status: [],
  net_info: [],
};

/** What to type: hashes and bytes as hex, transactions as base64, the rest plain. */
export function hint(kind: ParamKind): string {
  return { int: "number", string: "text", bool: "true or false", hashB64: "64 hex digits", hashHex: "64 hex digits", bytesHex: "hex", txB64: "base64" }[kind];
}

/**
 * The form's values as the node wants them (docs/access-interface.md, "RPC parameter
 * encodings"): the URI form quotes strings and sends bytes as 0x-hex; JSON-RPC takes numbers as
 * strings and []byte hashes as base64. Empty fields are left out.
 */
export function encodeParams(route: SafeRoute, values: Readonly<Record<string, string>>, method: "GET" | "POST"): { ok: true; params: Record<string, string | boolean> } | { ok: false; error: string } {
  const out: Record<string, string | boolean> = {};
  for (const { name, kind } of ROUTE_PARAMS[route]) {
    const v = (values[name] ?? "").trim();
    if (!v) continue;
    const hex = v.replace(/^0x/i, "");
    switch (kind) {
      case "int":
        if (!/^\d+$/.test(v)) return { ok: false, error: `${name} must be a whole number` };
        out[name] = v;
        break;
      case "bool":
        if (v !== "true" && v !== "false") return { ok: false, error: `${name} must be true or false` };
        out[name] = method === "GET" ? v : v === "true";
        break;
      case "string":
        out[name] = method === "GET" ? JSON.stringify(v) : v;
        break;
      case "txB64":
        if (!/^[A-Za-z0-9+/]+={0,2}$/.test(v)) return { ok: false, error: `${name} must be base64` };
        out[name] = method === "GET" ? `0x${Array.from(atob(v), (c) => c.charCodeAt(0).toString(16).padStart(2, "0")).join("")}` : v;
        break;
      default:
        if (!/^([0-9a-fA-F]{2})*$/.test(hex) || ((kind === "hashB64" || kind === "hashHex") && hex.length !== 64)) return { ok: false, error: `${name} must be ${hint(kind)}` };
        out[name] = method === "GET" ? `0x${hex}` : kind === "hashB64" ? toBase64(fromHex(hex)) : hex;
    }
  }
  return { ok: true, params: out };
}
