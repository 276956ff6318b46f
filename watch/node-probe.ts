import type { WatchedNode } from "../shared/contract/watch.js";
import { ERROR_CODES } from "../shared/error-codes.js";

/** The reads the probe makes of one node (chain handlers over a transport to that node alone). */
export interface NodeClient {
  status(): Promise<{ moniker: string; version: string; height: string; earliestHeight: string; latestBlockTime: string; catchingUp: boolean; nodeId: string | null; validatorKey: WatchedNode["validatorKey"] }>;
  peers(): Promise<number>;
  mempoolTxs(): Promise<number>;
  /** The header's app hash and the block's hash at `height`. */
  hashesAt(height: string): Promise<{ appHash: string; blockHash: string }>;
}

export interface ProbeTarget {
  readonly url: string;
  readonly source: "network" | "user";
}

export interface ProbeOptions {
  readonly client: (url: string) => NodeClient;
  /** A node more than this many blocks behind the highest is lagging. */
  readonly lagBlocks: () => number;
  /** A node whose height has not moved for this long while another moved on has stopped. */
  readonly stoppedAfterMs: () => number;
  readonly now?: () => number;
}

/** What the probe concludes besides each node's row: the common height, and whether any node moved. */
export interface ProbeResult {
  readonly nodes: WatchedNode[];
  readonly comparedHeight: string | null;
}

const message = (e: unknown) => (e instanceof Error ? e.message : "failed").slice(0, 300);

/**
 * The node refused for load past the wait a read may make: the app's transport (RpcRateLimitedError)
 * and the service's client (node-rpc.ts) both say so with this code. It answered, so it is not down.
 */
const rateLimited = (e: unknown) => typeof e === "object" && e !== null && (e as { code?: unknown }).code === ERROR_CODES.rpcRateLimited;

type Status = Awaited<ReturnType<NodeClient["status"]>>;

/**
 * Every RPC node of a network side by side: each is asked for its status, peers and mempool, then
 * for its app hash and block hash at the height all the healthy ones have, so a node that forked
 * or lies is named with the height where it differs from the others.
 */
export function createNodeProbe(options: ProbeOptions) {
  const now = options.now ?? Date.now;
  /** Per node: the height it was last seen at and since when. */
  const progress = new Map<string, { height: bigint; since: number }>();
  /** The highest height any node answered, and since when: while it stands still, nobody moves on. */
  let topProgress: { height: bigint; since: number } | undefined;
  /** Per node: its last status answered, shown while it rate-limits; and since when it has (no answer between). */
  const lastStatus = new Map<string, Status>();
  const limitedSince = new Map<string, number>();

  return {
    async probe(targets: readonly ProbeTarget[]): Promise<ProbeResult> {
      const at = now();
      const rows = await Promise.all(
        targets.map(async (t) => {
          const client = options.client(t.url);
          const started = performance.now();
          try {
            const status = await client.status();
            const latencyMs = Math.round((performance.now() - started) * 10) / 10;
            const [peers, mempoolTxs] = await Promise.all([client.peers().catch(() => null), client.mempoolTxs().catch(() => null)]);
            return { t, client, status, latencyMs, peers, mempoolTxs, error: null, limited: false };
          } catch (error) {
            return { t, client, status: null, latencyMs: null, peers: null, mempoolTxs: null, error: message(error), limited: rateLimited(error) };
          }
        }),
      );
      const up = rows.filter((r) => r.status !== null);
      const top = up.reduce((m, r) => (BigInt(r.status!.height) > m ? BigInt(r.status!.height) : m), 0n);
      const lag = BigInt(options.lagBlocks());
      if (up.length > 0 && (!topProgress || top > topProgress.height)) topProgress = { height: top, since: at };
      // A node is stopped only while the others move on. When the chain halts every node stands
      // still, and one that was a block behind at that moment is not stopped: the chain is.
      const othersMoving = topProgress !== undefined && at - topProgress.since < options.stoppedAfterMs();
      const flags = new Map<string, Set<WatchedNode["flags"][number]>>(rows.map((r) => [r.t.url, new Set()]));
      for (const r of rows) {
        const f = flags.get(r.t.url)!;
        if (!r.status) {
          if (!r.limited) {
            f.add("down");
            // What a node said before it went down is not what it says now.
            limitedSince.delete(r.t.url);
            lastStatus.delete(r.t.url);
            continue;
          }
          // Refused for load: not down, and not stopped either, since its height was not read. Its
          // progress starts again when it answers, so the time it was refused is not a stop.
          f.add("rate_limited");
          if (!limitedSince.has(r.t.url)) limitedSince.set(r.t.url, at);
          progress.delete(r.t.url);
          continue;
        }
        limitedSince.delete(r.t.url);
        lastStatus.set(r.t.url, r.status);
        const height = BigInt(r.status.height);
        if (r.status.catchingUp) f.add("catching_up");
        if (top - height > lag) f.add("lagging");
        const seen = progress.get(r.t.url);
        if (!seen || seen.height !== height) progress.set(r.t.url, { height, since: at });
        // Stopped: the others moved on for the whole time after this node last moved. A node a block
        // behind when the chain halted stood still only one block longer than the others.
        else if (top > height && othersMoving && topProgress!.since - seen.since >= options.stoppedAfterMs()) f.add("stopped");
      }
      for (const m of [progress, lastStatus, limitedSince]) for (const url of m.keys()) if (!targets.some((t) => t.url === url)) m.delete(url);

      // The highest height every healthy node has: each is asked for its hashes there.
      const healthy = up.filter((r) => flags.get(r.t.url)!.size === 0);
      const common = healthy.length > 1 ? healthy.reduce((m, r) => (BigInt(r.status!.height) < m ? BigInt(r.status!.height) : m), top) : undefined;
      const compared = new Map<string, { appHash: string; blockHash: string }>();
      if (common !== undefined && common > 0n) {
        await Promise.all(
          up.map(async (r) => {
            if (BigInt(r.status!.height) < common || BigInt(r.status!.earliestHeight) > common) return; // not there yet, or pruned
            const hashes = await r.client.hashesAt(String(common)).catch(() => undefined);
            if (hashes) compared.set(r.t.url, { appHash: hashes.appHash.toUpperCase(), blockHash: hashes.blockHash.toUpperCase() });
          }),
        );
        const order = targets.map((t) => t.url);
        const appRef = majority(order.flatMap((u) => (compared.has(u) ? [compared.get(u)!.appHash] : [])));
        const blockRef = majority(order.flatMap((u) => (compared.has(u) ? [compared.get(u)!.blockHash] : [])));
        for (const [url, h] of compared) {
          if (appRef !== undefined && h.appHash !== appRef) flags.get(url)!.add("app_hash_mismatch");
          if (blockRef !== undefined && h.blockHash !== blockRef) flags.get(url)!.add("block_hash_mismatch");
        }
      }

      const nodes = rows.map((r): WatchedNode => {
        const c = compared.get(r.t.url);
        // A rate-limited node shows what it last answered; a node that is down, nothing.
        const known = r.status ?? (r.limited ? lastStatus.get(r.t.url) : undefined) ?? null;
        const since = limitedSince.get(r.t.url);
        return {
          url: r.t.url,
          source: r.t.source,
          up: r.status !== null || r.limited,
          error: r.error,
          moniker: known ? known.moniker.slice(0, 256) : null,
          version: known ? known.version.slice(0, 128) : null,
          height: known?.height ?? null,
          latestBlockTime: known?.latestBlockTime ?? null,
          catchingUp: known?.catchingUp ?? null,
          peers: r.peers,
          mempoolTxs: r.mempoolTxs,
          latencyMs: r.latencyMs,
          compared: c && common !== undefined ? { height: String(common), ...c } : null,
          flags: [...flags.get(r.t.url)!],
          nodeId: known?.nodeId ?? null,
          validatorKey: known?.validatorKey ?? null,
          checkedAt: new Date(at).toISOString(),
          rateLimitedSince: since === undefined ? null : new Date(since).toISOString(),
        };
      });
      return { nodes, comparedHeight: common === undefined ? null : String(common) };
    },
  };
}

/** The value most nodes give; on a tie, the one the first listed node gives (the network's own first). */
function majority(values: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | undefined;
  for (const v of values) if (best === undefined || counts.get(v)! > counts.get(best)!) best = v;
  return best;
}
