import { lookup as dnsLookup, type LookupAddress } from "node:dns";

/** What `net.connect`'s `lookup` option is called with (undici passes it through to `net`). */
type LookupOptions = { readonly family?: number | string; readonly all?: boolean };
type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

export interface LookupCacheOptions {
  /** How long a resolved name is reused. */
  readonly ttlMs?: number;
  /** How long a name that did not resolve is answered from the cache: a burst gets one failure, not one lookup each. */
  readonly failureTtlMs?: number;
  /** The most names kept; the oldest goes first. */
  readonly maxEntries?: number;
  readonly resolve?: (hostname: string) => Promise<LookupAddress[]>;
  readonly now?: () => number;
}

const systemResolve = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) => dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/**
 * A name lookup for the RPC client's connections that asks the system's resolver once per name
 * at a time and keeps the answer briefly. A page asks a node for a dozen things at once; without
 * it, each connection looked the name up again, and a resolver that drops some of a burst
 * answers those only after its own timeout (5 s with glibc's defaults), once per attempt.
 */
export function createLookupCache(options: LookupCacheOptions = {}) {
  const ttlMs = options.ttlMs ?? 30_000;
  const failureTtlMs = options.failureTtlMs ?? 5_000;
  const maxEntries = options.maxEntries ?? 256;
  const resolve = options.resolve ?? systemResolve;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { readonly result: Promise<LookupAddress[]>; expires: number }>();

  const addresses = (hostname: string): Promise<LookupAddress[]> => {
    const key = hostname.toLowerCase();
    const hit = entries.get(key);
    if (hit && now() < hit.expires) return hit.result;
    entries.delete(key);
    const result = resolve(key);
    // While it is being asked, every connection to the name waits for the same answer.
    const entry = { result, expires: Number.POSITIVE_INFINITY };
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    result.then(
      () => (entry.expires = now() + ttlMs),
      () => (entry.expires = now() + failureTtlMs),
    );
    return result;
  };

  return {
    lookup(hostname: string, lookupOptions: LookupOptions, callback: LookupCallback): void {
      const family = lookupOptions.family === 4 || lookupOptions.family === "IPv4" ? 4 : lookupOptions.family === 6 || lookupOptions.family === "IPv6" ? 6 : 0;
      addresses(hostname).then(
        (all) => {
          const usable = family === 0 ? all : all.filter((a) => a.family === family);
          if (usable.length === 0) {
            const error: NodeJS.ErrnoException = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND", hostname });
            return callback(error, "");
          }
          if (lookupOptions.all) callback(null, usable);
          else callback(null, usable[0]!.address, usable[0]!.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, ""),
      );
    },
    /** How many names are kept (answered or being asked). */
    size: () => entries.size,
  };
}
