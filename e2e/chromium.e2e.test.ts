/**
 * The shell's specs against the real renderer (dist/renderer) in Debian's Chromium, talking
 * to the real main-process services through the WebSocket bridge, on a real devnet.
 */
import { expect, inject, it } from "vitest";
import { addNetworkByForm, passGate, WAIT_MS } from "./support/app.js";
import { appLink } from "./support/app-link.js";
import { chromiumPages } from "./support/browser.js";
import { expectBusyButton, holdAnswers, pressWhileHeld } from "./support/held-answers.js";
import { shellSpecs } from "./specs/all-specs.js";
import { secretScanSpec } from "./specs/secret-scan-spec.js";
import { E2E_PASSWORD } from "./support/context.js";

const pages = chromiumPages({ width: 1200, height: 800 });

shellSpecs({
  env: () => inject("e2e"),
  open: async () => {
    const page = await pages.newPage();
    await page.goto(await appLink(inject("e2e")));
    return page;
  },
  errors: pages.errors,
});

// Browser mode only: without the bridge in its URL the renderer explains how to start the app.
it("says how to start the app when opened without its main process", async () => {
  const page = await pages.newPage();
  const url = new URL(inject("e2e").appUrl);
  await page.goto(`${url.origin}${url.pathname}`);
  const alert = page.getByRole("alert");
  await alert.waitFor();
  expect(await alert.textContent()).toContain("npm start");
});

// Browser mode only: a link's one-time ticket opens one tab, leaves its address at once, and
// opens nothing after that; the tab itself keeps working across reloads on its session secret.
it("opens the app once per link: the ticket leaves the address, a second tab is refused, a reload still works", async () => {
  const link = await appLink(inject("e2e"), "node");
  const first = await pages.newPage();
  await first.goto(link);
  await passGate(first);
  expect(first.url()).not.toContain("ticket=");
  expect(first.url()).toContain("#/");
  const second = await pages.newPage();
  await second.goto(link);
  const alert = second.getByRole("alert");
  await alert.waitFor();
  expect(await alert.textContent()).toContain("works once");
  await first.reload();
  await passGate(first);
  await expect.poll(() => first.getByTestId("node-height").textContent(), { timeout: WAIT_MS }).toMatch(/^\d+$/);
});

// The first screen's calls go out side by side (App.tsx, startupQueries): the selected node's
// status is not held back until the network list has answered.
it("asks for the node's status with its first calls, before the network list answers", async () => {
  const page = await pages.newPage();
  const log: Array<{ sent: string; id: unknown } | { answered: unknown }> = [];
  const frame = (payload: string | Buffer): { type?: unknown; id?: unknown; method?: unknown } => JSON.parse(typeof payload === "string" ? payload : payload.toString("utf8")) as never;
  page.on("websocket", (ws) => {
    ws.on("framesent", ({ payload }) => {
      const f = frame(payload);
      if (f.type === "call") log.push({ sent: String(f.method), id: f.id });
    });
    ws.on("framereceived", ({ payload }) => {
      const f = frame(payload);
      if (f.type === "result") log.push({ answered: f.id });
    });
  });
  await page.goto(await appLink(inject("e2e"), "dashboard"));
  await passGate(page);
  await expect.poll(() => page.locator('[data-testid="dashboard-facts"] [data-fact="Height"]').textContent(), { timeout: WAIT_MS }).toMatch(/^\s*\d+\s*$/);
  const list = log.find((e) => "sent" in e && e.sent === "network.list") as { id: unknown } | undefined;
  const listAnswered = log.findIndex((e) => "answered" in e && e.answered === list?.id);
  const statusSent = log.findIndex((e) => "sent" in e && e.sent === "chain.status");
  expect(list).toBeDefined();
  expect(listAnswered).toBeGreaterThan(-1);
  expect(statusSent).toBeGreaterThan(-1);
  expect(statusSent).toBeLessThan(listAnswered);
});

// A move to a page whose chunk is not in yet is a transition (use-route.ts): the page shown stays
// on screen, marked busy, until the chunk is in, instead of a loading state whose replacement
// React holds back for up to 300 ms.
it("keeps the page shown, marked busy, while the next page's chunk loads, then shows that page", async () => {
  const page = await pages.newPage();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/assets\/MempoolPage-[^/]*\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await page.goto(await appLink(inject("e2e"), "dashboard"));
  await passGate(page);
  const facts = page.getByTestId("dashboard-facts");
  await facts.waitFor({ timeout: WAIT_MS });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Mempool", exact: true }).click();
  await expect.poll(() => asked).toBe(true);
  // The chunk is held: the dashboard is still there, no loading state took its place, and the page says it is busy.
  expect(await facts.isVisible()).toBe(true);
  expect(await page.getByText("Loading the page").count()).toBe(0);
  await expect.poll(() => page.getByTestId("page-content").getAttribute("aria-busy")).toBe("true");
  release();
  await expect.poll(() => page.locator("#page-title").textContent(), { timeout: WAIT_MS }).toBe("Mempool");
  await expect.poll(() => page.getByTestId("page-content").getAttribute("aria-busy")).toBeNull();
  expect(await facts.count()).toBe(0);
});

// A window left open while the app's files are rebuilt or updated asks for a page chunk that is
// gone: it says the app was updated and offers the reload that fixes it, not a bug's raw message.
it("says the app was updated, with Reload focused, when a page's chunk cannot be loaded", async () => {
  const page = await pages.newPage();
  let asked = false;
  await page.route(/\/assets\/ConsolePage-[^/]*\.js$/, async (route) => {
    asked = true;
    await route.abort();
  });
  await page.goto(await appLink(inject("e2e"), "dashboard"));
  await passGate(page);
  await page.getByTestId("dashboard-facts").waitFor({ timeout: WAIT_MS });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "ABCI & RPC", exact: true }).click();
  const alert = page.getByRole("alert");
  await expect.poll(() => alert.getByRole("heading").textContent(), { timeout: WAIT_MS }).toBe("Cometdesk was updated");
  expect(asked).toBe(true);
  expect(await alert.textContent()).toContain("Reload to load the new version");
  expect(await alert.textContent()).not.toContain("dynamically imported module");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Reload");
  // The reload reads the files as they are now: here the chunk is served again and the page opens.
  await page.unroute(/\/assets\/ConsolePage-[^/]*\.js$/);
  await page.keyboard.press("Enter");
  await passGate(page);
  await expect.poll(() => page.locator("#page-title").textContent(), { timeout: WAIT_MS }).toBe("ABCI & RPC");
});

// The loading screen is in index.html itself, so the window paints it before any script has
// arrived or run (docs/benchmarks.md, "Cold start"): here no script ever arrives.
it("shows its loading screen before any script runs", async () => {
  const page = await pages.newPage();
  await page.route("**/*.js", (route) => route.abort());
  await page.goto(inject("e2e").appUrl);
  const status = page.getByRole("status");
  await status.waitFor();
  expect(await status.textContent()).toContain("Loading");
  expect(await page.locator("main[aria-busy=true]").isVisible()).toBe(true);
});

// While the window waits for its connection (main.tsx), it does what needs no answer from main:
// the stored theme is shown already, and React has not taken the loading screen's root (a root
// handles every event in its container, the spinner's own included).
it("shows the stored theme and leaves the loading screen to the browser while it connects", async () => {
  const page = await pages.newPage();
  await page.addInitScript(() => {
    if (!localStorage.getItem("cometdesk.theme")) localStorage.setItem("cometdesk.theme", matchMedia("(prefers-color-scheme: dark)").matches ? "light" : "dark");
  });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/assets\/bridge-api-[^/]*\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await page.goto(await appLink(inject("e2e"), "dashboard"));
  await expect.poll(() => asked).toBe(true);
  await page.waitForFunction(() => document.readyState !== "loading"); // the entry has run
  const stored = await page.evaluate(() => localStorage.getItem("cometdesk.theme"));
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(stored);
  expect(await page.getByRole("status").textContent()).toContain("Loading");
  expect(await page.evaluate(() => Object.keys(document.getElementById("root")!).filter((k) => /^_+react/i.test(k)))).toEqual([]);
  release();
  await passGate(page);
  await expect.poll(() => page.locator('[data-testid="dashboard-facts"] [data-fact="Height"]').textContent(), { timeout: WAIT_MS }).toMatch(/^\s*\d+\s*$/);
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(stored);
});

// The Networks page's buttons pressed by keyboard with main's answer held back in the page's
// socket: each says what it is doing, takes no second press, and keeps the keyboard's focus.
it("keeps Add network and Use focused and marked busy while main works", async () => {
  const page = await pages.newPage();
  const answers = await holdAnswers(page);
  await page.goto(await appLink(inject("e2e")));
  await passGate(page);
  await page.getByRole("link", { name: "Networks" }).click();
  const network = { name: "Held net", chainId: "held-1", rpcUrl: "http://127.0.0.1:9", denom: "uheld", offline: true };
  await addNetworkByForm(page, network, (button) => pressWhileHeld(answers, "network.add", button, () => expectBusyButton(page, "Saving…")));
  await pressWhileHeld(answers, "network.select", page.getByRole("button", { name: "Use Held net" }), () => expectBusyButton(page, "Switching to Held net…"));
  await expect.poll(() => page.getByTestId("node-status").locator(".status-network").textContent(), { timeout: WAIT_MS }).toBe("Held net");
  await page.getByLabel("Network", { exact: true }).selectOption({ index: 0 });
  await expect.poll(() => page.getByRole("button", { name: "Use Held net" }).count(), { timeout: WAIT_MS }).toBe(1);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Remove Held net" }).click();
  await expect.poll(() => page.locator("tr", { hasText: "Held net" }).count(), { timeout: WAIT_MS }).toBe(0);
  expect(pages.errors(page)).toEqual([]);
});

// Last: the whole suite's bridge traffic, DOM and storage hold none of the run's secrets.
secretScanSpec(() => {
  const env = inject("e2e");
  return {
    devnetDirs: [env.devnetDir, env.four.devnetDir],
    vaults: [{ dataDir: env.dataDir, password: E2E_PASSWORD }],
    bridges: [{ label: "the e2e bridge's secret", secret: env.bridge.secret }],
  };
});
