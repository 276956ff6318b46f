import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Network } from "../shared/contract/network.js";
import { ERROR_CODES } from "../shared/error-codes.js";
import { createEventHub } from "../shared/event-hub.js";
import { createProblemLog } from "../storage/problems.js";
import { openAlertHistory } from "./alert-history.js";
import type { NodeClient } from "./node-probe.js";
import { createWatch, type WatchChain } from "./watch-service.js";
import { openWatchStore } from "./watch-store.js";

// A node that rate-limits is a wait, not a failure: it never raises "Node down", and raises its
// own alert only once it has refused for longer than the rule's minutes. The clock is the test's.
const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

const URL = "http://127.0.0.1:26657";
const network = { id: "public", name: "Public", chainId: "public-1", accessUrl: null, rpcUrls: [URL], bech32Prefix: "cosmos", denoms: [], defaultDenom: "stake", rpcVia: "direct", source: "user" } as unknown as Network;
const refused = async (): Promise<never> => {
  throw new Error("connection refused");
};

function watchOf() {
  const dir = mkdtempSync(join(tmpdir(), "cometdesk-watch-ratelimit-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  let clock = Date.parse("2026-12-07T00:00:00.000Z");
  let answer: "ok" | "rate_limited" | "refused" = "ok";
  const client: NodeClient = {
    status: async () => {
      if (answer === "refused") return refused();
      if (answer === "rate_limited") throw Object.assign(new Error(`${URL}: rate-limiting, resting another 30 s`), { code: ERROR_CODES.rpcRateLimited });
      return { moniker: "public", version: "0.38.22", height: "100", earliestHeight: "1", latestBlockTime: "2026-12-07T00:00:00.000Z", catchingUp: false, nodeId: null, validatorKey: null };
    },
    peers: async () => 3,
    mempoolTxs: async () => 0,
    hashesAt: refused,
  };
  const problems = createProblemLog();
  const store = openWatchStore(dir, problems);
  store.update(network.id, (c) => ({ ...c, rules: { ...c.rules, clearAfterSeconds: 0 } }));
  const history = openAlertHistory(dir, problems);
  const watch = createWatch({
    events: createEventHub(),
    store,
    history,
    chain: () => ({ abciQuery: refused, validators: refused, commit: refused, block: refused }) as unknown as WatchChain,
    commitFromFeed: () => undefined,
    nodeClient: () => client,
    probeIntervalMs: 600_000,
    stallCheckMs: 600_000,
    now: () => clock,
  });
  cleanups.push(() => watch.stop());
  const open = (kind: string) => history.all().filter((a) => a.kind === kind && a.clearedAt === null).map((a) => a.title);
  return {
    watch,
    store,
    open,
    answer: (a: typeof answer) => (answer = a),
    /** Moves the clock on and probes once. */
    probeAfter: async (ms: number) => {
      clock += ms;
      await watch.probeNow();
      return watch.status(network.id).nodes[0]!;
    },
  };
}

/** Following `network`, past the probe `follow` starts. */
async function following(w: ReturnType<typeof watchOf>) {
  w.watch.follow(network);
  await expect.poll(() => w.watch.status(network.id).nodes[0]?.checkedAt ?? null).not.toBeNull();
}

describe("a node that rate-limits the watch", () => {
  it("raises no Node down, and an alert of its own only past the rule's minutes, cleared once it answers", async () => {
    const w = watchOf();
    await following(w);
    w.answer("rate_limited");
    expect((await w.probeAfter(10_000)).flags).toEqual(["rate_limited"]);
    expect((await w.probeAfter(9 * 60_000)).flags).toEqual(["rate_limited"]);
    expect(w.open("node_down")).toEqual([]);
    expect(w.open("node_rate_limited")).toEqual([]);
    // Ten minutes (the default rule) since the first refusal: it is said, and still not as down.
    await w.probeAfter(60_000);
    expect(w.open("node_rate_limited")).toEqual([`Node rate-limiting: ${URL}`]);
    expect(w.open("node_down")).toEqual([]);
    w.answer("ok");
    expect((await w.probeAfter(10_000)).flags).toEqual([]);
    expect(w.open("node_rate_limited")).toEqual([]);
  });

  it("counts its minutes from the rule, and not at all while the rule is off", async () => {
    const w = watchOf();
    w.store.update(network.id, (c) => ({ ...c, rules: { ...c.rules, nodeRateLimited: { enabled: true, minutes: 2 } } }));
    await following(w);
    w.answer("rate_limited");
    await w.probeAfter(10_000);
    await w.probeAfter(60_000);
    expect(w.open("node_rate_limited")).toEqual([]);
    await w.probeAfter(60_000);
    expect(w.open("node_rate_limited")).toHaveLength(1);
    w.store.update(network.id, (c) => ({ ...c, rules: { ...c.rules, nodeRateLimited: { enabled: false, minutes: 2 } } }));
    await w.probeAfter(10_000);
    expect(w.open("node_rate_limited")).toEqual([]);
  });

  it("still raises Node down for a node that stops answering after it rate-limited", async () => {
    const w = watchOf();
    await following(w);
    w.answer("rate_limited");
    await w.probeAfter(10_000);
    w.answer("refused");
    expect((await w.probeAfter(10_000)).flags).toEqual(["down"]);
    expect(w.open("node_down")).toEqual([`Node down: ${URL}`]);
  });
});
