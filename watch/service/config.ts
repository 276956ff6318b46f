import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { z } from "zod";
import type { Network } from "../../shared/contract/network.js";
import { MAX_ADDED_NODES, MAX_WATCHED_VALIDATORS, WatchRules, WatchWebhook } from "../../shared/contract/watch.js";
import { HttpUrl, Id } from "../../shared/primitives.js";
import { RouteConfig } from "../routes/route-messages.js";

/** One network the service watches: its nodes, and the watch list and rules it starts with. */
export const ServiceNetwork = z.strictObject({
  id: Id,
  name: z.string().min(1).max(80),
  chainId: z.string().min(1).max(64),
  bech32Prefix: z.string().min(1).max(30).regex(/^[a-z][a-z0-9]*$/),
  /** The network's RPC nodes: read in this order for the chain, and each probed as a node. */
  rpcUrls: z.array(HttpUrl).min(1).max(16),
  /** Operator (…valoper), consensus (…valcons) or hex addresses, resolved on the chain at the first start. */
  validators: z.array(z.strictObject({ address: z.string().min(1).max(128), label: z.string().max(64).default("") })).max(MAX_WATCHED_VALIDATORS).default([]),
  /** More nodes to probe beside `rpcUrls` (sentries, a backup). */
  nodes: z.array(HttpUrl).max(MAX_ADDED_NODES).default([]),
  rules: WatchRules.optional(),
  /** The generic webhook the app has: each alert fired or cleared is posted to it as JSON. */
  webhook: WatchWebhook.optional(),
});
export type ServiceNetwork = z.output<typeof ServiceNetwork>;

/** The service's config file (docs/watch-service.md). Paths are relative to the file. */
export const ServiceConfig = z.strictObject({
  dataDir: z.string().min(1).max(1024),
  listen: z.strictObject({ host: z.string().min(1).max(255).default("127.0.0.1"), port: z.number().int().min(0).max(65535).default(26690) }).default({ host: "127.0.0.1", port: 26690 }),
  /** The API's bearer token; absent, the service makes one and keeps it in `<dataDir>/api-token` (owner-only). */
  token: z.string().min(24, "the token needs at least 24 characters").max(512).regex(/^[\x21-\x7e]+$/, "the token is printable ASCII without spaces").optional(),
  tls: z.strictObject({ certFile: z.string().min(1).max(1024), keyFile: z.string().min(1).max(1024) }).optional(),
  /** How often each network's newest block is asked for. */
  pollIntervalMs: z.number().int().min(200).max(60_000).default(1_000),
  /** How often every node is probed. */
  probeIntervalMs: z.number().int().min(200).max(600_000).default(10_000),
  /** Where alerts go besides each network's webhook: PagerDuty, Telegram, Discord, Slack, webhooks (per network and severity). */
  routes: z.array(RouteConfig).max(32).refine((r) => new Set(r.map((x) => x.name)).size === r.length, "two routes have the same name").default([]),
  networks: z.array(ServiceNetwork).min(1).max(32).refine((n) => new Set(n.map((x) => x.id)).size === n.length, "two networks have the same id"),
});
export type ServiceConfig = z.output<typeof ServiceConfig>;

/** A config file that cannot be used, said in words: which file, which field, what is wrong. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and checks the config file; relative paths in it are made relative to the file. */
export function loadServiceConfig(path: string): ServiceConfig {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ConfigError(`cannot read the config file ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`the config file ${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = ServiceConfig.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues.map((i) => `${i.path.join(".") || "(the file)"}: ${i.message}`).join("; ");
    throw new ConfigError(`the config file ${path} is not usable: ${where}`);
  }
  const base = dirname(resolve(path));
  const config = parsed.data;
  return {
    ...config,
    dataDir: resolve(base, config.dataDir),
    tls: config.tls && { certFile: resolve(base, config.tls.certFile), keyFile: resolve(base, config.tls.keyFile) },
  };
}

/** The watch's view of a configured network: the fields it reads; no access service, no coins. */
export function networkOf(n: ServiceNetwork): Network {
  return { id: n.id, name: n.name, chainId: n.chainId, accessUrl: null, rpcUrls: n.rpcUrls, bech32Prefix: n.bech32Prefix, denoms: [], defaultDenom: "-", rpcVia: "direct", source: "user" };
}
