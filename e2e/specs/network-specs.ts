import { expect, it } from "vitest";
import { passGate, rpcHeight, shownHeight, WAIT_MS } from "../support/app.js";
import type { SpecContext } from "../support/spec-context.js";

/** Networks can be added and switched, and the whole app follows the selected one. */
export function networkSpecs(ctx: SpecContext): void {
  it("adds a network, switches to it and back, and the status bar follows", async () => {
    const page = await ctx.open();
    await passGate(page);
    await page.getByRole("link", { name: "Networks" }).click();
    await page.getByRole("button", { name: "Add a network" }).click();
    // A chain nobody serves: port 9 (discard) on loopback refuses connections.
    await page.getByLabel("Name").fill("Nowhere net");
    await page.getByLabel("Chain id").fill("nowhere-1");
    await page.getByLabel("Node RPC URLs (one per line)").fill("http://127.0.0.1:9");
    await page.getByLabel("Fee denom (base unit)").fill("unowhere");
    await page.getByRole("button", { name: "Add network" }).click();
    const row = page.locator("tr", { hasText: "Nowhere net" });
    await row.waitFor({ timeout: WAIT_MS });

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
}
