/**
 * What watching costs the node: the RPC calls the watch adds per block (who signed, the
 * validator set, x/slashing) while the feed's websocket is live and while it only polls, the
 * calls of one probe of the nodes, and main's time to read one block into the watch; then what
 * it costs main over minutes: five watched validators on a four-validator devnet, the app's
 * intervals, CPU, memory and every call the watch makes counted at its transport.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Network } from "../../shared/contract/network.js";
import { reset, up } from "../../devnet/lib/devnet.js";
import { layoutFromEnv, repoRoot } from "../../devnet/lib/layout.js";
import { consoleProgress } from "../../devnet/lib/progress.js";
import { createEventHub } from "../../electron/services/event-hub.js";
import { createBlockFeed } from "../../electron/services/live/block-feed.js";
import { registerChainHandlers } from "../../electron/services/rpc/chain-handlers.js";
import { createRpcTransport } from "../../electron/services/rpc/rpc-transport.js";
import { createProblemLog } from "../../electron/services/storage/problems.js";
import { openAlertHistory } from "../../watch/alert-history.js";
import { nodeClient } from "../../electron/services/watch/node-client.js";
import { createWatch } from "../../watch/watch-service.js";
import { openWatchStore } from "../../watch/watch-store.js";
import type { Goal, Section } from "./section.js";
import { quantile } from "./stats.js";

/** Counts JSON-RPC calls by method (under `prefix`), for the fetches it is given to. */
function countingFetch(counts: Map<string, number>, prefix = ""): typeof fetch {
  return async (input, init) => {
    const body = typeof init?.body === "string" ? init.body : "";
    const method = prefix + (/"method":"([a-z_]+)"/.exec(body)?.[1] ?? new URL(String(input instanceof Request ? input.url : input)).pathname.slice(1));
    counts.set(method, (counts.get(method) ?? 0) + 1);
    return fetch(input, init);
  };
}

interface Run {
  readonly mode: string;
  readonly blocks: number;
  readonly calls: Map<string, number>;
  readonly perBlockMs: number[];
}

/** The watch following `validator` on its own for `blocks` blocks: its calls and main's time per block. */
export async function follow(rpc: string, chainId: string, validator: string, websocket: boolean, blocks: number): Promise<Run> {
  const calls = new Map<string, number>();
  const events = createEventHub();
  const chain = registerChainHandlers({
    transport: createRpcTransport({ endpoints: () => [{ url: rpc, kind: "node" }], fetchImpl: countingFetch(calls) }),
    defaultMethod: () => "POST",
    connection: () => ({ networkId: "bench", endpoint: null, state: "idle", lastHeight: null, reason: null }),
  });
  // The feed's own reads go through a transport of their own: only the watch's calls are counted.
  const feedChain = registerChainHandlers({ transport: createRpcTransport({ endpoints: () => [{ url: rpc, kind: "node" }] }), defaultMethod: () => "POST", connection: () => ({ networkId: "bench", endpoint: null, state: "idle", lastHeight: null, reason: null }) });
  const feed = createBlockFeed({ events, pollIntervalMs: () => 250 });
  const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-bench-watch-"));
  const problems = createProblemLog();
  const store = openWatchStore(dataDir, problems);
  const probeCalls = new Map<string, number>();
  const watch = createWatch({
    events, store, history: openAlertHistory(dataDir, problems), chain: () => chain,
    commitFromFeed: (id, h) => feed.commitOf(id, h),
    nodeClient: (url) => nodeClient(url, 3000, countingFetch(probeCalls)),
    probeIntervalMs: 3_600_000, // one probe, at the start, measured on its own
  });
  const network: Network = { id: "bench", name: "bench", chainId, accessUrl: null, rpcUrls: [rpc], bech32Prefix: "cosmos", denoms: [], defaultDenom: "ucomet", rpcVia: "direct", source: "user" };
  store.update("bench", (c) => ({ ...c, validators: [{ address: validator, ref: validator, label: "" }] }));
  const perBlockMs: number[] = [];
  let started = 0;
  events.listen((event) => {
    if (event === "chain.newBlock") started = performance.now();
    if (event === "watch.updated" && started) perBlockMs.push(performance.now() - started);
  });
  try {
    feed.start({
      networkId: "bench",
      websocketUrl: websocket ? `${rpc.replace(/^http/, "ws")}/websocket` : undefined,
      latestHeight: async () => BigInt((await feedChain.status({})).syncInfo.latestBlockHeight),
      blocks: async (min, max) => (await feedChain.blockchain({ minHeight: String(min), maxHeight: String(max) })).blockMetas.map((m) => ({ height: m.header.height, hash: m.blockId.hash, time: m.header.time, numTxs: m.numTxs, proposerAddress: m.header.proposerAddress })),
    });
    watch.follow(network);
    // Warm up: the websocket opens, the first frame's set hash is learnt, the first probe is done.
    const deadline = Date.now() + 60_000;
    while (watch.stats().blocks < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await watch.idle();
    calls.clear();
    perBlockMs.length = 0;
    const from = watch.stats().blocks;
    const end = Date.now() + blocks * 5_000 + 30_000;
    while (watch.stats().blocks - from < blocks && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    await watch.idle();
    const probe = new Map(probeCalls);
    return { mode: websocket ? "websocket live" : "polling only", blocks: watch.stats().blocks - from, calls: new Map([...calls, ...[...probe].map(([k, v]): [string, number] => [`probe: ${k}`, v])]), perBlockMs };
  } finally {
    watch.stop();
    feed.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Cost {
  readonly minutes: number;
  readonly blocks: number;
  readonly cpuPercent: number;
  readonly rss: { first: number; last: number; max: number };
  readonly heap: { first: number; last: number; max: number };
  readonly calls: Map<string, number>;
  readonly alerts: number;
}

/**
 * Main's watch as the app runs it (10 s probes of every node, x/slashing every 10 blocks, the
 * chain every 100) over `minutes` on a four-validator devnet of its own: its four validators and
 * a fifth address that is in no set watched, every node probed. CPU and memory are this
 * process's, which holds only the feed and the watch (the chain runs in its own processes).
 */
async function cost(offset: number, minutes: number): Promise<Cost> {
  const layout = layoutFromEnv({ ...process.env, COMETDESK_DEVNET_DIR: join(repoRoot, ".devnet-bench-watch"), COMETDESK_DEVNET_PORT_OFFSET: String(offset) });
  await reset(layout);
  const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-bench-watch-cost-"));
  try {
    const { info } = await up(layout, { validators: 4 }, consoleProgress());
    const rpcs = info.nodes.map((n) => n.rpc);
    const calls = new Map<string, number>();
    const events = createEventHub();
    const connection = () => ({ networkId: "cost", endpoint: null, state: "idle" as const, lastHeight: null, reason: null });
    const chain = registerChainHandlers({ transport: createRpcTransport({ endpoints: () => rpcs.map((url) => ({ url, kind: "node" as const })), fetchImpl: countingFetch(calls) }), defaultMethod: () => "POST", connection });
    const feedChain = registerChainHandlers({ transport: createRpcTransport({ endpoints: () => rpcs.map((url) => ({ url, kind: "node" as const })) }), defaultMethod: () => "POST", connection });
    const feed = createBlockFeed({ events, pollIntervalMs: () => 2_000 });
    const problems = createProblemLog();
    const store = openWatchStore(dataDir, problems);
    let alerts = 0;
    events.listen((event) => event === "watch.alert" && alerts++);
    const watch = createWatch({
      events, store, history: openAlertHistory(dataDir, problems), chain: () => chain,
      commitFromFeed: (id, h) => feed.commitOf(id, h),
      nodeClient: (url) => nodeClient(url, 3000, countingFetch(calls, "probe: ")),
    });
    const addresses = await Promise.all(rpcs.map(async (url) => ((await (await fetch(url, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "status", params: {} }) })).json()) as { result: { validator_info: { address: string } } }).result.validator_info.address.toUpperCase()));
    const watched = [...addresses, "AB".repeat(20)];
    store.update("cost", (c) => ({ ...c, validators: watched.map((address, i) => ({ address, ref: address, label: `v${i}` })) }));
    const network: Network = { id: "cost", name: "cost", chainId: info.chainId, accessUrl: null, rpcUrls: rpcs, bech32Prefix: info.bech32Prefix, denoms: [], defaultDenom: info.denom, rpcVia: "direct", source: "user" };
    feed.start({
      networkId: "cost",
      websocketUrl: `${rpcs[0]!.replace(/^http/, "ws")}/websocket`,
      latestHeight: async () => BigInt((await feedChain.status({})).syncInfo.latestBlockHeight),
      blocks: async (min, max) => (await feedChain.blockchain({ minHeight: String(min), maxHeight: String(max) })).blockMetas.map((m) => ({ height: m.header.height, hash: m.blockId.hash, time: m.header.time, numTxs: m.numTxs, proposerAddress: m.header.proposerAddress })),
    });
    watch.follow(network);
    try {
      const warm = Date.now() + 60_000;
      while (watch.stats().blocks < 5 && Date.now() < warm) await new Promise((r) => setTimeout(r, 100));
      await watch.idle();
      calls.clear();
      const from = watch.stats().blocks;
      const rss: number[] = [];
      const heap: number[] = [];
      const sample = () => {
        const m = process.memoryUsage();
        rss.push(m.rss);
        heap.push(m.heapUsed);
      };
      sample();
      const cpu = process.cpuUsage();
      const started = performance.now();
      const end = Date.now() + minutes * 60_000;
      while (Date.now() < end) {
        await new Promise((r) => setTimeout(r, Math.min(15_000, Math.max(0, end - Date.now()))));
        sample();
      }
      await watch.idle();
      const used = process.cpuUsage(cpu);
      const wall = performance.now() - started;
      const span = (xs: number[]) => ({ first: xs[0]!, last: xs[xs.length - 1]!, max: Math.max(...xs) });
      return { minutes, blocks: watch.stats().blocks - from, cpuPercent: ((used.user + used.system) / 1000 / wall) * 100, rss: span(rss), heap: span(heap), calls: new Map(calls), alerts };
    } finally {
      watch.stop();
      feed.stop();
    }
  } finally {
    await reset(layout);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function watchSection(o: { blocks: number; minutes: number; costOffset: number }): Section {
  return {
    id: "watch",
    heading: "Watch",
    async run(ctx) {
      const w = await ctx.world();
      const status = (await (await fetch(w.rpc, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "status", params: {} }) })).json()) as { result: { validator_info: { address: string } } };
      const validator = status.result.validator_info.address.toUpperCase();
      const runs = [await follow(w.rpc, w.info.chainId, validator, true, o.blocks), await follow(w.rpc, w.info.chainId, validator, false, o.blocks)];
      const perBlock = (r: Run, methods: string[]) => methods.reduce((n, m) => n + (r.calls.get(m) ?? 0), 0) / Math.max(1, r.blocks);
      const rows = runs.map((r) => {
        const probe = [...r.calls].filter(([k]) => k.startsWith("probe: ")).reduce((n, [, v]) => n + v, 0);
        return `| ${r.mode} | ${r.blocks} | ${perBlock(r, ["commit"]).toFixed(2)} | ${perBlock(r, ["validators"]).toFixed(2)} | ${perBlock(r, ["abci_query"]).toFixed(2)} | ${probe} | ${quantile(r.perBlockMs, 0.5).toFixed(1)} / ${quantile(r.perBlockMs, 0.9).toFixed(1)} |`;
      });
      const live = runs[0]!;
      const signing = perBlock(live, ["commit", "validators"]);
      const c = await cost(o.costOffset, o.minutes);
      const mb = (b: number) => (b / 2 ** 20).toFixed(1);
      const all = [...c.calls.values()].reduce((n, v) => n + v, 0);
      const byBlock = [...c.calls.entries()].filter(([k]) => !k.startsWith("probe: ")).reduce((n, [, v]) => n + v, 0);
      const costRows = [...c.calls.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `| \`${k}\` | ${v} | ${(v / Math.max(1, c.blocks)).toFixed(3)} |`);
      const goals: Goal[] = [
        { goal: "who signed each block: no RPC call per block while the websocket is live", measured: `${signing.toFixed(2)} calls per block`, met: signing === 0 },
        { goal: `watching adds at most one RPC call per block beyond the feed (block reads; the node probes aside), 5 validators, ${c.minutes} min`, measured: `${(byBlock / Math.max(1, c.blocks)).toFixed(2)} calls per block`, met: byBlock / Math.max(1, c.blocks) <= 1 },
      ];
      const body = `\`${ctx.command}\`: the watch follows the bench devnet's one validator for ${o.blocks} blocks after a warm-up of 5, first with the feed's websocket live, then with polling only. Calls are JSON-RPC requests the watch made (the feed's own reads are not counted); x/slashing is read every 10 blocks (signing infos and staking validators: 2 \`abci_query\` each time, the params once). The probe is one round over the network's nodes (status, net_info, num_unconfirmed_txs, and commit at the common height; here one node, so no commit), every 10 s in the app. "Main's time per block" runs from the feed's \`chain.newBlock\` to the watch's \`watch.updated\` for that block, RPC answers included.

| feed | blocks | \`commit\` per block | \`validators\` per block | \`abci_query\` per block | calls of one probe | main's time per block, p50 / p90 (ms) |
|---|---|---|---|---|---|---|
${rows.join("\n")}

**What it costs main over time.** ${c.minutes} minutes with five watched validators on a four-validator devnet of the bench's own (its four validators and one address that is in no set), at the app's intervals: the four nodes probed every 10 s, x/slashing every 10 blocks, the upgrade plan and proposals every 100. The chain runs in its own processes; this one holds the feed and the watch, and also the bench runner and whatever the section's first part and the bench's world left in it, so its memory is an upper bound for the watch and the figure to read is first against last. CPU is its user and system time over the wall time, memory sampled every 15 s (no forced GC). The fifth address is in no set, so it raises one \`inactive\` alert. Calls are counted at the watch's transports (the feed's own reads, one \`blockchain\` per block and a \`status\` poll, are not).

| blocks | CPU (% of one core) | RSS first / last / max (MiB) | heap used first / last / max (MiB) | alerts |
|---|---|---|---|---|
| ${c.blocks} | ${c.cpuPercent.toFixed(2)} | ${mb(c.rss.first)} / ${mb(c.rss.last)} / ${mb(c.rss.max)} | ${mb(c.heap.first)} / ${mb(c.heap.last)} / ${mb(c.heap.max)} | ${c.alerts} |

| call | count | per block |
|---|---|---|
${costRows.join("\n")}
| all | ${all} | ${(all / Math.max(1, c.blocks)).toFixed(3)} |
`;
      return { body, goals };
    },
  };
}
