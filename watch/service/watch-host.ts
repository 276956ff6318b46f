import { mkdirSync } from "node:fs";
import type { Logger } from "pino";
import type { Network } from "../../shared/contract/network.js";
import type { WatchConfig } from "../../shared/contract/watch.js";
import { createEventHub } from "../../shared/event-hub.js";
import type { EventPayload } from "../../shared/events.js";
import { createProblemLog } from "../../storage/problems.js";
import { createDurableRoutes } from "../routes/durable-routes.js";
import { openAlertHistory } from "../alert-history.js";
import { BACKLOG, createWatch } from "../watch-service.js";
import { openWatchProgress } from "../watch-progress.js";
import { openWatchStore } from "../watch-store.js";
import type { WebhookSender } from "../webhook.js";
import { createAlertChanges } from "./alert-changes.js";
import { networkOf, type ServiceConfig, type ServiceNetwork } from "./config.js";
import { networkRpcReads, type NetworkRpcReads, nodeRpcClient } from "./node-rpc.js";

/** One network's block follow: its newest height asked for every poll, each new block handed to the watch. */
interface Follow {
  readonly network: Network;
  readonly reads: NetworkRpcReads;
  last: bigint | undefined;
  lastError: string | null;
  /** The latest followed block's header time (ms), or null before the first. */
  lastBlockTime: number | null;
  timer: NodeJS.Timeout | undefined;
  /** Blocks let go at start because the service was down longer than the watch's backlog covers. */
  skippedAtStart: number;
}

/**
 * The watch hosted headless: the same watch as the app's (watch/watch-service.ts), its state in
 * the data folder (the watch list, rules and webhook in `watch.json`, the alert history and
 * snoozes in `watch-alerts.json`, each network's last block done and signing record in
 * `watch-progress.json`, each route's deliveries in `deliveries/`; each written whole and
 * fsynced), each network's blocks read by polling its nodes over JSON-RPC (node-rpc.ts). After a
 * restart, even a SIGKILL, it carries on from the block after the last one done, announces
 * nothing the history already holds, and sends what was waiting (docs/watch-service.md, "State").
 */
export async function startWatchHost(config: ServiceConfig, log: Logger) {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const problems = createProblemLog();
  const store = openWatchStore(config.dataDir, problems);
  const history = openAlertHistory(config.dataDir, problems);
  const progress = openWatchProgress(config.dataDir, problems);
  progress.keepOnly(config.networks.map((n) => n.id));
  const follows = new Map<string, Follow>();
  for (const n of config.networks) {
    const done = progress.get(n.id)?.height;
    follows.set(n.id, { network: networkOf(n), reads: networkRpcReads(n.rpcUrls), last: done === undefined ? undefined : BigInt(done), lastError: null, lastBlockTime: null, timer: undefined, skippedAtStart: 0 });
  }
  const routes = createDurableRoutes({
    dataDir: config.dataDir,
    problems,
    routes: config.routes,
    networkIds: config.networks.map((n) => n.id),
    webhookOf: (id) => store.get(id).webhook,
    networkName: (id) => follows.get(id)?.network.name ?? id,
    history,
    onJournalError: (target, error) => log.error({ err: error instanceof Error ? error.message : String(error) }, `the deliveries of ${target} could not be journaled`),
  });
  for (const p of problems.list()) log.warn({ file: p.file, keptAs: p.keptAs }, `a stored file could not be read and was kept aside: ${p.reason}`);
  const events = createEventHub((e) => log.error({ err: e }, "an event listener failed"));
  // Each network's webhook is one of the durable routes; the watch's own sender only reports their last failure.
  const webhook: WebhookSender = { send: () => {}, lastError: () => routes.webhookError(), settled: () => routes.settled() };
  // Every fired and cleared alert reaches the routes through the watch's own event; delivery only queues.
  // …and the change stream the app reads (GET /v1/changes).
  const changes = createAlertChanges({ history: () => history.all() });
  const unlistenRoutes = events.listen((event, payload) => {
    if (event === "watch.alert") {
      const p = payload as EventPayload<"watch.alert">;
      routes.alert(p.change, p.alert);
      changes.add(p);
    }
  });
  const watch = createWatch({
    events,
    store,
    history,
    chain: (network) => follows.get(network.id)!.reads.chain,
    commitFromFeed: () => undefined,
    nodeClient: (url) => nodeRpcClient(url),
    webhook,
    probeIntervalMs: config.probeIntervalMs,
    onInternalError: (what, error) => log.warn({ err: error instanceof Error ? error.message : String(error) }, what),
    restoredRecord: (id) => progress.get(id)?.record,
    // The block's alerts are in the history and its messages journaled by now: its place can be kept.
    onBlockDone: (id, height, record) => {
      try {
        const watched = new Set(store.get(id).validators.map((v) => v.address));
        progress.save(id, height, record.snapshot((address) => watched.has(address)));
      } catch (error) {
        log.error({ err: error instanceof Error ? error.message : String(error) }, `the watch's place on ${id} could not be saved`);
      }
    },
  });

  for (const n of config.networks) await seed(n);

  /** The config file's watch list and rules, stored the first time a network is seen; after that the API's edits win. */
  async function seed(n: ServiceNetwork): Promise<void> {
    if (store.has(n.id)) return;
    const network = follows.get(n.id)!.network;
    const validators: WatchConfig["validators"] = [];
    for (const v of n.validators) {
      const address = await watch.resolveValidator(network, v.address);
      validators.push({ address, ref: v.address, label: v.label });
    }
    store.update(n.id, (c) => ({ ...c, validators, nodes: n.nodes, rules: n.rules ?? c.rules, webhook: n.webhook ?? c.webhook }));
  }

  async function poll(f: Follow): Promise<void> {
    try {
      const latest = await f.reads.latestHeight();
      // The very first start begins at the newest block; a restart at the block after the last one
      // done, going no further back than the watch's backlog (what lies beyond is counted and said).
      if (f.last !== undefined && f.last > latest) {
        log.warn({ network: f.network.id, kept: String(f.last), latest: String(latest) }, "the chain is below the height the watch kept (a new chain?): following from its newest block");
        f.last = undefined;
      }
      let from = f.last === undefined ? latest : f.last + 1n;
      if (latest - from >= BigInt(BACKLOG)) {
        const skipped = Number(latest - BigInt(BACKLOG) + 1n - from);
        f.skippedAtStart += skipped;
        log.warn({ network: f.network.id, skipped }, `${skipped} blocks passed while the watch was down, more than its backlog of ${BACKLOG}: they are not counted`);
        from = latest - BigInt(BACKLOG) + 1n;
      }
      for (let h = from; h <= latest; h++) {
        const b = await f.reads.blockAt(h);
        watch.block({ networkId: f.network.id, ...b });
        f.last = h;
        const t = Date.parse(b.time);
        if (Number.isFinite(t)) f.lastBlockTime = t;
      }
      f.lastError = null;
    } catch (error) {
      f.lastError = error instanceof Error ? error.message.slice(0, 500) : String(error);
    }
    if (follows.get(f.network.id) === f) f.timer = setTimeout(() => void poll(f), config.pollIntervalMs);
  }

  watch.followOnly([...follows.values()].map((f) => f.network));
  for (const f of follows.values()) void poll(f);

  return {
    watch,
    store,
    history,
    events,
    webhook,
    routes,
    changes,
    /** The configured network by id, or undefined. */
    network: (id: string): Network | undefined => follows.get(id)?.network,
    networkIds: (): string[] => [...follows.keys()],
    /** Why the last block poll of a network failed, or null. */
    followError: (id: string): string | null => follows.get(id)?.lastError ?? null,
    lastBlockTime: (id: string): number | null => follows.get(id)?.lastBlockTime ?? null,
    /** Blocks not counted because the service was down longer than the backlog covers. */
    skippedAtStart: (id: string): number => follows.get(id)?.skippedAtStart ?? 0,
    async stop(): Promise<void> {
      for (const f of follows.values()) clearTimeout(f.timer);
      follows.clear();
      watch.stop();
      unlistenRoutes();
      changes.stop();
      // Whatever is still waiting stays in its journal and is sent at the next start.
      routes.stop();
    },
  };
}

export type WatchHost = Awaited<ReturnType<typeof startWatchHost>>;
