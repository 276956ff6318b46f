/**
 * `npm start` without Electron: the services behind the bridge and the built renderer on
 * loopback, opened in the system browser where there is a display. Runs until Ctrl+C.
 */
import { join } from "node:path";
import { createServices, READ_WORKER_WARM_MS } from "../../electron/services/create-services.js";
import { DEVNET_ID } from "../../electron/services/networks/devnet-seed.js";
import { repoRoot } from "../../devnet/lib/layout.js";
import { startBrowserMode } from "../../electron/bridge/browser-mode.js";
import { linksOnEnter } from "./links-on-enter.js";
import { offerLinkRenewal, webDataDir } from "./link-renewal.js";
import { openInBrowser } from "./open-in-browser.js";
import { packageVersion } from "./package-version.js";

export interface BrowserFallbackOptions {
  readonly devnetJson: string | undefined;
  readonly startRoute: string;
  readonly say: (line: string) => void;
}

export async function runBrowserMode(options: BrowserFallbackOptions): Promise<void> {
  // Browser mode has no OS keychain: tokens live in a file only the owner can read.
  const dataDir = webDataDir(repoRoot);
  const services = await createServices({
    dataDir,
    tokenStore: { kind: "file" },
    devnetJsonPath: options.devnetJson,
    bridge: true,
    version: packageVersion(),
    warmReadWorkerAfterMs: READ_WORKER_WARM_MS,
    onInternalError: (method, error) => console.error(`[services] ${method}`, error),
  });
  // Open on the devnet that `npm start` just brought up, whatever was selected last time.
  if (options.devnetJson) await services.dispatcher.dispatch("network.select", { id: DEVNET_ID });
  services.start();
  const mode = await startBrowserMode({
    dispatcher: services.dispatcher,
    events: services.events,
    rendererDir: join(repoRoot, "dist", "renderer"),
    rendererPort: Number(process.env.COMETDESK_WEB_PORT ?? 0) || undefined,
  });
  // The link carries a one-time ticket, not the bridge's secret: the first tab to open it trades
  // it for a session of its own, and it is useless after that (or after 5 minutes unused), so
  // neither the opener's command line nor the browser's history keeps anything that opens the app.
  const url = mode.link(options.startRoute);
  options.say(`✓ Cometdesk is running in browser mode (data in ${dataDir}). Open:\n\n    ${url}\n`);
  // Without this terminal, `npm run open-link` asks the running app for the next link.
  const stopRenewal = await offerLinkRenewal(dataDir, { ticketUrl: mode.ticketUrl, secret: mode.secret, baseUrl: mode.baseUrl, route: options.startRoute }, url);
  options.say(`  The link works once, within 5 minutes; press Enter here for a new one, or run \`npm run open-link\` (no terminal needed; it also writes the link to ${join(dataDir, "open-link.txt")}). Ctrl+C stops the app.`);
  openInBrowser(url, options.say);
  const stopLinks = linksOnEnter(() => mode.link(options.startRoute), options.say);

  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  stopLinks();
  await stopRenewal();
  options.say("\n• Stopping (the devnet keeps running; `npm run devnet -- down` stops it)");
  await mode.close();
  await services.close();
  process.exit(0);
}
