/** A string as one POSIX shell word: single-quoted, with embedded quotes closed and escaped. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export interface CurlInput {
  readonly endpoint: string;
  readonly route: string;
  readonly method: "GET" | "POST";
  readonly params: Readonly<Record<string, string | number | boolean>>;
  /** An access service wants its bearer token: named as a variable, never written out. */
  readonly viaAccess: boolean;
}

/**
 * The console call as a curl command: the URI form (GET, values as typed) or a JSON-RPC 2.0
 * body (POST). An access service's routes live under `/rpc`.
 */
export function buildCurl(input: CurlInput): string {
  const base = input.endpoint.replace(/\/+$/, "") + (input.viaAccess ? "/rpc" : "");
  const auth = input.viaAccess ? ` -H "Authorization: Bearer $COMETDESK_TOKEN"` : "";
  if (input.method === "GET") {
    const query = Object.entries(input.params).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join("&");
    return `curl -s${auth} ${shellQuote(`${base}/${input.route}${query ? `?${query}` : ""}`)}`;
  }
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: input.route, params: input.params });
  return `curl -s${auth} -X POST -H 'content-type: application/json' --data ${shellQuote(body)} ${shellQuote(base)}`;
}
