/**
 * The access service with a fault hook, for crash tests; it takes the CLI's settings flags.
 * `--die-after-submit` kills it (SIGKILL) right after the first new submission is durable and
 * before it is answered: the client's connection is cut after the service wrote its record.
 */
import { parseArgs } from "node:util";
import pino from "pino";
import { CONFIG_FLAGS, loadConfig } from "../lib/config.js";
import { startService } from "../service.js";

const { values } = parseArgs({ options: { ...CONFIG_FLAGS, "die-after-submit": { type: "boolean" } } });
const flags: Readonly<Record<string, string | boolean | undefined>> = values;
const config = loadConfig(flags);
const service = await startService(config, pino({ level: config.logLevel }), values["die-after-submit"] ? { afterSubmit: () => process.kill(process.pid, "SIGKILL") } : {});
process.once("SIGTERM", () => void service.close().then(() => process.exit(0)));
