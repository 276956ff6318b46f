import pg from "pg";
import type { Logger } from "pino";
import type { Coordination } from "../coordination.js";
import { LOCK_NAMESPACE, LOCKS } from "./migrations.js";
import { connectionConfig, type PoolOptions, unavailable } from "./pool.js";

/**
 * Replicas on one database (docs/access-interface.md#replicas):
 * - the leader holds a session advisory lock on a connection of its own; when its process
 *   dies the server closes that session and frees the lock, and another replica takes it at
 *   its next follower pass (every `--poll-ms`);
 * - a sender's queue is worked inside a transaction that holds the sender's row in
 *   `queue_senders` FOR UPDATE; other replicas SKIP LOCKED past it. A replica that dies
 *   mid-pass loses its session, so the row is free again at once.
 */
export class PgCoordination implements Coordination {
  private leaderClient: pg.Client | undefined;
  private leader = false;
  private senderClient: pg.Client | undefined;
  private closed = false;

  constructor(
    private readonly options: PoolOptions,
    private readonly log: Logger,
  ) {}

  async isLeader(): Promise<boolean> {
    if (this.closed) return false;
    try {
      const client = (this.leaderClient ??= await this.connect("leader", () => {
        this.leaderClient = undefined;
        this.leader = false;
      }));
      if (this.leader) {
        await client.query("SELECT 1"); // still connected, so still holding the lock
        return true;
      }
      const { rows } = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS ok", [LOCK_NAMESPACE, LOCKS.leader]);
      this.leader = rows[0]?.ok === true;
      return this.leader;
    } catch (err) {
      // The session is gone or unusable: whatever lock it held is gone with it.
      this.drop("leader");
      return unavailable(err);
    }
  }

  async withSender(sender: string, work: () => Promise<void>): Promise<boolean> {
    if (this.closed) return false;
    let client: pg.Client;
    try {
      client = this.senderClient ??= await this.connect("sender", () => (this.senderClient = undefined));
      // Committed on its own first: a row inserted inside the locking transaction would make
      // another replica's insert wait for that whole pass instead of skipping it.
      await client.query("INSERT INTO queue_senders (sender) VALUES ($1) ON CONFLICT DO NOTHING", [sender]);
      await client.query("BEGIN");
      const locked = await client.query("SELECT sender FROM queue_senders WHERE sender = $1 FOR UPDATE SKIP LOCKED", [sender]);
      if (locked.rowCount !== 1) {
        await client.query("ROLLBACK");
        return false; // another replica works this sender now
      }
    } catch (err) {
      this.drop("sender");
      return unavailable(err);
    }
    try {
      await work();
    } finally {
      // Ends the transaction and so frees the row; a broken session frees it by ending.
      await client.query("COMMIT").catch(() => this.drop("sender"));
    }
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.leader = false;
    await Promise.all([this.leaderClient?.end().catch(() => {}), this.senderClient?.end().catch(() => {})]);
    this.leaderClient = undefined;
    this.senderClient = undefined;
  }

  private async connect(role: "leader" | "sender", lost: () => void): Promise<pg.Client> {
    const client = new pg.Client({ ...connectionConfig(this.options), application_name: `cometdesk-access ${this.options.replicaId} ${role}`.slice(0, 63) });
    client.on("error", (err) => {
      if (!this.closed) this.log.warn({ err: err.message, role }, "a coordination connection to the database failed; it is opened again");
      lost();
    });
    client.on("end", lost);
    await client.connect();
    return client;
  }

  private drop(role: "leader" | "sender"): void {
    const client = role === "leader" ? this.leaderClient : this.senderClient;
    if (role === "leader") {
      this.leaderClient = undefined;
      this.leader = false;
    } else this.senderClient = undefined;
    client?.end().catch(() => {});
  }
}
