/**
 * The app the pictures are taken of: its real main-process services on a fresh data folder, on a
 * running devnet, behind the WebSocket bridge, with the built renderer served in browser mode
 * (as `npm start` falls back to and as the e2e suite drives it), and Debian's Chromium.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { createServices, type Services } from "../../electron/services/create-services.js";
import { startBrowserMode, type BrowserMode } from "../../electron/bridge/browser-mode.js";
import { repoRoot } from "../../devnet/lib/layout.js";
import { DevnetInfoSchema, type DevnetInfo } from "../../devnet/lib/state.js";

/** The time a step waits for what it needs on the page; a condition, never a fixed sleep. */
export const WAIT_MS = 30_000;
/** The size of every picture and of the tour's frames. */
export const VIEWPORT = { width: 1280, height: 800 } as const;
/** The password of the vault the pictures' demo account is opened in. */
export const PASSWORD = "screenshots password";

export type Theme = "light" | "dark";

export interface ShotWorld {
  readonly devnet: DevnetInfo;
  readonly services: Services;
  readonly mode: BrowserMode;
  readonly browser: Browser;
  /** A window of the app in `theme` (as the OS would ask for it), past its gate with `account` open. */
  openApp(theme: Theme): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  close(): Promise<void>;
}

/** Opens the world on the devnet whose `devnet.json` is in `devnetDir`, with the app's data in `dataDir` (emptied first). */
export async function openShotWorld(devnetDir: string, dataDir: string): Promise<ShotWorld> {
  const rendererDir = join(repoRoot, "dist", "renderer");
  if (!existsSync(join(rendererDir, "index.html"))) throw new Error("dist/renderer is missing: run `npx tsx scripts/build.ts renderer` first");
  const devnetJsonPath = join(devnetDir, "devnet.json");
  const devnet = DevnetInfoSchema.parse(JSON.parse(readFileSync(devnetJsonPath, "utf8")));
  rmSync(dataDir, { recursive: true, force: true });
  const services = await createServices({ dataDir, tokenStore: { kind: "memory" }, devnetJsonPath, bridge: true });
  services.start();
  const mode = await startBrowserMode({ dispatcher: services.dispatcher, events: services.events, rendererDir });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-gpu"],
  });
  return {
    devnet, services, mode, browser,
    async openApp(theme) {
      const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: theme });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(mode.link("dashboard"));
      return { context, page, errors };
    },
    async close() {
      await browser.close();
      await mode.close();
      await services.close();
    },
  };
}

/**
 * Gets past the gate: on first run, the devnet's demo account `account` with a new password;
 * afterwards, the lock screen with that password, or
 * nothing when main's wallet is still unlocked.
 */
export async function passGate(page: Page, account: string): Promise<void> {
  const demo = page.getByRole("button", { name: new RegExp(`^Use the demo account ${account}, `) });
  const lock = page.locator(".lock-screen");
  const shell = page.locator(".shell");
  await demo.or(lock).or(shell).first().waitFor({ timeout: WAIT_MS });
  if (await shell.count()) return;
  if (await lock.count()) {
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Unlock" }).click();
  } else {
    await demo.click();
    await page.locator("#new-password").fill(PASSWORD);
    await page.locator("#confirm-password").fill(PASSWORD);
    await page.getByRole("button", { name: `Use ${account}` }).click();
  }
  await page.locator(".shell").waitFor({ timeout: WAIT_MS });
}

/** Opens a page of the app by its fragment and waits for its title. */
export async function go(page: Page, route: string, title: string | RegExp): Promise<void> {
  await page.evaluate((r) => (window.location.hash = `#/${r}`), route);
  await page.locator("#page-title", { hasText: title }).waitFor({ timeout: WAIT_MS });
}
