import pg from "pg";
import type { Logger } from "pino";
import { StoreUnavailableError } from "../errors.js";

/** Settings of the connection pool of one replica. */
export interface PoolOptions {
  readonly url: string;
  readonly replicaId: string;
  readonly max?: number;
}

/**
 * Connection settings shared by the pool and the replica's dedicated connections. An idle
 * transaction (a sender's lock held across node calls) is cut after 60 s, above any node
 * deadline, so a replica that hangs cannot hold a lock forever; TCP keepalives let the server
 * notice a vanished replica (its locks freed) within about 15 s, not hours.
 */
export function connectionConfig(options: PoolOptions): pg.ClientConfig {
  return {
    connectionString: options.url,
    application_name: `cometdesk-access ${options.replicaId}`.slice(0, 63),
    keepAlive: true,
    keepAliveInitialDelayMillis: 5_000,
    connectionTimeoutMillis: 5_000,
    idle_in_transaction_session_timeout: 60_000,
    options: "-c tcp_keepalives_idle=5 -c tcp_keepalives_interval=2 -c tcp_keepalives_count=5",
  };
}

/** A pool whose broken idle connections are logged and replaced, never fatal to the process. */
export function createPool(options: PoolOptions, log: Logger): pg.Pool {
  const pool = new pg.Pool({ ...connectionConfig(options), max: options.max ?? 10, idleTimeoutMillis: 30_000 });
  pool.on("error", (err) => log.warn({ err: err.message }, "an idle database connection failed; it is replaced on next use"));
  return pool;
}

/** SQLSTATE classes that pass: connection exceptions, insufficient resources, operator intervention, and a lost race (serialization, deadlock). */
const TRANSIENT = /^(08|53|57|40)/;

/** What node-postgres says when a connection, rather than a query, failed. */
const CONNECTION_FAILED = /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed|pool after calling end/i;

/** Whether an error means "the database is not usable right now" rather than a bug in a query. */
export function isTransient(err: unknown): boolean {
  if (err instanceof pg.DatabaseError) return TRANSIENT.test(err.code ?? "");
  if (!(err instanceof Error)) return false;
  const code = (err as NodeJS.ErrnoException).code;
  return (typeof code === "string" && /^E[A-Z]+$/.test(code)) || CONNECTION_FAILED.test(err.message);
}

/** Rethrows a transient database error as StoreUnavailableError (a 503 for a request); anything else as it is. */
export function unavailable(err: unknown): never {
  if (isTransient(err)) throw new StoreUnavailableError(`the database is not reachable: ${(err as Error).message}`, { cause: err });
  throw err;
}

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    return unavailable(err);
  }
  let broken: Error | undefined;
  // A connection that drops between two statements makes a checked-out client emit "error",
  // which, unheard, would end the process: it is kept, and the client is destroyed on release.
  const onError = (err: Error) => (broken = err);
  client.on("error", onError);
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (err) {
    if (isTransient(err) && !(err instanceof pg.DatabaseError)) broken = err as Error;
    await client.query("ROLLBACK").catch(() => {});
    return unavailable(err);
  } finally {
    client.off("error", onError);
    client.release(broken);
  }
}
