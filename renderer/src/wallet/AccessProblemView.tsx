import { useEffect, useMemo, useRef, useState } from "react";
import { errorMessage } from "../api/unwrap.js";
import { describeAccessProblem, waitText } from "./access-problem.js";

/**
 * A failed call as the user sees it: for the access service's errors, what happened, what to do
 * and the service's own words; a rate limit counts down its Retry-After and then retries by
 * itself. Any other error is shown as it is, with Try again.
 */
export function AccessProblemView({ error, networkName, onRetry, testId = "access-problem" }: { error: unknown; networkName: string; onRetry?: () => void; testId?: string }) {
  const problem = useMemo(() => describeAccessProblem(error, networkName), [error, networkName]);
  const left = useCountdown(problem?.action === "wait" ? problem : undefined, onRetry);
  if (!problem) {
    return (
      <div className="access-problem state-error" role="alert" data-testid={testId} data-kind="other">
        <p>{errorMessage(error)}</p>
        {onRetry && <div className="row"><button type="button" onClick={onRetry}>Try again</button></div>}
      </div>
    );
  }
  return (
    <div className="access-problem state-error" role="alert" data-testid={testId} data-kind={problem.kind}>
      <p><strong>{problem.title}.</strong> {left === undefined ? problem.text : waitText(left, onRetry !== undefined)}</p>
      {problem.detail && <p className="muted">The service said: {problem.detail}</p>}
      <div className="row">
        {problem.action === "networks" && <a className="button" href="#/networks">Set the token in Networks</a>}
        {problem.action === "retry" && onRetry && <button type="button" onClick={onRetry}>Try again</button>}
      </div>
    </div>
  );
}

/** Seconds left of a rate limit's wait, calling `done` once when they run out; undefined when not waiting. */
function useCountdown(wait: { readonly retryAfterSeconds?: number } | undefined, done: (() => void) | undefined): number | undefined {
  const [left, setLeft] = useState(wait?.retryAfterSeconds);
  const latest = useRef(done);
  latest.current = done;
  useEffect(() => {
    const seconds = wait?.retryAfterSeconds;
    if (seconds === undefined) return;
    const end = Date.now() + seconds * 1000;
    setLeft(seconds);
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(timer);
        latest.current?.();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [wait]);
  return wait?.retryAfterSeconds === undefined ? undefined : left;
}
