import { useEffect, useState, useSyncExternalStore } from "react";
import { RATE_LIMIT_WAIT, rateLimitWaits, type RateLimitWaits, secondsLeft } from "../api/rate-limit-wait.js";

/** Seconds left of the user's read waiting for a node's rate limit, counting down; undefined when none waits. */
export function useRateLimitWait(waits: RateLimitWaits = rateLimitWaits): number | undefined {
  const until = useSyncExternalStore(waits.subscribe, waits.until, waits.until);
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    setNow(Date.now());
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until) clearInterval(timer);
    }, 500);
    return () => clearInterval(timer);
  }, [until]);
  return secondsLeft(until, now);
}

/**
 * " waiting for the node's rate limit (2 s)" beside a line that says what is being read, while
 * the user's read waits; nothing otherwise. A wait is normal on a public node: muted, no alarm.
 */
export function RateLimitWait({ waits }: { waits?: RateLimitWaits }) {
  const seconds = useRateLimitWait(waits);
  if (seconds === undefined) return null;
  return (
    <span className="muted" data-testid="rate-limit-wait">
      {" "}{RATE_LIMIT_WAIT}
      {/* Shown, not announced: a screen reader hears the wait once, not a count. */}
      <span aria-hidden="true"> ({seconds} s)</span>
    </span>
  );
}
