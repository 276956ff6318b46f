/**
 * Endpoints that refused for load (a public RPC's 429, or a 503 that names a Retry-After) are
 * rested: not asked again until their rest is over, so a rate-limited proxy is not hammered and
 * the read goes to the network's next endpoint at once. One that keeps refusing rests longer.
 */

/** The longest rest a `Retry-After` or the back-off can ask for: a proxy's "come back in an hour" does not silence a node for an hour. */
export const MAX_REST_MS = 300_000;
/** The first rest when the refusal names no Retry-After; each refusal in a row doubles it. */
export const BASE_REST_MS = 2_000;

/**
 * How long a `Retry-After` asks to wait, in ms: delay-seconds or an HTTP-date
 * (RFC 9110 §10.2.3, https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3), capped at
 * MAX_REST_MS; undefined when absent or unreadable.
 */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d{1,10}$/.test(value)) return Math.min(MAX_REST_MS, Number(value) * 1_000);
  // An HTTP-date is IMF-fixdate or one of the two obsolete forms, all GMT; asctime's names no zone.
  const asctime = /^[A-Za-z]{3} [A-Za-z]{3} /.test(value);
  if (!/^[A-Za-z]{3,9}, /.test(value) && !asctime) return undefined;
  const at = Date.parse(asctime ? `${value} GMT` : value);
  if (Number.isNaN(at)) return undefined;
  return Math.min(MAX_REST_MS, Math.max(0, at - now));
}

export interface EndpointRests {
  /** Ms left of this endpoint's rest; 0 when it may be asked. */
  left(url: string): number;
  /** The endpoint refused for load: rests it (the Retry-After, or longer for one that keeps refusing) and says for how long. */
  refused(url: string, retryAfter: number | undefined): number;
  /** It answered: the next refusal starts from the first rest again. */
  answered(url: string): void;
}

/** The rests of one transport's endpoints; `now` is injectable so a test moves time rather than waiting. */
export function createEndpointRests(now: () => number = Date.now, initial: ReadonlyArray<{ url: string; restMs?: number }> = []): EndpointRests {
  const until = new Map<string, number>();
  const strikes = new Map<string, number>();
  for (const e of initial) if (e.restMs) until.set(e.url, now() + e.restMs);
  return {
    left: (url) => Math.max(0, (until.get(url) ?? 0) - now()),
    refused(url, retryAfter) {
      const strike = (strikes.get(url) ?? 0) + 1;
      strikes.set(url, strike);
      const backoff = BASE_REST_MS * 2 ** Math.min(strike - 1, 16);
      // The Retry-After the first time; past it, the back-off grows for an endpoint that keeps refusing.
      const rest = Math.min(MAX_REST_MS, strike === 1 && retryAfter !== undefined ? retryAfter : Math.max(retryAfter ?? 0, backoff));
      until.set(url, now() + rest);
      return rest;
    },
    answered(url) {
      strikes.delete(url);
      until.delete(url);
    },
  };
}
