/**
 * What watching costs the node: the RPC calls the watch adds per block (who signed, the
 * validator set, x/slashing) while the feed's websocket is live and while it only polls, the
 * calls of one probe of the nodes, and main's time to read one block into the watch.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Network } from "../../shared/contract/network.js";
import { createEventHub } from "../../electron/services/event-hub.js";
import { createBlockFeed } from "../../electron/services/live/block-feed.js";
import { registerChainHandlers } from "../../electron/services/rpc/chain-handlers.js";
import { createRpcTransport } from "../../electron/services/rpc/rpc-transport.js";
import { createProblemLog } from "../../electron/services/storage/problems.js";
import { openAlertHistory } from "../../electron/services/watch/alert-history.js";
import { nodeClient } from "../../electron/services/watch/node-client.js";
import { createWatch } from "../../electron/services/watch/watch-service.js";
import { openWatchStore } from "../../electron/services/watch/watch-store.js";
import type { Goal, Section } from "./section.js";
import { quantile } from "./stats.js";

/** Counts JSON-RPC calls by method, for the fetches it is given to. */
function countingFetch(counts: Map<string, number>): typeof fetch {
  return async (input, init) => {
    const body = typeof init?.body === "string" ? init.body : "";
    const method = /"method":"([a-z_]+)"/.exec(body)?.[1] ?? new URL(String(input instanceof Request ? input.url : input)).pathname.slice(1);
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

async function follow(rpc: string, chainId: string, validator: string, websocket: boolean, blocks: number): Promise<Run> {
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

export function watchSection(o: { blocks: number }): Section {
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
      const goals: Goal[] = [{ goal: "who signed each block: no RPC call per block while the websocket is live", measured: `${signing.toFixed(2)} calls per block`, met: signing === 0 }];
      const body = `\`${ctx.command}\`: the watch follows the bench devnet's one validator for ${o.blocks} blocks after a warm-up of 5, first with the feed's websocket live, then with polling only. Calls are JSON-RPC requests the watch made (the feed's own reads are not counted); x/slashing is read every 10 blocks (signing infos and staking validators: 2 \`abci_query\` each time, the params once). The probe is one round over the network's nodes (status, net_info, num_unconfirmed_txs, and commit at the common height; here one node, so no commit), every 10 s in the app. "Main's time per block" runs from the feed's \`chain.newBlock\` to the watch's \`watch.updated\` for that block, RPC answers included.

| feed | blocks | \`commit\` per block | \`validators\` per block | \`abci_query\` per block | calls of one probe | main's time per block, p50 / p90 (ms) |
|---|---|---|---|---|---|---|
${rows.join("\n")}
`;
      return { body, goals };
    },
  };
}
