import type { FastifyInstance } from "fastify";
import pino, { type Logger } from "pino";
import { createServer, type HealthReport } from "./app.js";
import { type Backend, openBackend } from "./lib/backend.js";
import { loadChainContext } from "./lib/chain-context.js";
import type { Config } from "./lib/config.js";
import type { AsyncFiles } from "./lib/durable-file.js";
import { Engine } from "./lib/engine.js";
import { ChainFollower } from "./lib/follower.js";
import { NodeClient } from "./lib/node-client.js";
import { TxQueue } from "./lib/queue.js";
import { RpcProxy } from "./lib/rpc-proxy.js";
import type { TokenStore } from "./lib/token-store.js";
import { Transactions } from "./lib/transactions.js";
import type { TxStore } from "./lib/tx-store.js";

export { dataPaths } from "./lib/backend.js";

/** A started service: its address, its parts (for tests), and how to stop it. */
export interface RunningService {
  readonly url: string;
  readonly app: FastifyInstance;
  readonly store: TxStore;
  readonly tokens: TokenStore;
  readonly backend: Backend;
  close(): Promise<void>;
}

/** Fault hooks for tests; a service started by the CLI has none. */
export interface ServiceHooks {
  /** The journal's file layer (a faulty one in fault tests). */
  readonly journalFiles?: AsyncFiles;
  /** Runs after a new submission is durable and before it is answered. */
  readonly afterSubmit?: () => void;
}

/** How often the leader does its housekeeping (idle rate buckets). */
const MAINTAIN_EVERY_MS = 60_000;

/** Opens the store, learns the chain, starts following it (or watching, on a replica that does not lead) and listens. */
export async function startService(config: Config, baseLogger: Logger = pino({ level: config.logLevel }), hooks: ServiceHooks = {}): Promise<RunningService> {
  // Every line names its replica, so the logs of several replicas can be told apart once merged.
  const logger = baseLogger.child({ replica: config.replicaId });
  const backend = await openBackend(config, logger, hooks.journalFiles);
  const { store, tokens } = backend;
  try {
    const node = new NodeClient(config.node, config.rpcTimeoutMs, config.maxRpcResponseBytes);
    const chain = await loadChainContext(node, config);
    const queue = new TxQueue(node, store, config.queueTtlMs, logger, backend.coordination);
    const engine = new Engine(new ChainFollower(node, store, config.backfillBlocks, logger, chain.chainId), queue, config.pollMs, logger, backend.coordination);
    const transactions = new Transactions(chain, node, store, config.holdMs, () => {
      hooks.afterSubmit?.();
      engine.kick();
    });
    const proxy = new RpcProxy(config.node, config.rpcTimeoutMs, config.maxRpcResponseBytes);
    const health = async (): Promise<HealthReport> => {
      const storeState = await backend.ping().then(() => ({ reachable: true }), (err: unknown) => ({ reachable: false, error: (err as Error).message }));
      return { replica: config.replicaId, store: { kind: backend.kind, ...storeState }, node: engine.nodeState() };
    };
    const app = await createServer({ config, chain, transactions, store, tokens, proxy, logger, limiter: backend.limiter, health });
    await app.listen({ host: config.host, port: config.port });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const url = `http://${config.host}:${port}`;
    engine.start();
    const maintenance = setInterval(() => {
      if (engine.nodeState().leader) backend.maintain().catch((err: unknown) => logger.warn({ err }, "housekeeping failed; tried again later"));
    }, MAINTAIN_EVERY_MS);
    maintenance.unref();
    logger.info({ url, node: config.node, chainId: chain.chainId, holdMs: config.holdMs, store: backend.kind, pending: (await store.pending()).length }, "access service listening");
    return {
      url,
      app,
      store,
      tokens,
      backend,
      async close() {
        clearInterval(maintenance);
        await app.close(); // stops accepting; answers under way finish first
        await engine.stop();
        proxy.close();
        await backend.close(); // a leader's lock goes with its session: another replica takes over at once
      },
    };
  } catch (err) {
    await backend.close();
    throw err;
  }
}
