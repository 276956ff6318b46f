import { expect, it } from "vitest";
import { WAIT_MS } from "../../support/app.js";
import { rpc } from "../../support/chain.js";
import type { SpecContext } from "../../support/spec-context.js";
import { explore, fact } from "./explore.js";

interface Status { node_info: { network: string; version: string }; sync_info: { latest_block_height: string; catching_up: boolean } }

export function dashboardSpecs(ctx: SpecContext): void {
  it("dashboard: chain id, version, height, peers and validators match the node's own answers", async () => {
    const node = ctx.env().four.rpcs[0]!;
    const page = await explore(ctx, "dashboard");
    await expect.poll(() => fact(page, "dashboard-facts", "Validators"), { timeout: WAIT_MS }).toBe("4");
    await expect.poll(() => fact(page, "dashboard-facts", "Peers"), { timeout: WAIT_MS }).toBe("3");
    const status = await rpc<Status>(node, "status");
    expect(await fact(page, "dashboard-facts", "Chain id")).toBe(status.node_info.network);
    expect(await fact(page, "dashboard-facts", "Node version")).toBe(status.node_info.version);
    expect(await fact(page, "dashboard-facts", "Catching up")).toBe(status.sync_info.catching_up ? "yes" : "no");
    // Live: the shown height follows the node within a block or two of a direct read.
    const shown = Number(await fact(page, "dashboard-facts", "Height"));
    const direct = Number((await rpc<Status>(node, "status")).sync_info.latest_block_height);
    expect(Math.abs(direct - shown)).toBeLessThanOrEqual(3);
    await expect.poll(async () => Number(await fact(page, "dashboard-facts", "Height")), { timeout: WAIT_MS }).toBeGreaterThan(direct);
    const validators = await rpc<{ total: string }>(node, "validators");
    expect(validators.total).toBe("4");
    await expect.poll(() => page.getByTestId("block-chart").locator("rect").count(), { timeout: WAIT_MS }).toBeGreaterThan(5);
    expect(ctx.errors(page)).toEqual([]);
  });
}
