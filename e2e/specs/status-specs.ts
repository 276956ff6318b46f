/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the page, hence the DOM types.
import { expect, it } from "vitest";
import { passGate, rpcHeight, shownHeight, WAIT_MS } from "../support/app.js";
import type { SpecContext } from "../support/spec-context.js";

/** The app loads under its CSP, and the status bar follows the devnet's real height. */
export function statusSpecs(ctx: SpecContext): void {
  it("loads the app with no console errors or CSP violations", async () => {
    const page = await ctx.open();
    await passGate(page);
    await expect.poll(() => page.title()).toBe("Cometdesk");
    await expect.poll(() => page.getByRole("navigation", { name: "Main" }).getByRole("link").allTextContents()).toEqual(["Dashboard", "Blocks", "Validators", "Mempool", "Consensus", "Genesis", "Search", "ABCI & RPC", "Node", "Watch", "Wallet", "Send", "Staking", "Governance", "My validator", "Transactions", "Networks", "Settings"]);
    expect(ctx.errors(page)).toEqual([]);
  });

  it("enforces the CSP: an injected inline script does not run", async () => {
    const page = await ctx.open();
    await passGate(page);
    // What a chain string turned into markup would try; the policy allows scripts from 'self' only.
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "document.body.dataset.injected = 'ran'";
      document.body.append(script);
    });
    await expect.poll(() => ctx.errors(page).some((e) => /Content Security Policy/i.test(e))).toBe(true);
    expect(await page.evaluate(() => document.body.dataset.injected)).toBeUndefined();
  });

  it("shows the devnet's live height, matching the node's own status, and keeps up with it", async () => {
    const page = await ctx.open();
    await passGate(page);
    await expect.poll(() => page.getByTestId("node-health").textContent(), { timeout: WAIT_MS }).toMatch(/live|polling/);
    await expect.poll(() => shownHeight(page), { timeout: WAIT_MS }).toBeGreaterThan(0);
    // Read both within one block time of each other: they may differ by the block in flight.
    const [shown, direct] = [await shownHeight(page), await rpcHeight(ctx.env().rpc)];
    expect(Math.abs(direct - shown!)).toBeLessThanOrEqual(2);
    // Live: the shown height moves on by itself as blocks are produced (~500 ms each).
    await expect.poll(() => shownHeight(page), { timeout: WAIT_MS }).toBeGreaterThanOrEqual(direct + 3);
    await expect.poll(() => page.getByTestId("node-sync").textContent(), { timeout: WAIT_MS }).toBe("in sync");
  });

  it("shows the node's facts on the Node page, from the same chain", async () => {
    const page = await ctx.open();
    await passGate(page);
    const facts = page.getByTestId("node-facts");
    await facts.waitFor({ timeout: WAIT_MS });
    expect(await facts.textContent()).toContain(ctx.env().chainId);
  });
}
