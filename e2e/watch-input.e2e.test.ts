/**
 * The Watch page's forms given what a new user types: a node already in the table written
 * another way, and a list already at its length. The real renderer in Chromium, the real
 * services behind the bridge, on the four-validator devnet.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import { WAIT_MS } from "./support/app.js";
import { describedBy, untiedFieldErrors } from "./support/field-errors.js";
import { chromiumPages } from "./support/browser.js";
import { explore } from "./specs/explorer/explore.js";

const pages = chromiumPages({ width: 1400, height: 1000 });
const ctx = { env: () => inject("e2e"), open: () => pages.newPage(), errors: pages.errors };

const nodeRows = (page: Page) => page.getByTestId("watch-nodes").getByTestId("watch-node");

/** Types `url` in Add node and sends it; resolves once the field is cleared (taken) or says a problem. */
async function addNode(page: Page, url: string): Promise<string> {
  const field = page.getByLabel("Node RPC address");
  await field.fill(url);
  await page.getByRole("button", { name: "Add node" }).click();
  await expect.poll(async () => (await field.inputValue()) === "" || (await describedBy(field)).invalid, { timeout: WAIT_MS }).toBe(true);
  return (await describedBy(field)).text;
}

it("watch input: the network's own node written with a slash or in capitals is said to be in the table already, and gets no second row", async () => {
  const [node] = inject("e2e").four.rpcs;
  const page = await explore(ctx, "watch");
  await expect.poll(() => nodeRows(page).count(), { timeout: WAIT_MS }).toBe(4);
  for (const typed of [`${node!}/`, node!.replace("http://", "HTTP://")]) {
    expect(await addNode(page, typed)).toMatch(/^That node is in the table already: it is one of .+'s own nodes\.$/);
    expect(await untiedFieldErrors(page)).toEqual([]);
  }
  // A node added after them shows at once.
  const marker = "http://127.0.0.1:9/marker";
  expect(await addNode(page, marker)).toBe("");
  const markerRow = page.getByTestId("watch-nodes").locator(`[data-url="${marker}"]`);
  await markerRow.waitFor({ timeout: WAIT_MS });
  expect(await nodeRows(page).count()).toBe(5);
  await markerRow.getByRole("button", { name: "Remove" }).click();
  await expect.poll(() => markerRow.count(), { timeout: WAIT_MS }).toBe(0);
  expect(ctx.errors(page)).toEqual([]);
});

it("watch input: a node past the list's length is refused at the field in words, not as an internal error", async () => {
  const page = await explore(ctx, "watch");
  // Ports nothing listens on, each path its own node; removed again below.
  const dead = Array.from({ length: 33 }, (_, i) => `http://127.0.0.1:9/n${i}`);
  for (const url of dead.slice(0, 32)) expect(await addNode(page, url)).toBe("");
  const refused = await addNode(page, dead[32]!);
  expect(refused).toBe("At most 32 added nodes per network: remove one before adding another.");
  expect(await untiedFieldErrors(page)).toEqual([]);
  // Each removed node leaves the table at once, not at the next probe (every 10 s): 32 of them
  // one after another would outlast the test otherwise.
  for (const url of dead.slice(0, 32)) {
    const row = page.getByTestId("watch-nodes").locator(`[data-url="${url}"]`);
    await row.getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => row.count(), { timeout: WAIT_MS }).toBe(0);
  }
  expect(await nodeRows(page).count()).toBe(4);
  expect(ctx.errors(page)).toEqual([]);
});

it("watch input: a node just added has its row at once, checking, and then what its first probe found", async () => {
  // A node that holds every request until the test lets it go, then drops the connection.
  const held: ServerResponse[] = [];
  let holding = true;
  const server = createServer((_req, res) => (holding ? held.push(res) : res.socket?.destroy()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const page = await explore(ctx, "watch");
    await expect.poll(() => nodeRows(page).count(), { timeout: WAIT_MS }).toBe(4);
    expect(await addNode(page, url)).toBe("");
    const row = page.getByTestId("watch-nodes").locator(`[data-url="${url}"]`);
    // Its row is there while the node has not answered: the add is seen, not lost for a probe round.
    await expect.poll(() => row.getByTestId("node-flags").textContent(), { timeout: WAIT_MS }).toBe("checking…");
    await expect.poll(() => held.length, { timeout: WAIT_MS }).toBeGreaterThan(0);
    expect(await row.getByTestId("node-height").textContent()).toBe("–");
    holding = false;
    held.splice(0).forEach((res) => res.socket?.destroy());
    await expect.poll(() => row.getByTestId("node-flags").textContent(), { timeout: 30_000 }).toMatch(/^down/);
    await row.getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => row.count(), { timeout: WAIT_MS }).toBe(0);
    expect(ctx.errors(page)).toEqual([]);
  } finally {
    held.splice(0).forEach((res) => res.socket?.destroy());
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
