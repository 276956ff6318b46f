import { useEffect, useState } from "react";

/**
 * The whole seconds left before a held transaction leaves its undo window, ticking while it is
 * queued (0 once the window is over, or when it names none).
 */
export function useHoldLeft(status: string, holdUntil: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (status !== "queued") return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [status]);
  return holdUntil ? Math.max(0, Math.ceil((Date.parse(holdUntil) - now) / 1000)) : 0;
}
