/**
 * Clients main keeps for one network at a time (a direct sender's node client, a watched
 * network's chain handlers): made on first use, kept while the network keeps the same endpoints,
 * and released when its endpoints change or it is deleted, so an app left open for a week holds
 * clients only for the networks it has.
 */
export interface PerNetwork<V> {
  /** The value kept for `networkId`, made anew (the old one released) when `key` changed. */
  get(networkId: string, key: string, make: (onRelease: (release: Release) => void) => V): V;
  /** Releases and forgets every network not in `ids`. */
  keepOnly(ids: Iterable<string>): void;
  /** Releases everything. */
  clear(): void;
  /** How many networks have a value kept. */
  size(): number;
}

/** Frees what a value holds; one that returns a promise is not waited for, its failure is reported. */
export type Release = () => void | Promise<void>;

interface Entry<V> {
  readonly key: string;
  readonly value: V;
  readonly releases: Release[];
}

export function perNetwork<V>(onReleaseError?: (error: unknown) => void): PerNetwork<V> {
  const entries = new Map<string, Entry<V>>();
  const release = (entry: Entry<V>) => {
    for (const r of entry.releases.splice(0)) {
      try {
        void r()?.catch((e: unknown) => onReleaseError?.(e));
      } catch (e) {
        onReleaseError?.(e);
      }
    }
  };
  const drop = (id: string) => {
    const entry = entries.get(id);
    if (!entry) return;
    entries.delete(id);
    release(entry);
  };
  return {
    get(networkId, key, make) {
      const known = entries.get(networkId);
      if (known?.key === key) return known.value;
      const releases: Release[] = [];
      // Made before the old one is dropped: a make that throws leaves the old value in place.
      const value = make((r) => releases.push(r));
      if (known) drop(networkId);
      entries.set(networkId, { key, value, releases });
      return value;
    },
    keepOnly(ids) {
      const keep = new Set(ids);
      for (const id of [...entries.keys()]) if (!keep.has(id)) drop(id);
    },
    clear() {
      for (const id of [...entries.keys()]) drop(id);
    },
    size: () => entries.size,
  };
}
