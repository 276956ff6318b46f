/** The part of `chain.blockchain` this needs: block metas of minHeight..maxHeight (a node gives at most 20). */
export type BlockchainRead = (a: { minHeight: string; maxHeight: string }) => Promise<{ blockMetas: ReadonlyArray<{ header: { height: string; time: string } }> }>;

/** A node answers `blockchain` with at most this many blocks. */
const SPAN = 20n;
/** Calls in flight at once for one list: a page of 100 transactions at scattered heights asks up to 100. */
const PARALLEL = 4;
/** Heights kept per network: a block's time never changes, so a kept one is never asked again. */
const KEEP = 4_096;

/**
 * Block times by height, for transactions `tx_search` found (it gives heights, not times). Heights
 * within one span of 20 share a `blockchain` call; times are kept, so a list refreshed after each
 * block asks only for the new heights. A height no node gives (pruned, or a node that fails) is
 * left out of the answer rather than failing the list: the row then shows no time.
 *
 * A real chain never makes a height twice, but a local one wiped and started again under the same
 * chain id does. An answer that gives a kept height another time says so: everything kept is
 * dropped then, and the heights of that call are read again.
 */
export function createBlockTimes(node: BlockchainRead, keep = KEEP) {
  const known = new Map<string, string>();
  /** Keeps a block's time; false when a different time was kept for that height (the chain was started again). */
  const remember = (height: string, time: string): boolean => {
    const before = known.get(height);
    if (before !== undefined && !sameTime(before, time)) {
      known.clear();
      known.set(height, time);
      return false;
    }
    if (before !== undefined) known.delete(height);
    known.set(height, time);
    while (known.size > keep) known.delete(known.keys().next().value!);
    return true;
  };
  const read = async (heights: Iterable<string>, again: boolean): Promise<ReadonlyMap<string, string>> => {
    let restarted = false;
    const wanted = [...new Set(heights)].filter((h) => /^[1-9]\d{0,18}$/.test(h));
    const out = new Map<string, string>();
    const missing: bigint[] = [];
    for (const h of wanted) {
      const time = known.get(h);
      if (time === undefined) missing.push(BigInt(h));
      else out.set(h, time);
    }
    // Highest first; each call covers its highest missing height and the 19 below it.
    missing.sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
    const spans: Array<{ min: bigint; max: bigint }> = [];
    for (const h of missing) {
      const last = spans.at(-1);
      if (last && h >= last.min) continue;
      spans.push({ min: h - SPAN + 1n > 0n ? h - SPAN + 1n : 1n, max: h });
    }
    const wantedSet = new Set(wanted);
    let next = 0;
    const worker = async () => {
      while (next < spans.length) {
        const span = spans[next++]!;
        try {
          const { blockMetas } = await node({ minHeight: String(span.min), maxHeight: String(span.max) });
          for (const meta of blockMetas) {
            const h = BigInt(meta.header.height);
            if (h < span.min || h > span.max) continue; // a node's answer outside what was asked is not trusted
            if (!remember(meta.header.height, meta.header.time)) restarted = true;
            if (wantedSet.has(meta.header.height)) out.set(meta.header.height, meta.header.time);
          }
        } catch {
          // The rows of this span show no time; the list itself stands.
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, spans.length) }, worker));
    // Times taken from what was kept may be the old chain's: read them all again, once.
    return restarted && again ? read(wanted, false) : out;
  };
  return async function blockTimes(heights: Iterable<string>): Promise<ReadonlyMap<string, string>> {
    return read(heights, true);
  };
}

/** Two nodes may write one block's time with more or fewer digits of its fraction. */
const sameTime = (a: string, b: string) => a === b || (Number.isFinite(Date.parse(a)) && Date.parse(a) === Date.parse(b));
