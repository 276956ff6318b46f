import { fromBase64, fromHex, toBase64, toHex } from "@cosmjs/encoding";
import { SAFE_ROUTES } from "../../../../shared/contract/safe-routes.js";
import { heightTooHigh, MAX_HEIGHT } from "../../../../shared/height.js";

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

/** Longest value main's contract takes for one console parameter, as sent (`chain.rawCall`). */
const MAX_SENT = 100_000;

/** The form's values as sent, or the first parameter whose text cannot be, and why, in the user's words. */
export type EncodedParams = { ok: true; params: Record<string, string | boolean> } | { ok: false; name: string; error: string };

/**
 * The form's values as the node wants them (docs/access-interface.md, "RPC parameter
 * encodings"): the URI form quotes strings and sends bytes as 0x-hex; JSON-RPC takes numbers as
 * strings and []byte hashes as base64. Empty fields are left out. It runs at every keystroke, so
 * any text gets an answer and nothing here throws: half-typed base64 is the common case.
 */
export function encodeParams(route: SafeRoute, values: Readonly<Record<string, string>>, method: "GET" | "POST"): EncodedParams {
  const out: Record<string, string | boolean> = {};
  for (const { name, kind } of ROUTE_PARAMS[route]) {
    const v = (values[name] ?? "").trim();
    if (!v) continue;
    const r = encodeOne(kind, v, method);
    if (!r.ok) return { ok: false, name, error: r.error };
    if (typeof r.value === "string" && r.value.length > MAX_SENT) {
      return { ok: false, name, error: `Too long to send: ${r.value.length.toLocaleString("en-US")} characters as sent; the console sends at most ${MAX_SENT.toLocaleString("en-US")}.` };
    }
    out[name] = r.value;
  }
  return { ok: true, params: out };
}

type Encoded = { ok: true; value: string | boolean } | { ok: false; error: string };

function encodeOne(kind: ParamKind, v: string, method: "GET" | "POST"): Encoded {
  const hex = v.replace(/^0x/i, "");
  switch (kind) {
    case "int":
      if (!/^\d+$/.test(v)) return { ok: false, error: "A whole number, like 42." };
      // Every number these routes take is an int64 in the node: a larger one only gets its JSON decoder's error.
      return heightTooHigh(v) ? { ok: false, error: `At most ${MAX_HEIGHT}: the node reads no larger number.` } : { ok: true, value: v };
    case "bool":
      return v === "true" || v === "false" ? { ok: true, value: method === "GET" ? v : v === "true" } : { ok: false, error: "true or false." };
    case "string":
      return { ok: true, value: method === "GET" ? JSON.stringify(v) : v };
    case "txB64": {
      const b64 = v.replace(/\s+/g, "");
      const problem = base64Problem(b64);
      if (problem) return { ok: false, error: problem };
      return { ok: true, value: method === "GET" ? `0x${toHex(fromBase64(b64))}` : b64 };
    }
    case "hashB64":
    case "hashHex":
      if (!/^[0-9a-fA-F]*$/.test(hex)) return { ok: false, error: "Hex digits only: 0–9 and a–f, 0x optional." };
      if (hex.length !== 64) return { ok: false, error: `A hash is 64 hex digits; this has ${hex.length}.` };
      return { ok: true, value: method === "GET" ? `0x${hex}` : kind === "hashB64" ? toBase64(fromHex(hex)) : hex };
    case "bytesHex":
      if (!/^[0-9a-fA-F]*$/.test(hex)) return { ok: false, error: "Hex digits only: 0–9 and a–f, 0x optional." };
      if (hex.length % 2 !== 0) return { ok: false, error: `Bytes are pairs of hex digits; this has ${hex.length} digits.` };
      return { ok: true, value: method === "GET" ? `0x${hex}` : hex };
  }
}

/**
 * What keeps text from being padded standard base64, the form the node decodes; undefined when
 * it is. Checked before decoding, because decoders throw on anything else.
 */
function base64Problem(text: string): string | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return "Base64 is A–Z, a–z, 0–9, + and /, with = or == only at the end.";
  if (text.length % 4 !== 0) return `Not whole base64 yet: ${text.length} character${text.length === 1 ? "" : "s"}, and base64 comes in groups of 4 (ending in = or == where needed).`;
  return undefined;
}
