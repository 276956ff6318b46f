import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { z } from "zod";

/** `journal` (the default: one process, its data folder) or a PostgreSQL URL (any number of replicas). */
export const StoreSettingSchema = z.union([
  z.literal("journal"),
  z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'expected "journal" or a postgres:// URL'),
]);

/** Every setting of the service; flags override the config file, which overrides these defaults. */
export const ConfigSchema = z.object({
  node: z.url(),
  host: z.string().default("127.0.0.1"),
  port: z.number().int().min(0).max(65535).default(26650),
  dataDir: z.string().default(".access-data"),
  /** Where transactions and tokens live: the journal in `dataDir`, or PostgreSQL shared by replicas. */
  store: StoreSettingSchema.default("journal"),
  /** This replica's name in logs, `/health` and the database's `application_name`. */
  replicaId: z.string().regex(/^[\w.:-]{1,48}$/, "letters, digits and . _ : - (at most 48)").default(() => `${hostname().slice(0, 32)}-${process.pid}`),
  /** Connections of this replica's pool (PostgreSQL), besides its two for coordination. */
  dbPoolSize: z.number().int().min(2).max(200).default(10),
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDRs): the failed-auth limit needs the client's address, not the load balancer's. */
  trustProxy: z.array(z.string()).default([]),
  /** The "undo send" window: how long a submission is held before it is broadcast. */
  holdMs: z.number().int().min(0).max(86_400_000).default(10_000),
  /** A queued transaction still waiting (for an earlier nonce) this long after its window expires. */
  queueTtlMs: z.number().int().min(1_000).default(15 * 60_000),
  /** Sustained requests per second per token, and the burst above it. */
  rateLimit: z.number().positive().default(50),
  rateBurst: z.number().int().positive().default(100),
  /** Allowed browser origins; empty means no CORS headers at all. */
  corsOrigins: z.array(z.string()).default([]),
  defaultFee: z.string().default("500ucomet"),
  defaultGas: z.string().regex(/^\d+$/).default("200000"),
  /** Overrides the prefix the node reports. */
  prefix: z.string().optional(),
  rpcTimeoutMs: z.number().int().positive().default(10_000),
  maxRpcResponseBytes: z.number().int().positive().default(32 * 1024 * 1024),
  /** On a first start, how many recent blocks to scan for transfers. */
  backfillBlocks: z.number().int().min(0).default(10_000),
  /** How often the node is asked for a new block. */
  pollMs: z.number().int().min(20).default(250),
  logLevel: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});
export type Config = z.infer<typeof ConfigSchema>;
export type ConfigInput = z.input<typeof ConfigSchema>;

/** Request bodies above this are refused with 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;

const FLAG_KEYS: Record<string, { key: keyof Config; kind: "string" | "number" | "list" }> = {
  node: { key: "node", kind: "string" },
  host: { key: "host", kind: "string" },
  port: { key: "port", kind: "number" },
  "data-dir": { key: "dataDir", kind: "string" },
  store: { key: "store", kind: "string" },
  "replica-id": { key: "replicaId", kind: "string" },
  "db-pool-size": { key: "dbPoolSize", kind: "number" },
  "trust-proxy": { key: "trustProxy", kind: "list" },
  "hold-ms": { key: "holdMs", kind: "number" },
  "queue-ttl-ms": { key: "queueTtlMs", kind: "number" },
  "rate-limit": { key: "rateLimit", kind: "number" },
  "rate-burst": { key: "rateBurst", kind: "number" },
  "cors-origin": { key: "corsOrigins", kind: "list" },
  "default-fee": { key: "defaultFee", kind: "string" },
  "default-gas": { key: "defaultGas", kind: "string" },
  prefix: { key: "prefix", kind: "string" },
  "rpc-timeout-ms": { key: "rpcTimeoutMs", kind: "number" },
  "max-rpc-response-bytes": { key: "maxRpcResponseBytes", kind: "number" },
  "backfill-blocks": { key: "backfillBlocks", kind: "number" },
  "poll-ms": { key: "pollMs", kind: "number" },
  "log-level": { key: "logLevel", kind: "string" },
};

/** The `parseArgs` options for every config flag. */
export const CONFIG_FLAGS = Object.fromEntries(Object.keys(FLAG_KEYS).map((flag) => [flag, { type: "string" as const }]));

/** Builds the config from an optional JSON file, string flags and DATABASE_URL (when neither names a store); throws a readable zod error. */
export function loadConfig(flags: Readonly<Record<string, string | boolean | undefined>>, configFile?: string, env: NodeJS.ProcessEnv = process.env): Config {
  const fromFile: unknown = configFile ? JSON.parse(readFileSync(configFile, "utf8")) : {};
  const merged: Record<string, unknown> = { ...z.record(z.string(), z.unknown()).parse(fromFile) };
  for (const [flag, { key, kind }] of Object.entries(FLAG_KEYS)) {
    const value = flags[flag];
    if (typeof value !== "string") continue;
    merged[key] = kind === "number" ? Number(value) : kind === "list" ? value.split(",").map((s) => s.trim()).filter(Boolean) : value;
  }
  if (merged.store === undefined && env.DATABASE_URL) merged.store = env.DATABASE_URL;
  return ConfigSchema.parse(merged);
}
