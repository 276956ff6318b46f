import type pg from "pg";
import { TX_STATUSES } from "../records.js";
import { inTransaction } from "./pool.js";

/** Advisory lock keys of this service: (namespace, key) pairs, so they cannot meet another application's. */
export const LOCK_NAMESPACE = 0x43_44_41_53; // "CDAS"
export const LOCKS = { migrations: 1, leader: 2 } as const;

/** One versioned step of the schema; applied once, in order, never edited after release. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

const statuses = TX_STATUSES.map((s) => `'${s}'`).join(", ");

/**
 * The schema. Free text from clients and from the chain (memos, logs, details) lives in `json`
 * columns: PostgreSQL's text cannot hold U+0000, and its `json` type keeps JSON's `\u0000`
 * escape verbatim, so a hostile memo is stored exactly instead of stopping the follower.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "transactions with their history, tokens, follower state, queue senders and rate buckets",
    sql: `
CREATE TABLE transactions (
  tx_hash text COLLATE "C" PRIMARY KEY CHECK (tx_hash ~ '^[0-9A-F]{64}$'),
  sender text NOT NULL,
  recipient text NOT NULL,
  status text NOT NULL CHECK (status IN (${statuses})),
  source text NOT NULL CHECK (source IN ('submitted', 'chain')),
  nonce numeric(20, 0) NOT NULL,
  due_at timestamptz NOT NULL,
  sort_key text COLLATE "C" NOT NULL,
  version integer NOT NULL,
  body json NOT NULL
);
COMMENT ON COLUMN transactions.body IS 'the whole record but its history, as the service wrote it; the other columns are indexed copies';
COMMENT ON COLUMN transactions.version IS 'raised by every change: a transition is an UPDATE ... WHERE version = the one read, so of two writers only the first commits';
CREATE INDEX transactions_newest ON transactions (sort_key, tx_hash);
CREATE INDEX transactions_by_sender ON transactions (sender, sort_key, tx_hash);
CREATE INDEX transactions_by_recipient ON transactions (recipient, sort_key, tx_hash);
CREATE INDEX transactions_by_status ON transactions (status, sort_key, tx_hash);
CREATE INDEX transactions_queued_due ON transactions (due_at) WHERE status = 'queued';
CREATE INDEX transactions_open ON transactions (sender) WHERE status IN ('queued', 'broadcast');
-- One pending submission per sender and nonce, whichever replica accepts it.
CREATE UNIQUE INDEX transactions_pending_nonce ON transactions (sender, nonce) WHERE status IN ('queued', 'broadcast') AND source = 'submitted';

CREATE TABLE tx_history (
  tx_hash text COLLATE "C" NOT NULL REFERENCES transactions ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 0),
  status text NOT NULL CHECK (status IN (${statuses})),
  at text NOT NULL,
  entry json NOT NULL,
  PRIMARY KEY (tx_hash, seq)
);

CREATE TABLE api_tokens (
  id text PRIMARY KEY,
  name text NOT NULL,
  hash text NOT NULL UNIQUE CHECK (hash ~ '^[0-9a-f]{64}$'),
  created_at text NOT NULL,
  revoked_at text
);

CREATE TABLE follower_state (
  id integer PRIMARY KEY CHECK (id = 1),
  followed_height numeric(20, 0) NOT NULL
);
INSERT INTO follower_state (id, followed_height) VALUES (1, 0);

-- A row per sender, locked FOR UPDATE SKIP LOCKED while one replica works that sender's queue.
CREATE TABLE queue_senders (sender text PRIMARY KEY);

CREATE TABLE rate_buckets (
  key text PRIMARY KEY,
  tokens double precision NOT NULL,
  at timestamptz NOT NULL
);

-- A token bucket shared by every replica: refills at p_rate a second up to p_burst, grants up
-- to p_want tokens, and says how long until one is there when it grants none. The database's
-- clock is the only clock, so replicas' clocks cannot disagree about it.
CREATE FUNCTION rate_take(p_key text, p_rate double precision, p_burst double precision, p_want double precision, OUT granted double precision, OUT wait_s double precision)
LANGUAGE plpgsql AS $fn$
DECLARE
  t double precision;
  now_at timestamptz;
BEGIN
  INSERT INTO rate_buckets (key, tokens, at) VALUES (p_key, p_burst, clock_timestamp()) ON CONFLICT (key) DO NOTHING;
  PERFORM 1 FROM rate_buckets WHERE key = p_key FOR UPDATE;
  now_at := clock_timestamp();
  SELECT LEAST(p_burst, b.tokens + GREATEST(0, EXTRACT(EPOCH FROM now_at - b.at)::double precision) * p_rate) INTO t FROM rate_buckets b WHERE b.key = p_key;
  granted := GREATEST(0, LEAST(p_want, floor(t)));
  UPDATE rate_buckets SET tokens = t - granted, at = now_at WHERE key = p_key;
  wait_s := CASE WHEN granted >= 1 THEN 0 ELSE (1 - t) / p_rate END;
END
$fn$;
`,
  },
];

/**
 * Brings the schema up to date. Every replica runs it at start; an advisory lock held for the
 * transaction makes a second replica wait, then find every step applied. A schema newer than
 * this code knows is refused: this version would not keep the newer columns right.
 */
export async function migrate(pool: pg.Pool, migrations: readonly Migration[] = MIGRATIONS): Promise<{ applied: number[]; version: number }> {
  return inTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1, $2)", [LOCK_NAMESPACE, LOCKS.migrations]);
    await client.query("CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())");
    const { rows } = await client.query<{ version: number }>("SELECT version FROM schema_migrations");
    const done = new Set(rows.map((r) => r.version));
    const known = Math.max(0, ...migrations.map((m) => m.version));
    const newest = Math.max(0, ...done);
    if (newest > known) throw new Error(`the database's schema is at version ${newest}, newer than this service knows (${known}); run a newer version of the service`);
    const applied: number[] = [];
    for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(m.version)) continue;
      await client.query(m.sql);
      await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [m.version, m.name]);
      applied.push(m.version);
    }
    return { applied, version: Math.max(newest, ...applied) };
  });
}
