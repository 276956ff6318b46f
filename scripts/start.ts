/**
 * `npm start`: the README's first command. Brings the local devnet up (chain and access
 * service) when Go is available, builds the app, and opens it on "Local devnet". Without Go it
 * opens on the network picker and says how to get a local chain. Electron's binary is fetched
 * on first use; where that is impossible the app opens in the browser mode instead.
 *
 *   npm start                 devnet + app
 *   npm start -- --no-devnet  app only
 */
import { spawn, spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { up } from "../devnet/lib/devnet.js";
import { DevnetError } from "../devnet/lib/errors.js";
import { layoutFromEnv } from "../devnet/lib/layout.js";
import { consoleProgress } from "../devnet/lib/progress.js";
import { DEVNET_ID } from "../electron/services/networks/devnet-seed.js";
import { electronBinary, fetchElectron } from "./electron-binary.js";
import { runBrowserMode } from "./start/browser-fallback.js";

const { values } = parseArgs({ options: { "no-devnet": { type: "boolean" }, help: { type: "boolean", short: "h" } } });
if (values.help) {
  console.log("usage: npm start [-- --no-devnet]\n\nBrings up the local devnet (unless --no-devnet), then opens Cometdesk on it.");
  process.exit(0);
}
const say = (line: string) => process.stderr.write(`${line}\n`);

const layout = layoutFromEnv();
let devnetJson: string | undefined;
if (values["no-devnet"]) {
  say("• Skipping the local devnet (--no-devnet).");
} else if (spawnSync("go", ["version"]).error) {
  say("• Go is not installed, so there is no local chain. Cometdesk opens on the network list:");
  say("  pick a public network there, or install Go (https://go.dev/dl) and run `npm start` again");
  say("  to get a local devnet (the first build of its chain takes several minutes).");
} else {
  say("• Local devnet (chain and access service): bringing it up, or reusing a running one");
  try {
    const result = await up(layout, {}, consoleProgress());
    say(`✓ Local devnet ${result.alreadyRunning ? "was already running" : "is up"}: ${result.info.nodes[0]!.rpc}  (stop it with \`npm run devnet -- down\`)`);
    devnetJson = layout.devnetJson;
  } catch (error) {
    if (!(error instanceof DevnetError)) throw error;
    say(`! The devnet could not start: ${error.message}${error.hint ? `\n  ${error.hint}` : ""}`);
    say("  Cometdesk opens without it, on the network list.");
  }
}
const startRoute = devnetJson ? "node" : "networks";

say("• Building the app (renderer, main process, preload)");
const build = spawnSync("npx", ["tsx", "scripts/build.ts"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

let binary = electronBinary();
if (!binary) {
  say("• Fetching the Electron binary (first run only; npm does not run electron's install script here)");
  const fetched = fetchElectron();
  if (fetched.ok) binary = fetched.path;
  else {
    say(`! Electron could not be fetched: ${fetched.reason}.`);
    say("  Falling back to the browser mode: the same renderer and main-process services, with the");
    say("  renderer in your browser and the services behind a loopback bridge (as `npm run dev:web`).");
  }
}

if (binary) {
  say("• Opening Cometdesk");
  const child = spawn(binary, ["."], {
    stdio: "inherit",
    env: {
      ...process.env,
      ...(devnetJson ? { COMETDESK_DEVNET_JSON: devnetJson, COMETDESK_SELECT_NETWORK: DEVNET_ID } : {}),
      COMETDESK_START_ROUTE: startRoute,
    },
  });
  child.on("exit", (code) => process.exit(code ?? 0));
} else {
  await runBrowserMode({ devnetJson, startRoute, say });
}
