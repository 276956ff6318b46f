import { expect, it } from "vitest";
import { up } from "../../../devnet/lib/devnet.js";
import { layoutFromEnv } from "../../../devnet/lib/layout.js";
import { isAlive } from "../../../devnet/lib/processes.js";
import { consoleProgress } from "../../../devnet/lib/progress.js";
import { devnetInfo, nodePid, rpc } from "../../support/chain.js";
import type { SpecContext } from "../../support/spec-context.js";
import { explore, fact } from "./explore.js";

const OUTAGE_MS = 90_000;

/**
 * Runs last: it kills node 0 (SIGKILL, as a crash or an OOM kill would) while the access service
 * in front of it keeps running, then lets `up` start only the missing node again.
 */
export function outageSpecs(ctx: SpecContext): void {
  it("survives its node being killed: offline within seconds, keeps what it showed, the service answers 502/504, and it recovers by itself", { timeout: 240_000 }, async () => {
    const { devnetDir, portOffset, rpcs, nodesDir } = ctx.env().four;
    const layout = layoutFromEnv({ ...process.env, COMETDESK_DEVNET_DIR: devnetDir, COMETDESK_DEVNET_PORT_OFFSET: String(portOffset) });
    const access = devnetInfo(devnetDir).access!;
    const page = await explore(ctx, "dashboard");
    const health = () => fact(page, "dashboard-facts", "Health");
    const statusBar = () => page.getByTestId("node-status").getAttribute("data-state");
    await expect.poll(health, { timeout: OUTAGE_MS }).toBe("healthy");
    const before = Number(await fact(page, "dashboard-facts", "Height"));
    const chainId = await fact(page, "dashboard-facts", "Chain id");

    const pid = nodePid(nodesDir, 0);
    process.kill(pid, "SIGKILL");
    try {
      await expect.poll(() => isAlive(pid), { timeout: OUTAGE_MS }).toBe(false);
      await expect.poll(statusBar, { timeout: OUTAGE_MS }).toBe("offline");
      await expect.poll(health, { timeout: OUTAGE_MS }).toMatch(/^unavailable/);
      // What was read before the outage stays on screen.
      expect(await fact(page, "dashboard-facts", "Chain id")).toBe(chainId);
      expect(Number(await fact(page, "dashboard-facts", "Height"))).toBeGreaterThanOrEqual(before);
      // The service itself still answers, at once and with its JSON error, rather than hanging.
      const answer = await fetch(`${access.url}/rpc/status`, { headers: { authorization: `Bearer ${access.token}` }, signal: AbortSignal.timeout(15_000) });
      expect([502, 504]).toContain(answer.status);
      expect(await answer.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
    } finally {
      // Starts node 0 only: the access service, and the token the app holds, stay as they were.
      await up(layout, { validators: 4 }, consoleProgress());
    }
    expect(devnetInfo(devnetDir).access?.token).toBe(access.token);
    await expect.poll(health, { timeout: OUTAGE_MS }).toBe("healthy");
    await expect.poll(statusBar, { timeout: OUTAGE_MS }).toMatch(/^(live|polling)$/);
    await expect.poll(async () => Number(await fact(page, "dashboard-facts", "Height")), { timeout: OUTAGE_MS }).toBeGreaterThan(before);
    const direct = Number((await rpc<{ sync_info: { latest_block_height: string } }>(rpcs[0]!, "status")).sync_info.latest_block_height);
    await expect.poll(async () => Math.abs(Number(await fact(page, "dashboard-facts", "Height")) - direct), { timeout: OUTAGE_MS }).toBeLessThanOrEqual(3);
  });
}
