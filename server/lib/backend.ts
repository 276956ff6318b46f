import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Logger } from "pino";
import type { Config } from "./config.js";
import { type Coordination, soleReplica } from "./coordination.js";
import { lockDataDir } from "./data-lock.js";
import type { AsyncFiles } from "./durable-file.js";
import { migrate } from "./postgres/migrations.js";
import { PgCoordination } from "./postgres/pg-coordination.js";
import { PgRateLimit } from "./postgres/pg-rate-limit.js";
import { PgStore } from "./postgres/pg-store.js";
import { PgTokens } from "./postgres/pg-tokens.js";
import { createPool, unavailable } from "./postgres/pool.js";
import { type RateLimit, RateLimiter } from "./rate-limit.js";
import { JournalStore } from "./store.js";
import type { TokenStore } from "./token-store.js";
import { TokenFile } from "./tokens.js";
import type { TxStore } from "./tx-store.js";

/** Where the data folder keeps its files. */
export function dataPaths(dataDir: string): { journal: string; tokens: string; lock: string } {
  const dir = resolve(dataDir);
  return { journal: join(dir, "transactions.jsonl"), tokens: join(dir, "tokens.json"), lock: join(dir, "service.lock") };
}

/** The storage side of one running service: transactions, tokens, rate limits and how replicas share work. */
export interface Backend {
  readonly kind: "journal" | "postgres";
  readonly store: TxStore;
  readonly tokens: TokenStore;
  readonly limiter: RateLimit;
  readonly coordination: Coordination;
  /** Resolves when the store can be used now; throws (StoreUnavailableError) when it cannot. */
  ping(): Promise<void>;
  /** Housekeeping the leader does now and then (idle rate buckets). */
  maintain(): Promise<void>;
  close(): Promise<void>;
}

/** A PostgreSQL URL with its password replaced, fit for logs. */
export function redactUrl(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:/@]*:)[^@]*@/, "$1***@");
}

/** Opens the store the config names: the journal in the data folder (locked), or PostgreSQL (migrated). `journalFiles` is the journal's file layer (fault tests). */
export async function openBackend(config: Config, log: Logger, journalFiles?: AsyncFiles): Promise<Backend> {
  return config.store === "journal" ? openJournal(config, log, journalFiles) : openPostgres(config.store, config, log);
}

async function openJournal(config: Config, log: Logger, files?: AsyncFiles): Promise<Backend> {
  mkdirSync(resolve(config.dataDir), { recursive: true, mode: 0o700 });
  const paths = dataPaths(config.dataDir);
  const unlock = lockDataDir(paths.lock);
  try {
    const store = await JournalStore.open(paths.journal, { files, onCompactionError: (err) => log.warn({ err: err.message }, "the journal could not be compacted; it goes on in its current file and tries again later") });
    return {
      kind: "journal",
      store,
      tokens: new TokenFile(paths.tokens),
      limiter: new RateLimiter(config.rateLimit, config.rateBurst),
      coordination: soleReplica,
      ping: async () => {},
      maintain: async () => {},
      async close() {
        await store.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

async function openPostgres(url: string, config: Config, log: Logger): Promise<Backend> {
  const options = { url, replicaId: config.replicaId, max: config.dbPoolSize };
  const pool = createPool(options, log);
  try {
    const { applied, version } = await migrate(pool);
    log.info({ database: redactUrl(url), schemaVersion: version, applied }, applied.length ? "database schema migrated" : "database schema up to date");
  } catch (err) {
    await pool.end();
    throw err;
  }
  const coordination = new PgCoordination(options, log);
  const limiter = new PgRateLimit(pool, config.rateLimit, config.rateBurst);
  return {
    kind: "postgres",
    store: new PgStore(pool),
    tokens: new PgTokens(pool),
    limiter,
    coordination,
    async ping() {
      try {
        await pool.query("SELECT 1");
      } catch (err) {
        unavailable(err);
      }
    },
    async maintain() {
      await limiter.prune();
    },
    async close() {
      await coordination.close();
      await pool.end();
    },
  };
}

/** The token store alone, for `npm run server -- token …`: the data folder's file, or the database's table (migrated first). */
export async function openTokenStore(store: Config["store"], dataDir: string, log: Logger): Promise<{ tokens: TokenStore; close(): Promise<void> }> {
  if (store === "journal") return { tokens: new TokenFile(dataPaths(dataDir).tokens), close: async () => {} };
  const pool = createPool({ url: store, replicaId: "cli", max: 2 }, log);
  try {
    await migrate(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  return { tokens: new PgTokens(pool), close: () => pool.end() };
}
