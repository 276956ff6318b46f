/**
 * `npm run dev`: Vite with hot reload for the renderer, and Electron on top of it.
 * `npm run dev:web`: Vite, plus the app's services behind the WebSocket bridge, so the
 * renderer runs in any browser (no Electron needed). Both use a running devnet if there is one.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createServer } from "vite";
import { startBridgeServer } from "../electron/bridge/bridge-server.js";
import { createServices, READ_WORKER_WARM_MS } from "../electron/services/create-services.js";
import { layoutFromEnv, repoRoot } from "../devnet/lib/layout.js";
import { electronBinary, fetchElectron } from "./electron-binary.js";
import { appLink } from "../electron/bridge/browser-mode.js";
import { linksOnEnter } from "./start/links-on-enter.js";
import { packageVersion } from "./start/package-version.js";

const say = (line: string) => process.stderr.write(`${line}\n`);
let web = process.argv.includes("--web");
const devnetJson = layoutFromEnv().devnetJson;
const devnet = existsSync(devnetJson) ? devnetJson : undefined;
if (!devnet) say("• No local devnet recorded (.devnet/devnet.json); `npm run devnet -- up` starts one.");

let binary: string | undefined;
if (!web) {
  binary = electronBinary();
  if (!binary) {
    const fetched = fetchElectron();
    if (fetched.ok) binary = fetched.path;
    else {
      say(`! Electron could not be fetched (${fetched.reason}); running the renderer in the browser instead, as dev:web.`);
      web = true;
    }
  }
}

const vite = await createServer({ configFile: join(repoRoot, "vite.config.ts") });
await vite.listen();
const viteOrigin = `http://${vite.config.server.host ?? "127.0.0.1"}:${vite.config.server.port}`;

if (web) {
  const services = await createServices({
    dataDir: join(repoRoot, ".cometdesk-web"),
    tokenStore: { kind: "file" },
    devnetJsonPath: devnet,
    bridge: true,
    version: packageVersion(),
    warmReadWorkerAfterMs: READ_WORKER_WARM_MS,
    onInternalError: (method, error) => console.error(`[services] ${method}`, error),
  });
  services.start();
  const bridge = await startBridgeServer({ dispatcher: services.dispatcher, events: services.events, allowedOrigins: [viteOrigin], allowMissingOrigin: false });
  // A one-time ticket in the link, never the bridge's secret (electron/bridge/bridge-credentials.ts).
  const base = `${viteOrigin}/?${new URLSearchParams({ bridge: bridge.url })}`;
  say(`✓ Renderer with hot reload, services behind the bridge. Open (works once, within 5 minutes; Enter here makes a new one):\n\n    ${appLink(base, bridge.issueTicket())}\n`);
  const stopLinks = linksOnEnter(() => appLink(base, bridge.issueTicket()), say);
  const stop = async () => {
    stopLinks();
    await bridge.close();
    await services.close();
    await vite.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop());
  process.once("SIGTERM", () => void stop());
} else {
  const build = spawnSync("npx", ["tsx", "scripts/build.ts", "electron"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const child = spawn(binary!, ["."], { stdio: "inherit", env: { ...process.env, COMETDESK_DEV_SERVER_URL: viteOrigin, ...(devnet ? { COMETDESK_DEVNET_JSON: devnet } : {}) } });
  child.on("exit", (code) => void vite.close().then(() => process.exit(code ?? 0)));
}
