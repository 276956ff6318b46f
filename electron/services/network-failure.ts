/*
 * Why a connection failed, in words a user can act on. Node's fetch reports only a code
 * (`ECONNREFUSED`, `ENOTFOUND`) in its error's cause; the code is kept after the words, so an
 * operator can still search for it.
 */

const WORDS: Readonly<Record<string, string>> = {
  ECONNREFUSED: "connection refused: nothing is listening at that address and port",
  ENOTFOUND: "host not found: the name does not resolve (check the address)",
  EAI_AGAIN: "the host name could not be looked up just now (DNS did not answer)",
  EAI_NONAME: "host not found: the name does not resolve (check the address)",
  EAI_FAIL: "the host name lookup failed (DNS error)",
  ECONNRESET: "the connection was reset",
  EPIPE: "the connection was closed while sending",
  ETIMEDOUT: "the connection timed out",
  UND_ERR_CONNECT_TIMEOUT: "the connection timed out",
  UND_ERR_SOCKET: "the connection closed before an answer",
  UND_ERR_HEADERS_TIMEOUT: "no answer came in time",
  EHOSTUNREACH: "the host is unreachable from here",
  ENETUNREACH: "the network is unreachable from here",
  EADDRNOTAVAIL: "that address is not available from here",
  CERT_HAS_EXPIRED: "its TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "its TLS certificate is self-signed, so it is not trusted",
  SELF_SIGNED_CERT_IN_CHAIN: "its TLS certificate chain is self-signed, so it is not trusted",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "its TLS certificate could not be verified",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "its TLS certificate's issuer is not trusted here",
  ERR_TLS_CERT_ALTNAME_INVALID: "its TLS certificate is for another host name",
  EPROTO: "the TLS handshake failed (is it http, not https?)",
  ERR_SSL_WRONG_VERSION_NUMBER: "the TLS handshake failed (is it http, not https?)",
};

/** A resolver failure: asking the same name again at once only waits for the resolver again. */
const DNS: ReadonlySet<string> = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_NONAME", "EAI_FAIL"]);

export interface NetworkFailure {
  /** The system's code, when the failure carried one. */
  readonly code: string | undefined;
  /** What to show: the words and the code, or the code alone when it has no words here. */
  readonly reason: string;
  readonly dns: boolean;
}

/** Reads a failed `fetch`'s cause (`TypeError: fetch failed`, its `cause` a system error). */
export function networkFailure(error: unknown): NetworkFailure {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  const code = typeof cause?.code === "string" && /^[A-Z][A-Z0-9_]{1,40}$/.test(cause.code) ? cause.code : undefined;
  if (code !== undefined) {
    const words = WORDS[code];
    return { code, reason: words ? `${words} (${code})` : code, dns: DNS.has(code) };
  }
  return { code: undefined, reason: typeof cause?.message === "string" ? cause.message.slice(0, 200) : "network error", dns: false };
}
