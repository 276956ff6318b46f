import { useEffect, useRef } from "react";
import { useApi } from "../../../api/api-context.js";

/**
 * Runs `forget` the moment main says the wallet locked (by the user, or idle), before the
 * window has asked for the new status: a secret on screen goes with the lock, not a round trip later.
 */
export function useOnLock(forget: () => void): void {
  const api = useApi();
  const latest = useRef(forget);
  latest.current = forget;
  useEffect(() => api.on("wallet.lockChanged", (change) => {
    if (change.locked) latest.current();
  }), [api]);
}
