/**
 * Where the WebSocket bridge is, when the renderer runs in a plain browser (`npm run dev:web`,
 * `npm start` without Electron, e2e): `?bridge=ws://127.0.0.1:P/&secret=S`. They stay in the
 * URL so a reload reconnects; the secret is random per run and the bridge listens on loopback
 * only. The fragment stays free for the page routes.
 */
export interface BridgeParams {
  readonly url: string;
  readonly secret: string;
}

/** The bridge parameters in a location's query string, or undefined when there are none. */
export function parseBridgeParams(search: string): BridgeParams | undefined {
  const params = new URLSearchParams(search);
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
