/**
 * The wallet specs' world: the app's real services on a fresh data folder (so first run imports
 * a devnet key), on the e2e devnet and its access service, behind the bridge, with a page in
 * Chromium. `slowLink` holds the page's reads of transaction status and the status events, as a
 * slow connection would, so a spec can act on a stale "queued" while the chain has moved on (or
 * holds other calls it names, such as the review's sign doc while the balance moves). `refuse`
 * answers the calls it picks with an error, as a node that refuses one query or a main that
 * refuses one request would, while everything else goes through.
 */
import { appendFileSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import type { Dispatcher } from "../../electron/services/dispatcher.js";
import { createEventHub, type EventHub } from "../../electron/services/event-hub.js";
import { createServices, type Services } from "../../electron/services/create-services.js";
import { repoRoot } from "../../devnet/lib/layout.js";
import type { DevnetInfo } from "../../devnet/lib/state.js";
import { startBrowserMode, type BrowserMode } from "../../electron/bridge/browser-mode.js";
import { WAIT_MS } from "../support/app.js";
import { collectPageErrors, launchChromium } from "../support/browser.js";
import type { E2eEnv } from "../support/context.js";

export interface WalletWorld {
  readonly devnet: DevnetInfo;
  readonly services: Services;
  /** The services' data folder (the vault the suite creates is there). */
  readonly dataDir: string;
  readonly page: Page;
  /** The long-lived secret of this world's bridge, for the secret scan (never in a URL). */
  readonly bridgeSecret: string;
  readonly errors: string[];
  readonly alerts: string[];
  /** Calls main directly (not through the page), for checks a user would make elsewhere. */
  call(method: string, args?: unknown): Promise<Record<string, unknown>>;
  slowLink(on: boolean, methods?: readonly string[]): void;
  /** Refuses the calls `pick` chooses with `message` (a `rpc_error`), until called with none. */
  refuse(pick?: (method: string, args: unknown) => boolean, message?: string): void;
  close(): Promise<void>;
}

const STATUS_READS = ["tx.get", "tx.list"] as const;

/** Where a wallet world keeps the services' files (its vault among them). */
export function walletWorldDir(name = "e2e-wallet-app"): string {
  return join(repoRoot, ".devnet-test", name);
}

/** The world on the e2e devnet, or (`devnetDir`) on another, such as the explorer's four-validator one. */
export async function openWalletWorld(env: E2eEnv, options: { devnetDir?: string; dataDirName?: string } = {}): Promise<WalletWorld> {
  const devnetDir = options.devnetDir ?? env.devnetDir;
  const devnet = JSON.parse(readFileSync(join(devnetDir, "devnet.json"), "utf8")) as DevnetInfo;
  const dataDir = walletWorldDir(options.dataDirName);
  rmSync(dataDir, { recursive: true, force: true });
  // Main's unexpected failures go to a log beside the app's data, read when a spec fails.
  const internalLog = join(dataDir, "internal-errors.log");
  const onInternalError = (method: string, error: unknown) => appendFileSync(internalLog, `${new Date().toISOString()} ${method}: ${error instanceof Error ? error.message : String(error)}\n`);
  const services = await createServices({ dataDir, tokenStore: { kind: "memory" }, devnetJsonPath: join(devnetDir, "devnet.json"), bridge: true, onInternalError });
  services.start();

  let refusal: { pick: (method: string, args: unknown) => boolean; message: string } | undefined;
  let slow: { release: Promise<void>; open: () => void; methods: ReadonlySet<string>; events: boolean } | undefined;
  const dispatcher: Dispatcher = {
    async dispatch(method, args, senderOk, call) {
      if (slow?.methods.has(method)) await slow.release;
      if (refusal?.pick(method, args)) return { ok: false, error: { code: "rpc_error", message: refusal.message } };
      // The renderer's word that a call is a background refresh goes through, as it does in the app.
      return services.dispatcher.dispatch(method, args, senderOk, call);
    },
  };
  const pageEvents: EventHub = createEventHub();
  services.events.listen((event, payload) => {
    if (slow?.events && event === "tx.statusChanged") void slow.release.then(() => pageEvents.emit(event, payload));
    else pageEvents.emit(event, payload);
  });
  const rendererDir = join(repoRoot, "dist", "renderer");
  const mode: BrowserMode = await startBrowserMode({ dispatcher, events: pageEvents, rendererDir });
  const browser: Browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  const alerts: string[] = [];
  page.on("dialog", (d) => {
    alerts.push(d.message());
    void d.dismiss();
  });
  await page.goto(mode.link());

  return {
    devnet, services, dataDir, page, errors, alerts, bridgeSecret: mode.secret,
    async call(method, args = {}) {
      const answer = await services.dispatcher.dispatch(method, args);
      if (!answer.ok) throw Object.assign(new Error(`${method}: ${answer.error.code} ${answer.error.message}`), answer.error);
      return answer.value as Record<string, unknown>;
    },
    slowLink(on, methods = STATUS_READS) {
      if (on && !slow) {
        let open = () => {};
        const release = new Promise<void>((r) => (open = r));
        slow = { release, open, methods: new Set(methods), events: methods === STATUS_READS };
      } else if (!on && slow) {
        slow.open();
        slow = undefined;
      }
    },
    refuse(pick, message = "refused") {
      refusal = pick ? { pick, message } : undefined;
    },
    async close() {
      slow?.open();
      await context.close();
      await browser.close();
      await mode.close();
      await services.close();
    },
  };
}

/**
 * First run as a user takes it: "Import a recovery phrase" with `mnemonic` and `password`, then
 * wait for the app's shell; with `toWallet`, go on to the Wallet page and wait for the address.
 */
export async function importPhraseThroughPage(page: Page, mnemonic: string, password: string, options: { toWallet?: boolean } = {}): Promise<void> {
  await page.getByRole("button", { name: "Import a recovery phrase" }).click({ timeout: WAIT_MS });
  await page.getByLabel("Recovery phrase (12 or 24 words)").fill(mnemonic);
  await page.getByLabel("Password (at least 8 characters)").fill(password);
  await page.getByLabel("Password again").fill(password);
  await page.getByRole("button", { name: "Import" }).click();
  await page.locator(".shell").waitFor({ timeout: WAIT_MS });
  if (!options.toWallet) return;
  await page.getByRole("link", { name: "Wallet", exact: true }).click();
  await page.getByTestId("account-address").waitFor({ timeout: WAIT_MS });
}
