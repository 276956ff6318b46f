import { expect, it } from "vitest";
import { down, up } from "../../../devnet/lib/devnet.js";
import { layoutFromEnv } from "../../../devnet/lib/layout.js";
import { consoleProgress } from "../../../devnet/lib/progress.js";
import { devnetInfo, rpc } from "../../support/chain.js";
import type { SpecContext } from "../../support/spec-context.js";
import { explore, fact } from "./explore.js";

const OUTAGE_MS = 90_000;

/** Runs last: it stops the whole four-validator devnet and starts it again. */
export function outageSpecs(ctx: SpecContext): void {
  it("survives the node going away and coming back: the page says so, keeps what it had, then follows the chain again", { timeout: 240_000 }, async () => {
    const { devnetDir, portOffset, rpcs } = ctx.env().four;
    const layout = layoutFromEnv({ ...process.env, COMETDESK_DEVNET_DIR: devnetDir, COMETDESK_DEVNET_PORT_OFFSET: String(portOffset) });
    const page = await explore(ctx, "dashboard");
    await expect.poll(() => fact(page, "dashboard-facts", "Health"), { timeout: OUTAGE_MS }).toBe("healthy");
    const before = Number(await fact(page, "dashboard-facts", "Height"));
    await down(layout);
    try {
      await expect.poll(() => fact(page, "dashboard-facts", "Health"), { timeout: OUTAGE_MS }).toMatch(/^unavailable/);
      // What was read before the outage stays on screen.
      expect(await fact(page, "dashboard-facts", "Chain id")).not.toBe("");
    } finally {
      await up(layout, { validators: 4 }, consoleProgress());
    }
    // The devnet's access service comes back with a fresh dev token, as after any restart: the
    // user replaces it on the Networks page, and the explorer picks up where it was.
    await expect.poll(() => fact(page, "dashboard-facts", "Health"), { timeout: OUTAGE_MS }).toMatch(/token was refused|healthy/);
    const token = devnetInfo(devnetDir).access?.token;
    if (token) {
      await page.evaluate(() => (window.location.hash = "#/networks"));
      await page.getByRole("button", { name: "Replace token" }).first().click();
      await page.getByLabel("Access token for Local devnet").fill(token);
      await page.getByRole("button", { name: "Save token" }).click();
      await expect.poll(() => page.getByRole("button", { name: "Save token" }).count(), { timeout: OUTAGE_MS }).toBe(0);
      await page.evaluate(() => (window.location.hash = "#/dashboard"));
    }
    await expect.poll(() => fact(page, "dashboard-facts", "Health"), { timeout: OUTAGE_MS }).toBe("healthy");
    await expect.poll(async () => Number(await fact(page, "dashboard-facts", "Height")), { timeout: OUTAGE_MS }).toBeGreaterThan(before);
    const direct = Number((await rpc<{ sync_info: { latest_block_height: string } }>(rpcs[0]!, "status")).sync_info.latest_block_height);
    await expect.poll(async () => Math.abs(Number(await fact(page, "dashboard-facts", "Height")) - direct), { timeout: OUTAGE_MS }).toBeLessThanOrEqual(3);
  });
}
