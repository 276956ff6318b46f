/**
 * Where the WebSocket bridge is, when the renderer runs in a plain browser (`npm run dev:web`,
 * `npm start` without Electron, e2e): `?bridge=ws://127.0.0.1:P/&ticket=T`. The ticket is good
 * for one connection, which trades it for a session secret kept in this tab's sessionStorage
 * (so a reload reconnects); the page takes it out of its address at once, so neither the
 * address bar nor the history keeps it. No long-lived secret ever travels in the URL. The
 * fragment stays free for the page routes.
 */
export interface BridgeParams {
  readonly url: string;
  /** The link's one-time ticket; absent once the page has taken it out (a reload). */
  readonly ticket?: string;
}

/** The bridge parameters in a location's query string, or undefined when there are none. */
export function parseBridgeParams(search: string): BridgeParams | undefined {
  const params = new URLSearchParams(search);
  const url = params.get("bridge");
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  // Threat: a crafted link pointing the app at someone else's server. Loopback only.
  if (parsed.protocol !== "ws:" || !["127.0.0.1", "localhost", "[::1]"].includes(parsed.hostname)) return undefined;
  const ticket = params.get("ticket");
  return ticket && /^[0-9a-f]{64}$/.test(ticket) ? { url: parsed.href, ticket } : { url: parsed.href };
}

/** `href` without its ticket (and without any other credential a link could carry). */
export function withoutCredentials(href: string): string {
  const url = new URL(href);
  url.searchParams.delete("ticket");
  url.searchParams.delete("secret");
  return url.href;
}
