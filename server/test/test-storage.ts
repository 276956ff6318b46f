import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import pino from "pino";
import { inject } from "vitest";
import { type Backend, openBackend } from "../lib/backend.js";
import { ConfigSchema } from "../lib/config.js";
import type { TokenStore } from "../lib/token-store.js";
import type { TxStore } from "../lib/tx-store.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The suite's PostgreSQL (server/test/postgres-global-setup.ts); absent where the suite runs on the journal. */
    postgres?: { url: string };
  }
}

/**
 * Where a test service keeps its data: a fresh data folder always, and in the PostgreSQL run
 * of the suite (vitest project `integration-postgres`) a fresh database as its store. The same
 * tests thus run against both stores.
 */
export interface TestStorage {
  readonly dataDir: string;
  /** The `store` setting: "journal", or the fresh database's URL. */
  readonly store: string;
  /** The CLI flags that point a service at this storage. */
  readonly cliArgs: readonly string[];
  dispose(): Promise<void>;
}

/** Which store this run of the suite tests. */
export function testStoreKind(): "journal" | "postgres" {
  return inject("postgres") ? "postgres" : "journal";
}

/** A new database on the suite's PostgreSQL; its URL, and how to drop it. */
export async function createTestDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cd_${randomBytes(6).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A data folder the caller made (and removes), on the journal: for tests of the journal's own files. */
export function journalStorage(dataDir: string): TestStorage {
  return { dataDir, store: "journal", cliArgs: ["--data-dir", dataDir, "--store", "journal"], dispose: async () => {} };
}

export async function createTestStorage(): Promise<TestStorage> {
  const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-access-"));
  const postgres = inject("postgres");
  const database = postgres ? await createTestDatabase(postgres.url) : undefined;
  const store = database?.url ?? "journal";
  return {
    dataDir,
    store,
    cliArgs: ["--data-dir", dataDir, "--store", store],
    async dispose() {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The storage opened directly, as the service opens it (for a test that reads or writes behind a service's back). */
export async function openTestBackend(storage: TestStorage): Promise<Backend> {
  const config = ConfigSchema.parse({ node: "http://127.0.0.1:9", dataDir: storage.dataDir, store: storage.store, replicaId: "test" });
  return openBackend(config, pino({ level: "silent" }));
}

/** Just the store and tokens of `storage`, and how to close them. */
export async function openTestStore(storage: TestStorage): Promise<{ store: TxStore; tokens: TokenStore; close(): Promise<void> }> {
  const backend = await openTestBackend(storage);
  return { store: backend.store, tokens: backend.tokens, close: () => backend.close() };
}
