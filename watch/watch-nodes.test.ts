import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import type { Network } from "../shared/contract/network.js";
import { createEventHub } from "../shared/event-hub.js";
import { createProblemLog } from "../storage/problems.js";
import { openAlertHistory } from "./alert-history.js";
import { createWatch, type WatchChain } from "./watch-service.js";
import { openWatchStore } from "./watch-store.js";

// The node table between two probes: what the user changed shows at once, not at the next probe.
const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

const network = { id: "local", name: "Local", chainId: "local-1", accessUrl: null, rpcUrls: ["http://127.0.0.1:26657"], bech32Prefix: "cosmos", denoms: [], defaultDenom: "stake", rpcVia: "direct", source: "user" } as unknown as Network;
const ADDED = "http://10.0.0.9:26657";

const refused = async () => {
  throw new Error("connection refused");
};

/** A watch whose chain refuses every read and whose node `status` is `status(url)`; no round of probes but those a test asks for. */
function watchWith(status: (url: string) => () => Promise<never> = () => refused) {
  const dir = mkdtempSync(join(tmpdir(), "cometdesk-watch-nodes-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const problems = createProblemLog();
  const store = openWatchStore(dir, problems);
  const watch = createWatch({
    events: createEventHub(),
    store,
    history: openAlertHistory(dir, problems),
    chain: () => ({ abciQuery: refused, validators: refused, commit: refused }) as unknown as WatchChain,
    commitFromFeed: () => undefined,
    nodeClient: (url) => ({ status: status(url), peers: refused, mempoolTxs: refused, hashesAt: refused }),
    probeIntervalMs: 600_000,
    stallCheckMs: 600_000,
  });
  cleanups.push(() => watch.stop());
  return { store, watch };
}

it("drops a removed node from the table at once, not at the next probe", async () => {
  const { store, watch } = watchWith();
  watch.follow(network);
  store.update(network.id, (c) => ({ ...c, nodes: [ADDED] }));
  // The first probe (started by follow) may still run without the added node: probe until a probe had it.
  await expect.poll(async () => {
    await watch.probeNow();
    return watch.status(network.id).nodes.map((n) => [n.url, n.source]);
  }).toEqual([[network.rpcUrls[0], "network"], [ADDED, "user"]]);
  store.update(network.id, (c) => ({ ...c, nodes: [] }));
  expect(watch.status(network.id).nodes.map((n) => n.url)).toEqual(network.rpcUrls);
});

it("lists a node just added at once, as not probed yet, and probes it without waiting for the next round", async () => {
  // The added node answers only when the test lets it: until then it is being checked.
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const slowRefusal = async (): Promise<never> => {
    await answered;
    throw new Error("connection refused");
  };
  const { store, watch } = watchWith((url) => (url === ADDED ? slowRefusal : refused));
  watch.follow(network);
  // The probe that follow starts: the network's own node has been asked once.
  await expect.poll(() => watch.status(network.id).nodes[0]?.checkedAt ?? null).not.toBeNull();
  store.update(network.id, (c) => ({ ...c, nodes: [ADDED] }));
  expect(watch.status(network.id).nodes.map((n) => [n.url, n.source, n.checkedAt === null, n.flags])).toEqual([
    [network.rpcUrls[0], "network", false, ["down"]],
    [ADDED, "user", true, []],
  ]);
  answer();
  await expect.poll(() => watch.status(network.id).nodes.find((n) => n.url === ADDED)?.flags).toEqual(["down"]);
});
