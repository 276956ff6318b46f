/**
 * The Watch page following a watch service: the real service (watch/service) watching the
 * four-validator devnet, the real renderer in Chromium connecting its page to it through the
 * bridge, the service's alert shown on the page, and its route's failure with a test message.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, beforeAll, expect, inject, it, onTestFinished } from "vitest";
import { ServiceConfig } from "../watch/service/config.js";
import { startWatchService } from "../watch/service/service.js";
import { WAIT_MS } from "./support/app.js";
import { chromiumPages } from "./support/browser.js";
import { rpc } from "./support/chain.js";
import { explore } from "./specs/explorer/explore.js";

const pages = chromiumPages({ width: 1400, height: 1000 });
const ctx = { env: () => inject("e2e"), open: () => pages.newPage(), errors: pages.errors };
const TOKEN = "remote-watch-e2e-token-0123456789";
/** Nothing listens on port 1: the node the service finds down, and the route that fails. */
const DEAD = "http://127.0.0.1:1";
let dir: string;
let service: Awaited<ReturnType<typeof startWatchService>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "remote-watch-e2e-"));
  const [node] = inject("e2e").four.rpcs;
  const chainId = (await rpc<{ node_info: { network: string } }>(node!, "status")).node_info.network;
  service = await startWatchService(
    ServiceConfig.parse({
      dataDir: join(dir, "service"),
      listen: { host: "127.0.0.1", port: 0 },
      token: TOKEN,
      pollIntervalMs: 300,
      probeIntervalMs: 500,
      networks: [{ id: "four", name: "Four", chainId, bech32Prefix: "cosmos", rpcUrls: [node!], validators: [], nodes: [] }],
      routes: [{ type: "webhook", name: "ops", url: `${DEAD}/hook` }],
    }),
    { logger: pino({ level: "silent" }) },
  );
});
afterAll(async () => {
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

it("watch: the page connects to a watch service, says it is remote, shows the alert the service raises, and its route's failure after a test message", async () => {
  const page = await explore(ctx, "watch");
  // The four-validator app is shared with the other specs: it goes back to its own watch even when this one failed midway.
  onTestFinished(async () => {
    // On a page of its own: the test's page is closed by now.
    const back = (await explore(ctx, "watch")).getByRole("button", { name: "Use this app's own watch" });
    if (await back.isVisible()) {
      await back.click();
      await back.waitFor({ state: "detached", timeout: WAIT_MS });
    }
  });
  const source = page.getByTestId("watch-source");
  await expect.poll(() => source.getAttribute("data-source"), { timeout: WAIT_MS }).toBe("local");
  // A wrong token is refused in words at the form; nothing is kept.
  await page.getByLabel("Watch service URL").fill(service.url);
  await page.getByLabel("Token").fill("not-the-token");
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect.poll(() => page.getByTestId("watch-connect-problem").textContent(), { timeout: WAIT_MS }).toContain("refused the token");

  // Submitted by keyboard, as a keyboard user would.
  await page.getByLabel("Token").fill(TOKEN);
  await page.getByLabel("Token").press("Enter");
  await expect.poll(() => source.getAttribute("data-source"), { timeout: WAIT_MS }).toBe("remote");
  await expect.poll(() => page.getByTestId("watch-source-label").textContent(), { timeout: WAIT_MS }).toMatch(new RegExp(`^Remote: ${service.url.replace(/[.]/g, "\\.")} · last heard \\d+s ago$`));

  // The service raises an alert; the page shows it, read from the service.
  const put = await fetch(`${service.url}/v1/networks/four/lists`, { method: "PUT", headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" }, body: JSON.stringify({ validators: [], nodes: [DEAD] }) });
  expect(put.status).toBe(200);
  const alert = page.locator('[data-testid="watch-alert"][data-kind="node_down"][data-open="true"]');
  await alert.first().waitFor({ timeout: WAIT_MS });
  expect(await alert.first().textContent()).toContain("127.0.0.1:1");

  // One test message on the route, which fails: the panel names the failure.
  const route = page.getByTestId("watch-routes").locator('[data-route="ops"]');
  await route.getByRole("button", { name: "Send test message on ops" }).click();
  await expect.poll(() => route.getByTestId("watch-route-error").textContent(), { timeout: WAIT_MS }).not.toBe("—");
  await page.getByRole("button", { name: "Use this app's own watch" }).click();
  await expect.poll(() => source.getAttribute("data-source"), { timeout: WAIT_MS }).toBe("local");
  expect(ctx.errors(page)).toEqual([]);
});
