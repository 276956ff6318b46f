import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Alert, WatchedNode } from "../../../shared/contract/watch.js";
import type { EventPayload } from "../../../shared/events.js";
import { down, reset, up } from "../../../devnet/lib/devnet.js";
import { layoutFromEnv, repoRoot } from "../../../devnet/lib/layout.js";
import { nodePidFile } from "../../../devnet/lib/nodes.js";
import { consoleProgress } from "../../../devnet/lib/progress.js";
import { stopByPidFile } from "../../../devnet/lib/processes.js";
import type { DevnetInfo } from "../../../devnet/lib/state.js";
import { rpcPost } from "../../../devnet/test/chain-client.js";
import { TEST_PORT_BASE } from "../../../devnet/test/global-setup.js";
import { type RateLimitProxy, startRateLimitProxy } from "../../../devnet/test/rate-limit-proxy.js";
import { until } from "../../../devnet/test/until.js";
import type { Services } from "../create-services.js";
import { type DirectApp, openDirectApp } from "../testing/direct-app.js";
import { publicWatchMinutes } from "./test/watch-minutes.js";

// The app's watch on a public node that rate-limits: its own one-validator devnet, read only
// through a proxy that refuses one request in three with 429 and Retry-After 2 s. A rate limit is
// a wait: no "Node down" fires while the node answers, and no block is counted as missed that the
// validator signed; one that refuses everything past the wait is "rate-limited", still not down.
// Then the node behind the proxy stops, and "Node down" fires as it always does.
// COMETDESK_PUBLIC_WATCH_MINUTES sets how long the watch follows the node first (the 10).
const MINUTES = publicWatchMinutes();
/** The app's watch probes every node every 10 s (watch/watch-service.ts). */
const PROBES_PER_MINUTE = 6;
const layout = layoutFromEnv({ ...process.env, COMETDESK_DEVNET_DIR: join(repoRoot, ".devnet-test", "public-watch"), COMETDESK_DEVNET_PORT_OFFSET: String(TEST_PORT_BASE + 1750) });

let info: DevnetInfo;
let proxy: RateLimitProxy;
let app: DirectApp;
let networkId: string;
let validator: string;
const opened: Services[] = [];
const changes: Array<EventPayload<"watch.alert">> = [];
const fired = (kind: Alert["kind"]) => changes.filter((c) => c.change === "fired" && c.alert.kind === kind && c.alert.networkId === networkId).map((c) => c.alert.title);
const status = async () => (await app.call("watch.status", { networkId })) as unknown as { nodes: WatchedNode[]; validators: Array<{ address: string; seen: number; missed: number }> };

beforeAll(async () => {
  await reset(layout);
  info = (await up(layout, { validators: 1 }, consoleProgress())).info;
  validator = ((await rpcPost(info.nodes[0]!.rpc, "status", {})).result as { validator_info: { address: string } }).validator_info.address.toUpperCase();
  proxy = await startRateLimitProxy(info.nodes[0]!.rpc, { kind: "share", every: 3, retryAfterSeconds: 2 });
  app = await openDirectApp(info, info.validators[0]!.mnemonic, [proxy.url], opened);
  networkId = ((await app.call("network.list")) as { selectedId: string }).selectedId;
  app.services.events.listen((event, payload) => event === "watch.alert" && changes.push(payload as EventPayload<"watch.alert">));
  await app.call("watch.addValidator", { networkId, address: validator, label: "the only one" });
  app.services.start();
});

afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await proxy?.close();
  await down(layout);
});

describe("the watch on a node that refuses one request in three", () => {
  it(`raises no Node down over ${MINUTES} minutes of watching, and counts no block missed`, async () => {
    const checks = new Set<string>();
    // The watch's own pace is the clock: as many probes as it makes in the minutes asked for.
    await until(`${MINUTES * PROBES_PER_MINUTE} probes of the node`, MINUTES * 60 + 120, async () => {
      const node = (await status()).nodes[0];
      if (node?.checkedAt) checks.add(node.checkedAt);
      expect(node?.flags ?? []).not.toContain("down");
      expect(fired("node_down")).toEqual([]);
      return checks.size >= MINUTES * PROBES_PER_MINUTE ? true : undefined;
    });
    const s = await status();
    expect(s.nodes[0]).toMatchObject({ up: true });
    expect(fired("node_down")).toEqual([]);
    expect(fired("node_rate_limited")).toEqual([]); // each refusal was waited out within the bound
    const row = s.validators.find((v) => v.address === validator)!;
    expect(row.seen).toBeGreaterThan(0);
    expect(row.missed).toBe(0);
    expect(fired("missed_blocks")).toEqual([]);
    // The proxy did refuse: the watch was behind a rate limit all along.
    const stats = proxy.stats();
    expect(stats.refused).toBeGreaterThan(0);
    expect(stats.refused * 4).toBeGreaterThan(stats.requests);
  }, MINUTES * 60_000 + 180_000);

  it("calls the node rate-limited, not down, while it refuses every request for longer than a read waits, and counts no miss", async () => {
    // Retry-After 15 s: more than the 10 s a read may wait, so the probe's status read fails as rate-limited.
    proxy.setMode({ kind: "share", every: 1, retryAfterSeconds: 15 });
    await expect.poll(async () => (await status()).nodes[0]?.flags, { timeout: 40_000, interval: 500 }).toEqual(["rate_limited"]);
    const limited = (await status()).nodes[0]!;
    expect(limited).toMatchObject({ up: true, height: expect.stringMatching(/^\d+$/) });
    expect(limited.rateLimitedSince).not.toBeNull();
    expect(fired("node_down")).toEqual([]);
    proxy.setMode({ kind: "pass" });
    // It answers again once its rest is over: no longer rate-limited, and never down.
    await expect.poll(async () => (await status()).nodes[0]?.flags, { timeout: 120_000, interval: 500 }).toEqual([]);
    expect(fired("node_down")).toEqual([]);
    expect((await status()).validators.find((v) => v.address === validator)!.missed).toBe(0);
  }, 180_000);

  it("raises Node down within the usual time once the node behind the proxy stops", async () => {
    const url = (await status()).nodes[0]!.url;
    await stopByPidFile(nodePidFile(layout, 0));
    // Two probe rounds and the probe's own timeout.
    await expect.poll(() => fired("node_down"), { timeout: 40_000, interval: 500 }).toEqual([`Node down: ${url}`]);
    expect((await status()).nodes[0]).toMatchObject({ up: false, flags: ["down"] });
  }, 60_000);
});
