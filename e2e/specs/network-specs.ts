import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { expect, it } from "vitest";
import { addNetworkByForm, passGate, rpcHeight, shownHeight, WAIT_MS } from "../support/app.js";
import { describedBy, untiedFieldErrors } from "../support/field-errors.js";
import type { SpecContext } from "../support/spec-context.js";

/** Networks can be added and switched, and the whole app follows the selected one. */
export function networkSpecs(ctx: SpecContext): void {
  it("adds a network, switches to it and back, and the status bar follows", async () => {
    const page = await ctx.open();
    await passGate(page);
    await page.getByRole("link", { name: "Networks" }).click();
    // A chain nobody serves: port 9 (discard) on loopback refuses connections.
    await addNetworkByForm(page, { name: "Nowhere net", chainId: "nowhere-1", rpcUrl: "http://127.0.0.1:9", denom: "unowhere", offline: true });
    const row = page.locator("tr", { hasText: "Nowhere net" });

    await page.getByLabel("Network", { exact: true }).selectOption({ label: "Nowhere net" });
    await expect.poll(() => page.getByTestId("node-status").locator(".status-network").textContent(), { timeout: WAIT_MS }).toBe("Nowhere net");
    await expect.poll(() => page.getByTestId("node-health").textContent(), { timeout: WAIT_MS }).toMatch(/offline|connecting/);
    await expect.poll(() => page.getByTestId("node-error").count(), { timeout: WAIT_MS }).toBe(1);

    await row.getByRole("button", { name: "Remove" }).count().then((n) => expect(n).toBe(0)); // the selected network cannot be removed
    const devnetName = await page.locator("tr[data-network-id] th").first().textContent();
    await page.getByLabel("Network", { exact: true }).selectOption({ index: 0 });
    await expect.poll(() => page.getByTestId("node-health").textContent(), { timeout: WAIT_MS }).toMatch(/live|polling/);
    const direct = await rpcHeight(ctx.env().rpc);
    await expect.poll(() => shownHeight(page), { timeout: WAIT_MS }).toBeGreaterThanOrEqual(direct);
    expect(devnetName?.toLowerCase()).toContain("devnet");

    page.once("dialog", (dialog) => void dialog.accept());
    await page.locator("tr", { hasText: "Nowhere net" }).getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => page.locator("tr", { hasText: "Nowhere net" }).count(), { timeout: WAIT_MS }).toBe(0);
  });

  it("says at each field what to change in a network it cannot save, and sends nothing until then", async () => {
    const page = await ctx.open();
    await passGate(page);
    await page.getByRole("link", { name: "Networks" }).click();
    await page.getByRole("button", { name: "Add a network" }).click();
    const rows = await page.locator("tr[data-network-id]").count();
    // Tried as a new user would: Add at once, then a node address with a typo in it.
    await page.getByRole("button", { name: "Add network" }).click();
    const form = page.getByRole("form", { name: "Add a network" });
    await expect.poll(() => form.getByRole("alert").textContent(), { timeout: WAIT_MS }).toBe("4 fields need a change before the network can be saved.");
    expect(await describedBy(page.getByLabel("Name"))).toEqual({ invalid: true, text: "Give the network a name." });
    expect(await describedBy(page.getByLabel("Chain id"))).toEqual({ invalid: true, text: "The chain id is required, as the chain's genesis gives it: cosmoshub-4, for example." });
    expect(await describedBy(page.getByLabel("Token denom (base unit)"))).toEqual({ invalid: true, text: "The token's base denom is required: uatom, for example." });
    expect(await describedBy(page.getByLabel("Node RPC URLs (one per line)"))).toEqual({ invalid: true, text: "Give at least one node address, or have explorer calls go through the access service." });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("network-name");
    expect(await untiedFieldErrors(page)).toEqual([]);
    // A field's problem goes as it is edited; the others stay until the next try.
    await page.getByLabel("Name").fill("Typo net");
    expect(await describedBy(page.getByLabel("Name"))).toEqual({ invalid: false, text: "" });
    await page.getByLabel("Chain id").fill("typo-1");
    await page.getByLabel("Token denom (base unit)").fill("utypo");
    await page.getByLabel("Node RPC URLs (one per line)").fill("http://127.0.0.1:9\nhttp//127.0.0.1:26657");
    await page.getByRole("button", { name: "Add network" }).click();
    await expect.poll(async () => (await describedBy(page.getByLabel("Node RPC URLs (one per line)"))).text, { timeout: WAIT_MS }).toBe("Not an http:// or https:// address: “http//127.0.0.1:26657”.");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("network-rpcUrls");
    expect(await page.locator("tr[data-network-id]").count()).toBe(rows);
    await page.getByLabel("Node RPC URLs (one per line)").fill("http://127.0.0.1:9");
    // A chain id longer than CometBFT takes names no chain that can exist.
    await page.getByLabel("Chain id").fill(`typo-${"1".repeat(46)}`);
    await page.getByRole("button", { name: "Add network" }).click();
    await expect.poll(async () => (await describedBy(page.getByLabel("Chain id"))).text, { timeout: WAIT_MS }).toBe("A chain id has at most 50 bytes, CometBFT's limit; this one has 51.");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("network-chainId");
    expect(await page.locator("tr[data-network-id]").count()).toBe(rows);
    await page.getByLabel("Chain id").fill("typo-1");
    // Nothing listens there: the form would say so at the node URLs, unless saved for nodes offline now.
    await page.getByLabel("Save without asking the nodes (they are offline now)").check();
    // A coin type with a typo in it (1181 for 118) is no chain's in chain-registry: refused at its field until the user says it is this one's.
    const coinType = page.getByLabel("Coin type (SLIP-44)");
    await coinType.fill("1181");
    await page.getByRole("button", { name: "Add network" }).click();
    await expect.poll(async () => (await describedBy(coinType)).text, { timeout: WAIT_MS }).toMatch(/^No chain in chain-registry uses coin type 1181 .*tick “I know this chain uses coin type 1181” below it\.$/);
    expect((await describedBy(coinType)).invalid).toBe(true);
    expect(await form.getByRole("alert").textContent()).toBe("One field needs a change before the network can be saved.");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("network-coinType");
    expect(await untiedFieldErrors(page)).toEqual([]);
    expect(await page.locator("tr[data-network-id]").count()).toBe(rows);
    await page.getByLabel("I know this chain uses coin type 1181").check();
    expect(await describedBy(coinType)).toEqual({ invalid: false, text: "" });
    await page.getByRole("button", { name: "Add network" }).click();
    const row = page.locator("tr[data-network-id]", { hasText: "Typo net" });
    await row.waitFor({ timeout: WAIT_MS });
    // Saved with its confirmation: the edit form shows the box ticked and asks nothing again.
    await row.getByRole("button", { name: "Edit Typo net" }).click();
    await expect.poll(() => page.getByLabel("Coin type (SLIP-44)").inputValue(), { timeout: WAIT_MS }).toBe("1181");
    expect(await page.getByLabel("I know this chain uses coin type 1181").isChecked()).toBe(true);
    await page.getByRole("button", { name: "Cancel" }).click();
    page.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => row.count(), { timeout: WAIT_MS }).toBe(0);
    expect(ctx.errors(page)).toEqual([]);
  });

  it("says how long a page has waited on a node that takes the request and never answers", async () => {
    // A node behind a firewall that lets the connection in and drops the rest: no refusal, no answer.
    const held = new Set<Socket>();
    const silent = createServer((socket) => void held.add(socket.on("error", () => {})));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const page = await ctx.open();
      await passGate(page);
      await page.getByRole("link", { name: "Networks" }).click();
      await addNetworkByForm(page, { name: "Silent net", chainId: "silent-1", rpcUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, denom: "usilent", offline: true });
      await page.getByLabel("Network", { exact: true }).selectOption({ label: "Silent net" });
      await page.getByRole("link", { name: "Dashboard" }).click();

      const loading = page.locator("main .state-loading");
      await expect.poll(() => loading.textContent(), { timeout: WAIT_MS }).toMatch(/^\s*Loading the node's status… no answer yet \(\d+ s\)$/);
      const waited = async () => Number(/\((\d+) s\)/.exec((await page.getByTestId("loading-waited").textContent()) ?? "")?.[1]);
      const first = await waited();
      expect(first).toBeGreaterThanOrEqual(3);
      await expect.poll(waited, { timeout: WAIT_MS }).toBeGreaterThan(first); // it counts on
      expect(await loading.getAttribute("aria-busy")).toBe("true");

      await page.getByLabel("Network", { exact: true }).selectOption({ index: 0 });
      await expect.poll(() => page.getByTestId("node-health").textContent(), { timeout: WAIT_MS }).toMatch(/live|polling/);
      await page.getByRole("link", { name: "Networks" }).click();
      page.once("dialog", (dialog) => void dialog.accept());
      await page.locator("tr", { hasText: "Silent net" }).getByRole("button", { name: "Remove" }).click();
      await expect.poll(() => page.locator("tr", { hasText: "Silent net" }).count(), { timeout: WAIT_MS }).toBe(0);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
}
