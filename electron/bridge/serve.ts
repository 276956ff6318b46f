/**
 * `npm run bridge`: the app's services over the WebSocket bridge, for e2e tests and
 * `npm run dev:web`. Prints one JSON line `{"port","secret","url"}` on stdout when ready;
 * everything else goes to stderr. A client in Node offers the secret as a WebSocket
 * subprotocol (renderer/bridge/bridge-client.ts), never in the URL; a browser tab's link needs
 * a one-time ticket from `POST http://127.0.0.1:<port>/ticket` with `Authorization: Bearer <secret>`.
 * Its flags are USAGE below (`npm run bridge -- --help`).
 *
 *   COMETDESK_BRIDGE_SECRET  use this secret instead of a random one (an environment
 *                            variable, readable only by your user, unlike a command line)
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createServices, READ_WORKER_WARM_MS } from "../services/create-services.js";
import { startBridgeServer } from "./bridge-server.js";

const USAGE = `usage: npm run bridge [-- options]

The app's services over the WebSocket bridge; prints {"port","secret","url"} on stdout when ready.

options:
  --port N            listen on N (default: a free port)
  --data-dir DIR      the services' data folder (default: a new temporary folder)
  --devnet PATH       devnet.json to seed "Local devnet" from (default: .devnet/devnet.json)
  --tokens KIND       memory (default) or file (a private file under the data dir)
  --origin URL        a browser origin allowed to connect (repeatable)
  --help              this text

environment:
  COMETDESK_BRIDGE_SECRET  use this secret instead of a random one (readable only by your user,
                           unlike a command line)`;

const { values } = parseArgs({
  options: {
    help: { type: "boolean" },
    port: { type: "string", default: "0" },
    "data-dir": { type: "string" },
    devnet: { type: "string", default: ".devnet/devnet.json" },
    tokens: { type: "string", default: "memory" },
    origin: { type: "string", multiple: true, default: [] },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0..65535, got ${values.port}`);
if (values.tokens !== "memory" && values.tokens !== "file") throw new Error(`--tokens must be memory or file, got ${values.tokens}`);

const services = await createServices({
  dataDir: resolve(values["data-dir"] ?? mkdtempSync(join(tmpdir(), "cometdesk-bridge-"))),
  tokenStore: { kind: values.tokens },
  devnetJsonPath: resolve(values.devnet),
  bridge: true,
  warmReadWorkerAfterMs: READ_WORKER_WARM_MS,
  version: process.env.npm_package_version ?? "0.0.0",
  onInternalError: (method, error) => process.stderr.write(`[bridge] ${method}: ${error instanceof Error ? error.stack : String(error)}\n`),
});
const server = await startBridgeServer({
  dispatcher: services.dispatcher,
  events: services.events,
  port,
  secret: process.env.COMETDESK_BRIDGE_SECRET || undefined,
  allowedOrigins: values.origin,
});
services.start();
process.stdout.write(`${JSON.stringify({ port: server.port, secret: server.secret, url: server.url })}\n`);

const shutdown = async () => {
  await server.close();
  await services.close();
  process.exit(0);
};
process.on("SIGINT", () => void shutdown());
process.on("SIGTERM", () => void shutdown());
