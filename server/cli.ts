/**
 * `npm run server -- [flags]` starts the Transaction Access Interface service;
 * `npm run server -- token create|list|revoke` manages its API tokens. See README.md.
 */
import { parseArgs } from "node:util";
import pino from "pino";
import { ZodError } from "zod";
import { CONFIG_FLAGS, ConfigSchema, loadConfig } from "./lib/config.js";
import { TokenFile } from "./lib/tokens.js";
import { dataPaths, startService } from "./service.js";

const USAGE = `usage:
  npm run server -- --node http://127.0.0.1:26657 [options]   start the service
  npm run server -- token create --name NAME [--replace] [--data-dir D]
                                        print a new token (shown once); --replace revokes NAME's others
  npm run server -- token list [--data-dir D]
  npm run server -- token revoke ID_OR_NAME [--data-dir D]

options (a --config JSON file may hold the same settings in camelCase):
  --config FILE            JSON settings; flags win over it
  --node URL               CometBFT RPC of the node (required)
  --host 127.0.0.1         --port 26650
  --data-dir .access-data  journal, tokens and lock
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
  if (positionals[0] === "token") return tokenCommand(positionals.slice(1), values.name, values.replace === true, typeof dataDir === "string" ? dataDir : ConfigSchema.shape.dataDir.parse(undefined));
  if (positionals.length > 0) {
    console.error(`unknown command "${positionals.join(" ")}"\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig(flags, values.config);
  const logger = pino({ level: config.logLevel });
  const service = await startService(config, logger);
  await new Promise<void>((resolve) => {
    const stop = (signal: string): void => {
      logger.info({ signal }, "shutting down: finishing answers under way and syncing the journal");
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

function tokenCommand(args: string[], name: string | undefined, replace: boolean, dataDir: string): number {
  const tokens = new TokenFile(dataPaths(dataDir).tokens);
  switch (args[0]) {
    case "create": {
      if (!name || !/^[\w.-]{1,64}$/.test(name)) {
        console.error("token create needs --name NAME (letters, digits, . _ -, at most 64)");
        return 2;
      }
      if (replace) tokens.revoke(name);
      const { token, entry } = tokens.create(name);
      console.error(`Created token ${entry.id} (${entry.name}). It is shown only this once; the service keeps only its hash:`);
      console.log(token);
      return 0;
    }
    case "list": {
      for (const e of tokens.entries()) console.log(`${e.id}  ${e.name.padEnd(20)} created ${e.createdAt}${e.revokedAt ? `  REVOKED ${e.revokedAt}` : ""}`);
      return 0;
    }
    case "revoke": {
      const target = args[1];
      if (!target) {
        console.error("token revoke needs the token's id or name");
        return 2;
      }
      const count = tokens.revoke(target);
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
