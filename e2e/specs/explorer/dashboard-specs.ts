import { expect, it } from "vitest";
import { passGate, WAIT_MS } from "../../support/app.js";
import { appLink } from "../../support/app-link.js";
import { rpc } from "../../support/chain.js";
import { holdAnswers } from "../../support/held-answers.js";
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

  it("dashboard: shows the height main's live feed already has while the node's own status is still unanswered", async () => {
    const node = ctx.env().four.rpcs[0]!;
    const page = await ctx.open();
    // A node slow to answer `status`: the bridge's answers to chain.status are held back, in the
    // page's own socket, until the test lets them go. Every other frame passes at once.
    const answers = await holdAnswers(page);
    answers.hold(["chain.status"]);
    await page.goto(await appLink(ctx.env().four, "dashboard"));
    await passGate(page);
    if (!page.url().endsWith("#/dashboard")) await page.evaluate(() => (window.location.hash = "#/dashboard"));
    await expect.poll(async () => Number(await fact(page, "dashboard-facts", "Height")), { timeout: WAIT_MS }).toBeGreaterThan(0);
    // The node's own facts wait for its answer, and say so.
    expect(answers.count).toBeGreaterThan(0);
    expect(await fact(page, "dashboard-facts", "Chain id")).toBe("…");
    answers.release();
    const status = await rpc<Status>(node, "status");
    await expect.poll(() => fact(page, "dashboard-facts", "Chain id"), { timeout: WAIT_MS }).toBe(status.node_info.network);
    expect(ctx.errors(page)).toEqual([]);
  });
}

