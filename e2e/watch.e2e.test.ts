/**
 * The watch's page against the four-validator devnet: the real renderer in Chromium, the real
 * services behind the bridge (the watch runs in them as in the app), compared with the nodes.
 */
import type { Locator } from "playwright-core";
import { expect, inject, it } from "vitest";
import { addNetworkByForm, passGate, WAIT_MS } from "./support/app.js";
import { describedBy, untiedFieldErrors } from "./support/field-errors.js";
import { appLink } from "./support/app-link.js";
import { chromiumPages } from "./support/browser.js";
import { rpc } from "./support/chain.js";
import { stakingValidators } from "./support/staking.js";
import { explore, exploreHolding } from "./specs/explorer/explore.js";
import { expectBusyButton, pressWhileHeld } from "./support/held-answers.js";
import { pressHeld } from "./wallet/press-held.js";
import { openWalletWorld } from "./wallet/wallet-world.js";

const pages = chromiumPages({ width: 1400, height: 1000 });
const ctx = { env: () => inject("e2e"), open: () => pages.newPage(), errors: pages.errors };
const DEAD = "http://127.0.0.1:1";

/** How many lines the words of a field's label take (the label is a column above its input). */
const labelLines = (field: Locator) =>
  field.evaluate((input) => {
    const label = input.closest("label")!;
    const tops: number[] = [];
    const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const words = document.createRange();
      words.selectNodeContents(text);
      for (const r of words.getClientRects()) if (r.width > 0) tops.push(r.top);
    }
    // Text of a smaller size on the same line sits a few pixels lower: a new line is a font size or more down.
    const step = parseFloat(getComputedStyle(label).fontSize);
    return tops.sort((a, b) => a - b).filter((top, i, all) => i === 0 || top - all[i - 1]! >= step).length;
  });

it("watch: every node side by side with the node's own height, and a validator added by operator address counts its signatures", async () => {
  const nodes = inject("e2e").four.rpcs;
  const { page, answers } = await exploreHolding(ctx, "watch");
  const table = page.getByTestId("watch-nodes");
  await expect.poll(() => table.getByTestId("watch-node").count(), { timeout: WAIT_MS }).toBe(4);
  for (const url of nodes) {
    const row = table.locator(`[data-url="${url}"]`);
    await expect.poll(() => row.getByTestId("node-flags").textContent(), { timeout: WAIT_MS }).toBe("ok");
    const shown = Number(await row.getByTestId("node-height").textContent());
    const now = Number((await rpc<{ sync_info: { latest_block_height: string } }>(url, "status")).sync_info.latest_block_height);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(now);
    // The key the node signs with, as its status says, in short with its power; each node its own, so none is marked shared.
    const key = (await rpc<{ validator_info: { pub_key: { value: string } } }>(url, "status")).validator_info.pub_key.value;
    await expect.poll(() => row.getByTestId("node-key").textContent(), { timeout: WAIT_MS }).toMatch(/^\S{8}… power \d+$/);
    expect(await row.getByTestId("node-key").textContent()).toContain(key.slice(0, 8));
  }

  const [first] = await stakingValidators(nodes[0]!);
  await page.getByLabel("Validator address").fill("cosmosvaloper1notanaddress");
  await page.getByRole("button", { name: "Watch", exact: true }).click();
  await expect.poll(async () => (await describedBy(page.getByLabel("Validator address"))).text, { timeout: WAIT_MS }).toBe("Not a validator address: give its …valoper1… or …valcons1… address, or its 40-digit hex address (a moniker will not do).");
  expect(await page.getByLabel("Validator address").evaluate((input) => input === document.activeElement)).toBe(true);
  await expect.poll(() => page.getByTestId("watch-row").count()).toBe(0);

  // The optional field's label reads on one line, level with its neighbour's, not "Label" over "(optional)".
  expect(await labelLines(page.getByLabel("Validator address"))).toBe(1);
  expect(await labelLines(page.getByLabel(/^Label/))).toBe(1);
  await page.getByLabel("Validator address").fill(first!.operator);
  await page.getByLabel(/^Label/).fill("first");
  // Pressed by keyboard while main resolves the address: it says so and keeps the focus.
  await pressWhileHeld(answers, "watch.addValidator", page.getByRole("button", { name: "Watch", exact: true }), () => expectBusyButton(page, "Adding…"));
  const row = page.locator(`[data-testid="watch-row"][data-address="${first!.address}"]`);
  await row.waitFor({ timeout: WAIT_MS });
  // Each block read from the feed's commits moves the count, live, through main's events.
  await expect.poll(async () => Number(((await row.getByTestId("watch-signed").textContent()) ?? "0").split(" / ")[0]), { timeout: WAIT_MS }).toBeGreaterThan(3);
  expect(await row.getByTestId("watch-uptime").textContent()).toMatch(/%$/);
  expect(await row.getByTestId("missed-chart").getAttribute("aria-label")).toMatch(/^\d+ missed in heights \d+–\d+$/);
  expect(await page.getByTestId("watch-set").getByRole("row").count()).toBe(5); // the header and the four validators
  // The devnet runs x/upgrade with no plan scheduled: the page reads it and says so.
  await expect.poll(() => page.getByTestId("watch-upgrade").textContent(), { timeout: WAIT_MS }).toBe("No upgrade is planned.");
  expect(ctx.errors(page)).toEqual([]);
});

it("watch: a hex address that no validator of the chain has is kept on the list and said to be not in the validator set", async () => {
  const [, second] = await stakingValidators(inject("e2e").four.rpcs[0]!);
  const page = await explore(ctx, "watch");
  const stranger = "AB".repeat(20); // 20 bytes, well formed, and no validator's
  const field = page.getByLabel("Validator address");
  for (const address of [stranger, second!.address.toLowerCase()]) {
    await field.fill(address);
    await page.getByRole("button", { name: "Watch", exact: true }).click();
    await expect.poll(() => field.inputValue(), { timeout: WAIT_MS }).toBe("");
  }
  const unknown = page.locator(`[data-testid="watch-row"][data-address="${stranger}"]`);
  await expect.poll(() => unknown.getByTestId("watch-state").textContent(), { timeout: WAIT_MS }).toMatch(/^not in the validator set/);
  expect(await unknown.getByTestId("watch-state-hint").textContent()).toBe("No validator of this network has this address: check it, or its blocks count once it joins.");
  // A validator of the set given by its hex address is not: it signs.
  const known = page.locator(`[data-testid="watch-row"][data-address="${second!.address}"]`);
  await expect.poll(async () => Number(((await known.getByTestId("watch-signed").textContent()) ?? "0").split(" / ")[0]), { timeout: WAIT_MS }).toBeGreaterThan(0);
  expect(await known.getByTestId("watch-state").textContent()).not.toMatch(/not in the validator set/);
  // The four-validator app is shared with the other specs: off the list again.
  for (const row of [unknown, known]) {
    await row.getByRole("button", { name: "Stop watching" }).click();
    await expect.poll(() => row.count(), { timeout: WAIT_MS }).toBe(0);
  }
  expect(ctx.errors(page)).toEqual([]);
});

it("watch: a node that does not answer raises an alert in the history and a desktop notification, and can be acknowledged and snoozed", async () => {
  const page = await ctx.open();
  await page.context().grantPermissions(["notifications"]);
  // Records each notification the page shows, then shows it through the browser's own API.
  await page.addInitScript(() => {
    const Real = window.Notification;
    const shown: string[] = [];
    (window as unknown as { __shown: string[] }).__shown = shown;
    window.Notification = class extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push(title);
      }
    } as typeof Notification;
  });
  await page.goto(await appLink(inject("e2e").four, "watch"));
  await passGate(page);
  if (!page.url().endsWith("#/watch")) await page.evaluate(() => (window.location.hash = "#/watch"));
  await page.locator("#page-title").waitFor({ timeout: WAIT_MS });
  // CometBFT's laddr as config.toml has it: said at the field, and nothing sent.
  await page.getByLabel("Node RPC address").fill("tcp://127.0.0.1:26657");
  await page.getByRole("button", { name: "Add node" }).click();
  await expect.poll(async () => (await describedBy(page.getByLabel("Node RPC address"))).text, { timeout: WAIT_MS }).toBe("The node's RPC address must start with http:// or https://: try http://127.0.0.1:26657.");
  expect(await describedBy(page.getByLabel("Node RPC address"))).toMatchObject({ invalid: true });
  expect(await page.getByLabel("Node RPC address").evaluate((input) => input === document.activeElement)).toBe(true);
  expect(await untiedFieldErrors(page)).toEqual([]);
  // No row for it: the network's own nodes come in as they are probed, so their count is no measure.
  expect(await page.locator('[data-testid="watch-node"][data-url^="tcp:"]').count()).toBe(0);
  await page.getByLabel("Node RPC address").fill(DEAD);
  await page.getByRole("button", { name: "Add node" }).click();
  const row = page.getByTestId("watch-nodes").locator(`[data-url="${DEAD}"]`);
  await expect.poll(() => row.getByTestId("node-flags").textContent(), { timeout: 30_000 }).toMatch(/^down/);
  const alert = page.getByTestId("watch-alert").filter({ hasText: `Node down: ${DEAD}` });
  await alert.waitFor({ timeout: WAIT_MS });
  expect(await alert.getAttribute("data-open")).toBe("true");
  await expect.poll(() => page.evaluate(() => (window as unknown as { __shown: string[] }).__shown), { timeout: WAIT_MS }).toContain(`Node down: ${DEAD}`);
  await alert.getByRole("button", { name: "Acknowledge" }).click();
  await expect.poll(() => alert.textContent(), { timeout: WAIT_MS }).toContain("Acknowledged.");
  await alert.getByRole("button", { name: "Snooze 1 h" }).click();
  await expect.poll(() => alert.textContent(), { timeout: WAIT_MS }).toContain("Snoozed until");
  await row.getByRole("button", { name: "Remove" }).click();
  await expect.poll(() => page.getByTestId("watch-nodes").locator(`[data-url="${DEAD}"]`).count(), { timeout: WAIT_MS }).toBe(0);
  expect(ctx.errors(page)).toEqual([]);
});

it("watch: an acknowledge or a snooze that main refuses says why under the alert, named by the button pressed", async () => {
  const env = inject("e2e");
  // A world of its own on the four-validator devnet, whose main can be made to refuse a call.
  const w = await openWalletWorld(env, { devnetDir: env.four.devnetDir, dataDirName: "e2e-watch-four-app" });
  try {
    const page = w.page;
    await passGate(page);
    await page.evaluate(() => (window.location.hash = "#/watch"));
    await page.getByLabel("Node RPC address").fill(DEAD, { timeout: WAIT_MS });
    // Each button pressed by keyboard while main works says so and keeps the focus.
    await pressHeld(w, "watch.addNode", page.getByRole("button", { name: "Add node" }), () => expectBusyButton(page, "Adding…"));
    const alert = page.getByTestId("watch-alert").filter({ hasText: `Node down: ${DEAD}` });
    await alert.waitFor({ timeout: 30_000 });
    const acknowledge = alert.getByRole("button", { name: "Acknowledge" });
    const snooze = alert.getByRole("button", { name: "Snooze 1 h" });
    // What main says of an alert that left its history since the page read it.
    const gone = (verb: string) => `That alert is no longer in the history, so there is nothing to ${verb}.`;
    w.refuse((method) => method === "watch.acknowledge", gone("acknowledge"));
    await acknowledge.click();
    await expect.poll(async () => (await describedBy(acknowledge)).text, { timeout: WAIT_MS }).toBe(gone("acknowledge"));
    expect(await alert.getByRole("alert").textContent()).toBe(gone("acknowledge"));
    expect(await alert.textContent()).not.toContain("Acknowledged.");
    expect(await untiedFieldErrors(page)).toEqual([]);

    w.refuse((method) => method === "watch.snooze", gone("snooze"));
    await snooze.click();
    await expect.poll(async () => (await describedBy(snooze)).text, { timeout: WAIT_MS }).toBe(gone("snooze"));
    expect((await describedBy(acknowledge)).text).toBe("");
    expect(await untiedFieldErrors(page)).toEqual([]);

    // Once main takes it, the problem goes and the alert says what was done.
    w.refuse();
    await pressHeld(w, "watch.acknowledge", acknowledge, () => expectBusyButton(page, "Acknowledging…"));
    await expect.poll(() => alert.textContent(), { timeout: WAIT_MS }).toContain("Acknowledged.");
    expect(await alert.getByTestId("watch-alert-problem").count()).toBe(0);
    await pressHeld(w, "watch.snooze", snooze, () => expectBusyButton(page, "Snoozing…"));
    await expect.poll(() => alert.textContent(), { timeout: WAIT_MS }).toContain("Snoozed until");
    expect(w.errors).toEqual([]);
  } finally {
    await w.close();
  }
});

it("watch: the rules are checked before they are sent, saved, and still there after a reload", async () => {
  const { page, answers } = await exploreHolding(ctx, "watch");
  await page.getByText("Alert rules and webhook").click();
  const form = page.getByRole("form", { name: "Alert rules" });
  const before = [await form.getByLabel("Missed at least").inputValue(), await form.getByLabel("Of the last (blocks)").inputValue()];
  // "Clear after" says that a validator's misses stay counted until they leave the blocks counted,
  // and names the chain's signed-blocks window in blocks and time.
  await expect.poll(async () => (await describedBy(form.getByLabel("Clear after (seconds away)"))).text, { timeout: WAIT_MS }).toMatch(
    new RegExp(`^An alert clears once its condition has stayed away this long\\. A validator that signs again still has its misses counted until they leave the last ${before[1]} blocks \\(about \\d+ s\\).* signed-blocks window of [\\d,]+ blocks \\(about \\d+ (s|min)\\)`),
  );
  await form.getByLabel("Missed at least").fill("9");
  await form.getByLabel("Of the last (blocks)").fill("4");
  await form.getByRole("button", { name: "Save rules" }).click();
  await expect.poll(async () => (await describedBy(form.getByLabel("Missed at least"))).text, { timeout: WAIT_MS }).toBe("Cannot be more than the 4 blocks counted in “Of the last”.");
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("watch-rule-missed");
  expect(await untiedFieldErrors(page)).toEqual([]);
  // Rules main would take with a webhook it would not: neither is sent, so the rules stay unsaved.
  await form.getByLabel("Missed at least").fill("4");
  await form.getByLabel("Of the last (blocks)").fill("11");
  await form.getByLabel(/^Webhook URL/).fill("localhost:9000/hook");
  await form.getByRole("button", { name: "Save rules" }).click();
  await expect.poll(async () => (await describedBy(form.getByLabel(/^Webhook URL/))).text, { timeout: WAIT_MS }).toBe("The webhook's address must start with http:// or https://: try http://localhost:9000/hook.");
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("watch-rule-webhook");
  expect(await form.getByRole("status").count()).toBe(0);
  await page.reload();
  await passGate(page);
  await page.getByText("Alert rules and webhook").click({ timeout: WAIT_MS });
  expect([await form.getByLabel("Missed at least").inputValue(), await form.getByLabel("Of the last (blocks)").inputValue()]).toEqual(before);
  expect(await form.getByLabel(/^Webhook URL/).inputValue()).toBe("");
  await form.getByLabel("Missed at least").fill("3");
  await form.getByLabel("Of the last (blocks)").fill("10");
  expect(await labelLines(form.getByLabel(/^Webhook URL/))).toBe(1);
  await form.getByLabel(/^Webhook URL/).fill("http://127.0.0.1:9/hook");
  // Pressed by keyboard while main stores them: it says so and keeps the focus.
  await pressWhileHeld(answers, "watch.setRules", form.getByRole("button", { name: "Save rules" }), () => expectBusyButton(page, "Saving…"));
  await form.getByRole("status").filter({ hasText: "Saved." }).waitFor({ timeout: WAIT_MS });
  await page.reload();
  await passGate(page);
  await page.getByText("Alert rules and webhook").click({ timeout: WAIT_MS });
  const again = page.getByRole("form", { name: "Alert rules" });
  expect(await again.getByLabel("Missed at least").inputValue()).toBe("3");
  expect(await again.getByLabel("Of the last (blocks)").inputValue()).toBe("10");
  expect(await again.getByLabel(/^Webhook URL/).inputValue()).toBe("http://127.0.0.1:9/hook");
  // Back to no webhook: the four-validator app is shared with the explorer's specs.
  await again.getByLabel(/^Webhook URL/).fill("");
  await again.getByRole("button", { name: "Save rules" }).click();
  await again.getByRole("status").filter({ hasText: "Saved." }).waitFor({ timeout: WAIT_MS });
  expect(ctx.errors(page)).toEqual([]);
});

it("watch: a network with a watch list is followed while another is selected, and the Watch page lists it with its height", async () => {
  const four = inject("e2e").four;
  const chainId = (await rpc<{ node_info: { network: string } }>(four.rpcs[1]!, "status")).node_info.network;
  const page = await explore(ctx, "watch");
  const picker = page.getByLabel("Network", { exact: true });
  await page.getByRole("link", { name: "Networks" }).click();
  await addNetworkByForm(page, { name: "Four through node 1", chainId, rpcUrl: four.rpcs[1]!, denom: "ucomet" });
  const selected = await picker.inputValue();

  // On the new network, watch one more node: that puts it on the watch, whichever network is selected.
  await picker.selectOption({ label: "Four through node 1" });
  await page.getByRole("link", { name: "Watch" }).click();
  await page.getByLabel("Node RPC address").fill(four.rpcs[2]!);
  await page.getByRole("button", { name: "Add node" }).click();
  await page.getByTestId("watch-nodes").locator(`[data-url="${four.rpcs[2]!}"]`).waitFor({ timeout: WAIT_MS });

  await picker.selectOption(selected);
  const listed = page.getByTestId("watch-networks").locator("li", { hasText: "Four through node 1" });
  await listed.waitFor({ timeout: WAIT_MS });
  const heightOf = async () => Number(/height (\d+)/.exec((await listed.textContent()) ?? "")?.[1] ?? "0");
  const first = await heightOf();
  await expect.poll(heightOf, { timeout: WAIT_MS }).toBeGreaterThan(first); // followed live, in the background
  expect(await listed.textContent()).toMatch(/0 open alerts$/);

  // Removed, it is no longer watched (the four-validator app is shared with the explorer's specs).
  await page.getByRole("link", { name: "Networks" }).click();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.locator("tr", { hasText: "Four through node 1" }).getByRole("button", { name: "Remove" }).click();
  await expect.poll(() => page.locator("tr", { hasText: "Four through node 1" }).count(), { timeout: WAIT_MS }).toBe(0);
  expect(ctx.errors(page)).toEqual([]);
});
