import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import pino, { type Logger } from "pino";
import { createServer } from "./app.js";
import { loadChainContext } from "./lib/chain-context.js";
import type { Config } from "./lib/config.js";
import { lockDataDir } from "./lib/data-lock.js";
import { Engine } from "./lib/engine.js";
import type { AsyncFiles } from "./lib/durable-file.js";
import { ChainFollower } from "./lib/follower.js";
import { NodeClient } from "./lib/node-client.js";
import { TxQueue } from "./lib/queue.js";
import { RpcProxy } from "./lib/rpc-proxy.js";
import { JournalStore } from "./lib/store.js";
import { TokenFile } from "./lib/tokens.js";
import { Transactions } from "./lib/transactions.js";

/** A started service: its address, its parts (for tests), and how to stop it. */
export interface RunningService {
  readonly url: string;
  readonly app: FastifyInstance;
  readonly store: JournalStore;
  readonly tokens: TokenFile;
  close(): Promise<void>;
}

/** Fault hooks for tests; a service started by the CLI has none. */
export interface ServiceHooks {
  /** The journal's file layer (a faulty one in fault tests). */
  readonly journalFiles?: AsyncFiles;
  /** Runs after a new submission is durable and before it is answered. */
  readonly afterSubmit?: () => void;
}

/** Where the data folder keeps its files. */
export function dataPaths(dataDir: string): { journal: string; tokens: string; lock: string } {
  const dir = resolve(dataDir);
  return { journal: join(dir, "transactions.jsonl"), tokens: join(dir, "tokens.json"), lock: join(dir, "service.lock") };
}

/** Opens the data folder, learns the chain, starts following it and listens. */
export async function startService(config: Config, logger: Logger = pino({ level: config.logLevel }), hooks: ServiceHooks = {}): Promise<RunningService> {
  mkdirSync(resolve(config.dataDir), { recursive: true, mode: 0o700 });
  const paths = dataPaths(config.dataDir);
  const unlock = lockDataDir(paths.lock);
  let store: JournalStore | undefined;
  try {
    store = await JournalStore.open(paths.journal, { files: hooks.journalFiles, onCompactionError: (err) => logger.warn({ err: err.message }, "the journal could not be compacted; it goes on in its current file and tries again later") });
    const node = new NodeClient(config.node, config.rpcTimeoutMs, config.maxRpcResponseBytes);
    const chain = await loadChainContext(node, config);
    const tokens = new TokenFile(paths.tokens);
    const queue = new TxQueue(node, store, config.queueTtlMs, logger);
    const engine = new Engine(new ChainFollower(node, store, config.backfillBlocks, logger, chain.chainId), queue, config.pollMs, logger);
    const transactions = new Transactions(chain, node, store, config.holdMs, () => {
      hooks.afterSubmit?.();
      engine.kick();
    });
    const proxy = new RpcProxy(config.node, config.rpcTimeoutMs, config.maxRpcResponseBytes);
    const app = await createServer({ config, chain, transactions, store, tokens, proxy, logger });
    await app.listen({ host: config.host, port: config.port });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const url = `http://${config.host}:${port}`;
    engine.start();
    logger.info({ url, node: config.node, chainId: chain.chainId, holdMs: config.holdMs, pending: store.pending().length }, "access service listening");
    const opened = store;
    return {
      url,
      app,
      store: opened,
      tokens,
      async close() {
        await app.close(); // stops accepting; answers under way finish first
        await engine.stop();
        proxy.close();
        await opened.close();
        unlock();
      },
    };
  } catch (err) {
    await store?.close();
    unlock();
    throw err;
  }
}
