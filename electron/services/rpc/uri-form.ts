import { fromBase64, toHex } from "@cosmjs/encoding";

/**
 * JSON-RPC parameters → CometBFT's URI form (https://docs.cometbft.com/v0.38/rpc/). In the URI
 * form bytes are 0x-hex and strings are quoted; JSON-RPC takes base64 for []byte parameters but
 * plain hex for HexBytes ones (header_by_hash's hash, abci_query's data). See
 * docs/access-interface.md, "RPC parameter encodings".
 */
const BASE64_BYTES: Readonly<Record<string, readonly string[]>> = {
  tx: ["hash"],
  block_by_hash: ["hash"],
  broadcast_tx_sync: ["tx"],
  broadcast_tx_async: ["tx"],
  broadcast_tx_commit: ["tx"],
  check_tx: ["tx"],
};
const HEX_BYTES: Readonly<Record<string, readonly string[]>> = { header_by_hash: ["hash"], abci_query: ["data"] };
const QUOTED = new Set(["query", "path", "order_by"]);

/** The query string values for `route`, from parameters in their JSON-RPC encoding. */
export function toUriQuery(route: string, params: Readonly<Record<string, unknown>>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (typeof value === "number" || typeof value === "boolean") query[key] = String(value);
    else if (typeof value !== "string") throw new TypeError(`parameter ${key} of ${route} is not a primitive`);
    else if (BASE64_BYTES[route]?.includes(key)) query[key] = `0x${toHex(fromBase64(value))}`;
    else if (HEX_BYTES[route]?.includes(key)) query[key] = `0x${value}`;
    else if (QUOTED.has(key)) query[key] = JSON.stringify(value);
    else query[key] = value;
  }
  return query;
}

/** `route?k=v&…` with each value percent-encoded. */
export function uriPath(route: string, query: Readonly<Record<string, string>>): string {
  const q = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return q.length ? `${route}?${q.join("&")}` : route;
}
