import type { Monikers } from "../../../shared/cosmos/staking/queries.js";

/** Moniker answers kept per network and height: the staking state at a height never changes. */
export function createMonikerCache(limit = 32) {
  const entries = new Map<string, Promise<Monikers>>();
  return {
    get(networkId: string, height: string, read: () => Promise<Monikers>): Promise<Monikers> {
      const key = `${networkId}\u0000${height}`;
      const hit = entries.get(key);
      if (hit) return hit;
      const pending = read();
      entries.set(key, pending);
      // A failed read (node away) or a refusal (a height not reached yet) is not kept: ask again next time.
      pending.then((m) => m.available || entries.delete(key), () => entries.delete(key));
      if (entries.size > limit) entries.delete(entries.keys().next().value!);
      return pending;
    },
  };
}
