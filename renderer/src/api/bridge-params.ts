/**
 * Where the WebSocket bridge is, when the renderer runs in a plain browser (`npm run dev:web`,
 * e2e). They arrive in the URL fragment, `#bridge=ws://127.0.0.1:P/&secret=S`, which is never
 * sent to a server; the caller then removes them from the address bar and history.
 */
export interface BridgeParams {
  readonly url: string;
  readonly secret: string;
}

/** The bridge parameters in a location hash, or undefined when there are none. */
export function parseBridgeParams(hash: string): BridgeParams | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const url = params.get("bridge");
  const secret = params.get("secret");
  if (!url || !secret) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  // Threat: a crafted link pointing the app at someone else's server. Loopback only.
  if (parsed.protocol !== "ws:" || !["127.0.0.1", "localhost", "[::1]"].includes(parsed.hostname)) return undefined;
  return { url: parsed.href, secret };
}
