/**
 * `npm run server -- [flags]` starts the Transaction Access Interface service;
 * `npm run server -- token create|list|revoke` manages its API tokens. See docs/access-service.md.
 */
import { parseArgs } from "node:util";
import pino from "pino";
import { ZodError } from "zod";
import { openTokenStore } from "./lib/backend.js";
import { CONFIG_FLAGS, ConfigSchema, loadConfig, StoreSettingSchema } from "./lib/config.js";
import type { TokenStore } from "./lib/token-store.js";
import { startService } from "./service.js";

const USAGE = `usage:
  npm run server -- --node http://127.0.0.1:26657 [options]   start the service
  npm run server -- token create --name NAME [--replace] [--data-dir D | --store URL]
                                        print a new token (shown once); --replace revokes NAME's others
  npm run server -- token list [--data-dir D | --store URL]
  npm run server -- token revoke ID_OR_NAME [--data-dir D | --store URL]

options (a --config JSON file may hold the same settings in camelCase):
  --config FILE            JSON settings; flags win over it
  --node URL               CometBFT RPC of the node (required)
  --host 127.0.0.1         --port 26650
  --data-dir .access-data  journal, tokens and lock
  --store journal          or postgres://user:pass@host/db (default: DATABASE_URL when set):
                           transactions and tokens in PostgreSQL, shared by any number of replicas
  --replica-id NAME        this replica's name in logs and /health (default: host-pid)
  --db-pool-size 10        --trust-proxy ADDR,CIDR (load balancers whose X-Forwarded-For counts)
  --hold-ms 10000          the undo window before a submission is broadcast
  --queue-ttl-ms 900000    how long a queued transaction waits for an earlier nonce
  --rate-limit 50          requests per second per token (sustained); --rate-burst 100
  --cors-origin A,B        allowed browser origins ("*" for any); none by default
  --default-fee 500ucomet  --default-gas 200000
  --prefix cosmos          bech32 prefix, when the node cannot tell
  --rpc-timeout-ms 10000   --max-rpc-response-bytes 33554432
  --backfill-blocks 10000  --poll-ms 250   --log-level info`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { ...CONFIG_FLAGS, config: { type: "string" }, name: { type: "string" }, replace: { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const flags: Readonly<Record<string, string | boolean | undefined>> = values;
  const dataDir = flags["data-dir"];
  if (positionals[0] === "token") {
    const store = StoreSettingSchema.parse(typeof flags.store === "string" ? flags.store : (process.env.DATABASE_URL || "journal"));
    const opened = await openTokenStore(store, typeof dataDir === "string" ? dataDir : ConfigSchema.shape.dataDir.parse(undefined), pino({ level: "warn" }, pino.destination(2)));
    try {
      return await tokenCommand(opened.tokens, positionals.slice(1), values.name, values.replace === true);
    } finally {
      await opened.close();
    }
  }
  if (positionals.length > 0) {
    console.error(`unknown command "${positionals.join(" ")}"\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig(flags, values.config);
  const logger = pino({ level: config.logLevel });
  const service = await startService(config, logger);
  await new Promise<void>((resolve) => {
    const stop = (signal: string): void => {
      logger.info({ signal }, "shutting down: finishing answers under way and closing the store");
      void service.close().then(resolve, (err: unknown) => {
        logger.error({ err }, "shutdown failed");
        resolve();
      });
    };
    process.once("SIGTERM", () => stop("SIGTERM"));
    process.once("SIGINT", () => stop("SIGINT"));
  });
  return 0;
}

async function tokenCommand(tokens: TokenStore, args: string[], name: string | undefined, replace: boolean): Promise<number> {
  switch (args[0]) {
    case "create": {
      if (!name || !/^[\w.-]{1,64}$/.test(name)) {
        console.error("token create needs --name NAME (letters, digits, . _ -, at most 64)");
        return 2;
      }
      if (replace) await tokens.revoke(name);
      const { token, entry } = await tokens.create(name);
      console.error(`Created token ${entry.id} (${entry.name}). It is shown only this once; the service keeps only its hash:`);
      console.log(token);
      return 0;
    }
    case "list": {
      for (const e of await tokens.entries()) console.log(`${e.id}  ${e.name.padEnd(20)} created ${e.createdAt}${e.revokedAt ? `  REVOKED ${e.revokedAt}` : ""}`);
      return 0;
    }
    case "revoke": {
      const target = args[1];
      if (!target) {
        console.error("token revoke needs the token's id or name");
        return 2;
      }
      const count = await tokens.revoke(target);
      console.log(count > 0 ? `Revoked ${count} token(s).` : `No live token has id or name "${target}".`);
      return count > 0 ? 0 : 1;
    }
    default:
      console.error(`usage: token create --name NAME | token list | token revoke ID_OR_NAME`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ZodError ? `invalid settings:\n${err.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}\nSee \`npm run server -- --help\`.` : `server: ${(err as Error).message}`);
    process.exit(1);
  },
);
