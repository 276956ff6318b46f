/**
 * `npm run watch-service -- --config FILE` runs the operator's watch headless, with its HTTP API
 * (docs/watch-service.md).
 */
import { parseArgs } from "node:util";
import pino from "pino";
import { ConfigError, loadServiceConfig } from "./config.js";
import { startWatchService } from "./service.js";

const USAGE = `usage:
  npm run watch-service -- --config FILE [--insecure-public] [--log-level info]

  --config FILE        the service's JSON config (docs/watch-service.md): its data folder, where
                       the API listens, its token and TLS, and the networks, validators, nodes
                       and rules it watches
  --insecure-public    accept a non-loopback address without TLS (the token crosses the network
                       in clear text); without it, such an address is refused
  --log-level LEVEL    fatal, error, warn, info (default), debug
  -h, --help           this text`;

async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { config: { type: "string" }, "insecure-public": { type: "boolean" }, "log-level": { type: "string" }, help: { type: "boolean", short: "h" } },
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.config) {
    console.error(`--config FILE is required\n\n${USAGE}`);
    return 2;
  }
  const level = values["log-level"] ?? "info";
  if (!["fatal", "error", "warn", "info", "debug"].includes(level)) {
    console.error(`--log-level is one of fatal, error, warn, info, debug; got "${level}"`);
    return 2;
  }
  const logger = pino({ level, base: { service: "cometdesk-watch" } });
  let service;
  try {
    service = await startWatchService(loadServiceConfig(values.config), { logger, insecurePublic: values["insecure-public"] === true });
  } catch (error) {
    if (error instanceof ConfigError || (error instanceof Error && error.name === "BindRefused")) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  console.log(`watching ${service.networkIds.join(", ")}; API on ${service.url}`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await service.close();
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
