import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createSecureContext } from "node:tls";
import type { Logger } from "pino";
import { writeFileAtomic } from "../../storage/atomic-file.js";
import { createWatchApi } from "./api.js";
import { bindRefusal } from "./bind-check.js";
import { ConfigError, type ServiceConfig } from "./config.js";
import { startWatchHost } from "./watch-host.js";

/** The API may not listen where it was asked to; the message says why and what to do. */
export class BindRefused extends Error {
  override name = "BindRefused";
}

const TOKEN_FILE = "api-token";

/** The config's token, or the one kept in the data folder (made on the first start, owner-only). */
function apiToken(config: ServiceConfig, log: Logger): string {
  if (config.token) return config.token;
  const path = join(config.dataDir, TOKEN_FILE);
  if (existsSync(path)) {
    const kept = readFileSync(path, "utf8").trim();
    if (/^[\x21-\x7e]{24,512}$/.test(kept)) return kept;
    log.warn({ path }, "the kept API token is not usable; a new one is made");
  }
  const made = randomBytes(32).toString("base64url");
  writeFileAtomic(path, `${made}\n`);
  log.info({ path }, "no token in the config: the API's token was made and kept in the data folder");
  return made;
}

/** The TLS certificate and key, read and checked before the watch starts; each fault said in words. */
function readTls(tls: NonNullable<ServiceConfig["tls"]>): { cert: Buffer; key: Buffer } {
  const read = (what: string, path: string) => {
    try {
      return readFileSync(path);
    } catch (error) {
      throw new ConfigError(`cannot read the TLS ${what} file ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const pair = { cert: read("certificate", tls.certFile), key: read("key", tls.keyFile) };
  try {
    createSecureContext(pair);
  } catch (error) {
    throw new ConfigError(`the TLS certificate ${tls.certFile} and key ${tls.keyFile} are not a usable PEM pair: ${error instanceof Error ? error.message : String(error)}`);
  }
  return pair;
}

/** Starts the watch and its API; refuses, before anything starts, an address the config does not protect. */
export async function startWatchService(config: ServiceConfig, o: { logger: Logger; insecurePublic?: boolean }) {
  const refusal = bindRefusal({ host: config.listen.host, token: config.token !== undefined, tls: config.tls !== undefined, insecurePublic: o.insecurePublic === true });
  if (refusal) throw new BindRefused(refusal);
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const token = apiToken(config, o.logger);
  const https = config.tls && readTls(config.tls);
  const host = await startWatchHost(config, o.logger);
  const api = createWatchApi({ host, token, logger: o.logger, ...(https ? { https } : {}) });
  try {
    await api.listen({ host: config.listen.host, port: config.listen.port });
  } catch (error) {
    await host.stop();
    throw error;
  }
  const address = api.server.address();
  const port = typeof address === "object" && address ? address.port : config.listen.port;
  const shownHost = config.listen.host.includes(":") ? `[${config.listen.host}]` : config.listen.host;
  return {
    host,
    url: `${https ? "https" : "http"}://${shownHost}:${port}`,
    networkIds: host.networkIds(),
    async close(): Promise<void> {
      host.changes.stop(); // answers held open for changes end now, so the API can close
      await api.close();
      await host.stop();
    },
  };
}
