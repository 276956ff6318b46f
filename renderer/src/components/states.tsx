import { type ReactNode, useEffect, useState } from "react";
import { ERROR_CODES } from "../../../shared/error-codes.js";
import { failedWith } from "../api/failure.js";
import { errorMessage } from "../api/unwrap.js";
import { RateLimitWait, useRateLimitWait } from "./RateLimitWait.js";

/** After this long without an answer, the loading line says so and counts the seconds. */
export const SLOW_ANSWER_S = 3;

/** Whole seconds since the component mounted, counted once a second. */
function useSecondsWaited(): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return seconds;
}

/**
 * What a page shows while its first answer is on the way. A node that does not answer can take
 * its whole timeout (twice, with the one retry): past a few seconds the line says that no answer
 * has come yet and how long it has waited, so a silent node does not look like a stuck page. A
 * read waiting for a rate-limited node says that instead, with the seconds left.
 */
export function Loading({ what }: { what: string }) {
  const waited = useSecondsWaited();
  const rateLimited = useRateLimitWait() !== undefined;
  return (
    <p className="state-loading" aria-busy="true" role="status">
      <span className="spinner" aria-hidden="true" /> Loading {what}…
      {rateLimited && <RateLimitWait />}
      {!rateLimited && waited >= SLOW_ANSWER_S && (
        <>
          {" "}no answer yet
          {/* Shown, not announced: a screen reader hears "no answer yet" once, not a count. */}
          <span aria-hidden="true" data-testid="loading-waited"> ({waited} s)</span>
        </>
      )}
    </p>
  );
}

/**
 * A failed read, with why and a retry; main refetches it by itself when the node comes back. A
 * route the node does not have is no failure: its page says so in words, with nothing to retry.
 */
export function ErrorState({ what, error, retry }: { what: string; error: unknown; retry?: () => void }) {
  if (failedWith(error, ERROR_CODES.rpcRouteMissing)) {
    return (
      <p className="state-empty muted" data-testid="route-missing">
        {what.charAt(0).toUpperCase() + what.slice(1)} cannot be shown: {errorMessage(error)}.
      </p>
    );
  }
  return (
    <div role="alert" className="state-error card">
      <p>
        Could not load {what}: {errorMessage(error)}
      </p>
      {retry && (
        <button type="button" className="secondary" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="state-empty muted">{children}</p>;
}

interface QueryLike<T> {
  readonly data: T | undefined;
  readonly error: unknown;
  readonly isPending: boolean;
  readonly refetch: () => unknown;
}

/** Loading, error or the data: the three states every explorer section has. */
export function QueryView<T>({ query, what, children }: { query: QueryLike<T>; what: string; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) return <ErrorState what={what} error={query.error} retry={() => void query.refetch()} />;
  return <Loading what={what} />;
}

/** A definition list of label/value pairs; values are React nodes, strings render as text. */
export function Facts({ rows, testId }: { rows: ReadonlyArray<readonly [string, ReactNode]>; testId?: string }) {
  return (
    <dl className="facts" data-testid={testId}>
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd data-fact={k}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
