import { isIP } from "node:net";

/** Whether `host` can only be reached from this machine: 127.0.0.0/8, ::1 or localhost. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (h === "localhost") return true;
  if (isIP(h) === 4) return h.startsWith("127.");
  if (isIP(h) === 6) return h === "::1" || h === "0:0:0:0:0:0:0:1" || /^::ffff:127\./.test(h);
  return false;
}

/**
 * Why the API must not listen where it was asked to, or undefined when it may. Threat: an API
 * that acknowledges and snoozes alerts and edits the watch list, reachable from a network, with no
 * token or with the token crossing that network in clear text.
 */
export function bindRefusal(o: { host: string; token: boolean; tls: boolean; insecurePublic: boolean }): string | undefined {
  if (isLoopback(o.host)) return undefined;
  if (!o.token) return `refusing to listen on ${o.host}: it is not a loopback address, and the config has no "token". Set "token" (and "tls"), or listen on 127.0.0.1.`;
  if (!o.tls && !o.insecurePublic) {
    return `refusing to listen on ${o.host} without TLS: the bearer token would cross the network in clear text. Set "tls" ({"certFile","keyFile"}), put a TLS proxy in front and listen on 127.0.0.1, or pass --insecure-public to accept it.`;
  }
  return undefined;
}
