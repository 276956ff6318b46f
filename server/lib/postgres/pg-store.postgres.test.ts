import pino from "pino";
import { inject } from "vitest";
import { createTestDatabase } from "../../test/test-storage.js";
import { describeStoreContract } from "../../test/store-contract.js";
import { migrate } from "./migrations.js";
import { PgStore } from "./pg-store.js";
import { createPool } from "./pool.js";

const log = pino({ level: "silent" });

describeStoreContract("PgStore", async () => {
  const database = await createTestDatabase(inject("postgres")!.url);
  const open = async () => {
    const pool = createPool({ url: database.url, replicaId: "test" }, log);
    await migrate(pool);
    return { pool, store: new PgStore(pool) };
  };
  let current = await open();
  return {
    store: current.store,
    async reopen() {
      await current.pool.end();
      current = await open(); // a new pool, as another replica or a restart would have
      return current.store;
    },
    async close() {
      await current.pool.end();
      await database.drop();
    },
  };
});
