/**
 * Where an access token may travel. A token is bound to the origin (scheme, host, port) of the
 * access service it was set for, and never crosses a network in clear text unless the user
 * chose so for that network: plain http is fine to loopback only.
 */

/** Loopback hosts, as a URL's hostname spells them: `localhost`, 127.0.0.0/8 and `[::1]`. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === "localhost" || host === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** True when a token sent to `url` would cross a network unencrypted: plain http to another machine. */
export function tokenTravelsInClear(url: string): boolean {
  const parsed = new URL(url);
  return parsed.protocol === "http:" && !isLoopbackHost(parsed.hostname);
}

/** The origin a token is bound to. */
export function tokenOrigin(url: string): string {
  return new URL(url).origin;
}
