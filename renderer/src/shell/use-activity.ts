import { useEffect } from "react";
import { useApi } from "../api/api-context.js";

/** How often, at most, the window tells main the user is at it: well under the shortest idle time (1 minute). */
export const ACTIVITY_EVERY_MS = 15_000;

/** The inputs that are the user at the window; the live feed and polling never are. */
const INPUTS = ["keydown", "pointerdown", "wheel"] as const;

/**
 * While the wallet is unlocked, tells main that the user is at the window (`wallet.activity`), at
 * most once every ACTIVITY_EVERY_MS, so that the idle time in Settings runs from the user's last
 * key, click or scroll rather than from the last unlock or signature. The vault may so lock up to
 * that long before a full idle time has passed, never after it.
 */
export function useActivity(walletUnlocked: boolean): void {
  const api = useApi();
  useEffect(() => {
    if (!walletUnlocked) return;
    let last = Number.NEGATIVE_INFINITY;
    const seen = () => {
      const now = performance.now();
      if (now - last < ACTIVITY_EVERY_MS) return;
      last = now;
      void api.wallet.activity({});
    };
    for (const input of INPUTS) window.addEventListener(input, seen, { capture: true, passive: true });
    return () => {
      for (const input of INPUTS) window.removeEventListener(input, seen, { capture: true });
    };
  }, [api, walletUnlocked]);
}
