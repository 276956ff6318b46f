import type pg from "pg";
import { z } from "zod";
import { decodeCursor, encodeCursor } from "../list-cursor.js";
import { type HistoryEntry, isPending, type ListedTx, type TxRecord, TxRecordSchema } from "../records.js";
import type { InsertOutcome, ListPage, ListQuery, PendingStatus, TxStore } from "../tx-store.js";
import { inTransaction, unavailable } from "./pool.js";

const HistorySchema = TxRecordSchema.shape.history;
const BodySchema = TxRecordSchema.omit({ history: true });
const FullRowSchema = z.object({ body: z.unknown(), history: z.unknown(), version: z.number().int() });
const HeightSchema = z.object({ followed_height: z.string().regex(/^\d+$/) });

/** A record as read, with the version a conditional update must find unchanged. */
interface Versioned {
  readonly record: TxRecord;
  readonly version: number;
}

/** PostgreSQL text cannot hold U+0000; the indexed copies drop it (the body keeps the exact value). */
function column(text: string): string {
  return text.includes("\u0000") ? text.replaceAll("\u0000", "\uFFFD") : text;
}

function bodyJson(record: TxRecord): string {
  const { history: _history, ...body } = record;
  return JSON.stringify(body);
}

/** Everything about a record but its body, as query parameters. */
function rowParams(record: TxRecord): unknown[] {
  return [record.txHash, column(record.from), column(record.to), record.status, record.source, record.nonce, record.holdUntil ?? record.createdAt, record.sortKey, bodyJson(record)];
}

const SELECT_FULL = `SELECT t.body, t.version,
  COALESCE((SELECT json_agg(h.entry ORDER BY h.seq) FROM tx_history h WHERE h.tx_hash = t.tx_hash), '[]'::json) AS history
  FROM transactions t`;

/**
 * The transaction store of replicas: rows in PostgreSQL, read on every request (nothing is
 * cached, so every replica answers the same), with a record and its history always written in
 * one transaction (docs/access-interface.md#replicas).
 */
export class PgStore implements TxStore {
  constructor(private readonly pool: pg.Pool) {}

  async get(txHash: string): Promise<TxRecord | undefined> {
    return (await this.read(txHash))?.record;
  }

  async insert(record: TxRecord): Promise<InsertOutcome> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const outcome = await inTransaction(this.pool, async (client): Promise<InsertOutcome | undefined> => {
        // DO NOTHING on either unique index: the hash, or the one pending submission per sender and nonce.
        const inserted = await client.query(
          `INSERT INTO transactions (tx_hash, sender, recipient, status, source, nonce, due_at, sort_key, body, version)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::json, 1) ON CONFLICT DO NOTHING`,
          rowParams(record),
        );
        if (inserted.rowCount === 1) {
          await this.appendHistory(client, record.txHash, record.history, 0);
          return { kind: "created", record };
        }
        return undefined;
      });
      if (outcome) return outcome;
      const existing = await this.get(record.txHash);
      if (existing) return { kind: "exists", record: existing };
      const rival = (await this.pending(record.from)).find((r) => r.nonce === record.nonce);
      if (rival && isPending(record)) return { kind: "nonce_taken", rival };
      // The rival left its pending state between the two reads: try again.
    }
    throw new Error(`could not insert ${record.txHash}: its sender's nonce kept changing hands`);
  }

  async update(txHash: string, change: (current: TxRecord) => TxRecord | undefined): Promise<TxRecord | undefined> {
    // Optimistic: read, decide, then write only if the version is still the one read. A lost
    // race (another replica committed first) re-reads and asks `change` about the winner's version.
    for (let attempt = 0; attempt < 20; attempt++) {
      const current = await this.read(txHash);
      const next = current && change(current.record);
      if (!current || !next) return undefined;
      const grown = next.history.length - current.record.history.length;
      if (next.txHash !== txHash || grown < 0) throw new Error(`a change to ${txHash} must keep its hash and may only add to its history`);
      const written = await inTransaction(this.pool, async (client) => {
        const updated = await client.query(
          `UPDATE transactions SET sender = $2, recipient = $3, status = $4, source = $5, nonce = $6, due_at = $7, sort_key = $8, body = $9::json, version = version + 1
           WHERE tx_hash = $1 AND version = $10`,
          [...rowParams(next), current.version],
        );
        if (updated.rowCount !== 1) return false;
        await this.appendHistory(client, txHash, next.history.slice(current.record.history.length), current.record.history.length);
        return true;
      });
      if (written) return next;
    }
    throw new Error(`could not update ${txHash}: it kept changing under 20 attempts`);
  }

  /** Nothing to wait for: every write above resolved after its COMMIT. */
  async sync(): Promise<void> {}

  async list(query: ListQuery): Promise<ListPage> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.address !== undefined) {
      params.push(query.address);
      where.push(`(sender = $${params.length} OR recipient = $${params.length})`);
    }
    if (query.status !== undefined) {
      params.push(query.status);
      where.push(`status = $${params.length}`);
    }
    if (query.cursor !== undefined) {
      const [sortKey, txHash] = decodeCursor(query.cursor);
      params.push(sortKey, txHash);
      where.push(`(sort_key, tx_hash) < ($${params.length - 1}, $${params.length})`);
    }
    params.push(query.limit + 1);
    const text = `SELECT body FROM transactions ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY sort_key DESC, tx_hash DESC LIMIT $${params.length}`;
    // Named: each connection plans the handful of shapes once.
    const name = `list:${query.address !== undefined ? "a" : ""}${query.status !== undefined ? "s" : ""}${query.cursor !== undefined ? "c" : ""}`;
    const rows = await this.query<{ body: unknown }>({ name, text, values: params });
    const items: ListedTx[] = rows.map((r) => BodySchema.parse(r.body));
    if (items.length <= query.limit) return { items };
    const page = items.slice(0, query.limit);
    const last = page[page.length - 1]!;
    return { items: page, nextCursor: encodeCursor(last.sortKey, last.txHash) };
  }

  async pending(sender?: string, status?: PendingStatus): Promise<readonly TxRecord[]> {
    const statuses = status === undefined ? ["queued", "broadcast"] : [status];
    const rows = sender === undefined
      ? await this.query({ name: "pending", text: `${SELECT_FULL} WHERE t.status = ANY($1::text[])`, values: [statuses] })
      : await this.query({ name: "pending-of", text: `${SELECT_FULL} WHERE t.status = ANY($1::text[]) AND t.sender = $2`, values: [statuses, column(sender)] });
    return rows.map((row) => parseFull(row).record);
  }

  async dueSenders(now: number, skip: ReadonlySet<string>): Promise<readonly string[]> {
    const rows = await this.query({
      name: "due-senders",
      text: "SELECT DISTINCT sender FROM transactions WHERE status = 'queued' AND due_at <= $1 AND NOT (tx_hash = ANY($2::text[]))",
      values: [new Date(now), [...skip]],
    });
    return rows.map((r) => z.object({ sender: z.string() }).parse(r).sender);
  }

  async followedHeight(): Promise<bigint> {
    const rows = await this.query({ name: "followed", text: "SELECT followed_height::text AS followed_height FROM follower_state WHERE id = 1", values: [] });
    return BigInt(HeightSchema.parse(rows[0]).followed_height);
  }

  async setFollowedHeight(height: bigint): Promise<void> {
    // Only forward: a leader that lost its lock a moment ago cannot pull the height back.
    await this.query({ name: "set-followed", text: "UPDATE follower_state SET followed_height = GREATEST(followed_height, $1::numeric) WHERE id = 1", values: [height.toString()] });
  }

  /** The pool belongs to the backend that made this store; it closes it. */
  async close(): Promise<void> {}

  private async read(txHash: string): Promise<Versioned | undefined> {
    const rows = await this.query({ name: "get", text: `${SELECT_FULL} WHERE t.tx_hash = $1`, values: [txHash] });
    return rows[0] === undefined ? undefined : parseFull(rows[0]);
  }

  private async appendHistory(client: pg.PoolClient, txHash: string, entries: readonly HistoryEntry[], from: number): Promise<void> {
    if (entries.length === 0) return;
    // Each entry is sent as JSON text and cast to json, never taken apart in SQL: PostgreSQL
    // refuses to turn a \u0000 escape into text, and a detail may carry one.
    await client.query(
      `INSERT INTO tx_history (tx_hash, seq, status, at, entry)
       SELECT $1, $2 + e.i - 1, e.status, e.at, e.entry::json FROM unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS e(status, at, entry, i)`,
      [txHash, from, entries.map((e) => e.status), entries.map((e) => column(e.at)), entries.map((e) => JSON.stringify(e))],
    );
  }

  private async query<R extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<R[]> {
    try {
      return (await this.pool.query<R>(config)).rows;
    } catch (err) {
      return unavailable(err);
    }
  }
}

/** A row read back is checked like any other input: a damaged row is an error, never a wrong answer. */
function parseFull(row: unknown): Versioned {
  const { body, history, version } = FullRowSchema.parse(row);
  return { record: { ...BodySchema.parse(body), history: HistorySchema.parse(history) }, version };
}
