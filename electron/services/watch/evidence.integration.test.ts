import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Network } from "../../../shared/contract/network.js";
import type { Alert } from "../../../shared/contract/watch.js";
import type { EventPayload } from "../../../shared/events.js";
import { copyPidFile, validatorKey } from "../../../devnet/lib/copy-key.js";
import { layoutFromEnv, nodePorts, repoRoot } from "../../../devnet/lib/layout.js";
import { runningPid } from "../../../devnet/lib/processes.js";
import { readDevnetInfo, type DevnetInfo } from "../../../devnet/lib/state.js";
import { rpcPost } from "../../../devnet/test/chain-client.js";
import { TEST_PORT_BASE } from "../../../devnet/test/global-setup.js";
import { until } from "../../../devnet/test/until.js";
import { openAlertHistory } from "../../../watch/alert-history.js";
import { ServiceConfig } from "../../../watch/service/config.js";
import { startWatchHost, type WatchHost } from "../../../watch/service/watch-host.js";
import { createWatch } from "../../../watch/watch-service.js";
import { openWatchStore } from "../../../watch/watch-store.js";
import { createEventHub } from "../event-hub.js";
import { createProblemLog } from "../storage/problems.js";
import { nodeClient } from "./node-client.js";
import { nodeChain } from "./test/node-chain.js";

/**
 * A copied validator key, before and after it double-signs, on a four-validator chain of this
 * file's own (its folder and ports, created and wiped here): a tombstoned validator never signs
 * again, so no other suite's chain may be used. Two watches follow it, the headless service's
 * (watch-host.ts over node-rpc.ts) and the app's (main's chain handlers, block feed and node
 * client): both must say the same.
 *
 * 1. `copy-key --validator 2 --no-peers`: a lone node reports node2's key; both watches raise
 *    `shared_validator_key` naming the two nodes, and the chain records no evidence.
 * 2. `double-sign --validator 1`: the chain puts DuplicateVoteEvidence in a block and tombstones
 *    node1's validator; both watches raise `double_sign_evidence` for it, and then `tombstoned`.
 */
const run = promisify(execFile);
// Past the single (base) and four-validator (base + 1000) test devnets; with five nodes every port stays below 32768 up to a base of 4500.
const env = { ...process.env, COMETDESK_DEVNET_DIR: join(repoRoot, ".devnet-test", "evidence"), COMETDESK_DEVNET_PORT_OFFSET: String(TEST_PORT_BASE + 1500) };
const layout = layoutFromEnv(env);
const cli = (...args: string[]) => run(process.execPath, ["--import", "tsx", join(repoRoot, "devnet", "cli.ts"), ...args], { env, timeout: 600_000 });
const NETWORK_ID = "evidence";

let info: DevnetInfo;
let dir: string;
let host: WatchHost;
/** The CometBFT addresses of node1's and node2's validators. */
let accused: string;
let shared: { address: string; key: string };
const copyRpc = () => `http://127.0.0.1:${nodePorts(layout, 4).rpc}`;
const stops: Array<() => unknown> = [];
const appChanges: Array<EventPayload<"watch.alert">> = [];
const internalErrors: string[] = [];

const hostAlerts = (kind: Alert["kind"], subject: string) => host.history.all().filter((a) => a.networkId === NETWORK_ID && a.kind === kind && a.subject === subject);
const appFired = (kind: Alert["kind"], subject: string) => appChanges.filter((c) => c.change === "fired" && c.alert.kind === kind && c.alert.subject === subject).map((c) => c.alert);
const evidenceOf = async (height: number) => ((await rpcPost(info.nodes[0]!.rpc, "block", { height: String(height) })).result as { block: { evidence: { evidence: Array<{ type: string; value: { vote_a?: { validator_address: string } } }> | null } } }).block.evidence.evidence ?? [];
const heightOf = async () => Number(((await rpcPost(info.nodes[0]!.rpc, "status", {})).result as { sync_info: { latest_block_height: string } }).sync_info.latest_block_height);
/** Whether `address` is in the chain's CometBFT validator set now. */
const inSet = async (address: string) => {
  const all = ((await rpcPost(info.nodes[0]!.rpc, "validators", {})).result as { validators: Array<{ address: string }> }).validators;
  return all.some((v) => v.address === address);
};

/** The app's watch as main runs it: chain handlers over the network's node, the block feed, the one-node probe client. */
function startAppWatch(network: Network, dataDir: string): ReturnType<typeof createWatch> {
  const events = createEventHub();
  events.listen((event, payload) => event === "watch.alert" && appChanges.push(payload as EventPayload<"watch.alert">));
  const { chain, feed, source } = nodeChain(info.nodes[0]!.rpc, NETWORK_ID, events);
  const problems = createProblemLog();
  const store = openWatchStore(dataDir, problems);
  const watch = createWatch({
    events,
    store,
    history: openAlertHistory(dataDir, problems),
    chain: () => chain,
    commitFromFeed: (id, height) => feed.commitOf(id, height),
    nodeClient: (url) => nodeClient(url, 1500),
    probeIntervalMs: 1000,
    onInternalError: (what, error) => internalErrors.push(`${what}: ${error instanceof Error ? error.message : String(error)}`),
  });
  store.update(NETWORK_ID, (c) => ({ ...c, validators: [{ address: accused, ref: accused, label: "node1" }, { address: shared.address, ref: shared.address, label: "node2" }], nodes: [info.nodes[2]!.rpc, copyRpc()] }));
  feed.start(source);
  watch.follow(network);
  stops.push(() => feed.stop(), () => watch.stop());
  return watch;
}

beforeAll(async () => {
  await cli("reset");
  await cli("up", "--validators", "4");
  info = readDevnetInfo(layout)!;
  accused = validatorKey(layout, 1).address;
  const key2 = validatorKey(layout, 2);
  shared = { address: key2.address, key: `${key2.pub_key.type}:${key2.pub_key.value}` };
  dir = mkdtempSync(join(tmpdir(), "watch-evidence-"));
  const network = { id: NETWORK_ID, name: "Evidence devnet", chainId: info.chainId, bech32Prefix: info.bech32Prefix, rpcUrls: [info.nodes[0]!.rpc] };
  // The copy's URL is on both lists from the start: it is probed (and down) until a copy runs there.
  const config = ServiceConfig.parse({
    dataDir: join(dir, "service"),
    pollIntervalMs: 300,
    probeIntervalMs: 500,
    networks: [{ ...network, validators: [{ address: accused, label: "node1" }, { address: shared.address, label: "node2" }], nodes: [info.nodes[2]!.rpc, copyRpc()] }],
  });
  host = await startWatchHost(config, pino({ level: "silent" }));
  stops.push(() => host.stop());
  const appWatch = startAppWatch({ ...network, accessUrl: null, denoms: [], defaultDenom: info.denom, rpcVia: "direct", source: "user" } as Network, join(dir, "app"));
  // Both watches follow blocks before any copy starts: the evidence block is one they read.
  await until("both watches following the chain", 120, async () => (host.watch.stats(NETWORK_ID).blocks > 1 && appWatch.stats(NETWORK_ID).blocks > 1 ? true : undefined));
}, 900_000);

afterAll(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
  await cli("reset"); // the tombstoned chain is of no use to anyone: wiped with its copy node
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 300_000);

describe("a validator key on two nodes", () => {
  it("with no peers: both watches name the two nodes and the key at once, and the chain records no evidence", async () => {
    const from = await heightOf();
    const { stdout } = await cli("copy-key", "--validator", "2", "--no-peers");
    stops.push(() => cli("stop-copy", "--validator", "2")); // stopped whatever the outcome: the next copy takes its ports
    expect(stdout).toContain("copy2 holds node2's validator key");
    const hostAlert = await until("the service's shared_validator_key alert", 120, async () => hostAlerts("shared_validator_key", shared.key)[0]);
    const appAlert = await until("the app's shared_validator_key alert", 120, async () => appFired("shared_validator_key", shared.key)[0]);
    for (const alert of [hostAlert, appAlert]) {
      expect(alert.message).toContain(info.nodes[2]!.rpc);
      expect(alert.message).toContain(copyRpc());
      expect(alert.message).toContain(shared.key.split(":")[1]);
    }
    // The table's row of the copy says the key, as its status does.
    const copyRow = host.watch.status(NETWORK_ID).nodes.find((n) => n.url === copyRpc());
    expect(copyRow?.validatorKey?.value).toBe(shared.key.split(":")[1]);

    // The lone copy signs nothing the chain sees: a few blocks on, none carries evidence and node2 still signs.
    await until("five more blocks", 60, async () => ((await heightOf()) >= from + 5 ? true : undefined));
    const to = await heightOf();
    for (let h = from; h <= to; h++) expect(await evidenceOf(h), `block ${h}`).toEqual([]);
    expect(await inSet(shared.address)).toBe(true);
    expect(hostAlerts("double_sign_evidence", shared.address)).toEqual([]);
    expect(appFired("double_sign_evidence", shared.address)).toEqual([]);

    await cli("stop-copy", "--validator", "2");
    expect(runningPid(copyPidFile(layout, 2))).toBeUndefined();
  }, 600_000);

  it("double-signing: the chain records the evidence and tombstones the validator; both watches say so", async () => {
    await cli("stop-copy", "--validator", "2"); // the lone copy of the test before, whether it passed or not
    const { stdout } = await cli("double-sign", "--validator", "1");
    expect(stdout).toContain("copy1 holds node1's validator key");
    const hostAlert = await until("the service's double_sign_evidence alert", 180, async () => hostAlerts("double_sign_evidence", accused)[0]);
    const appAlert = await until("the app's double_sign_evidence alert", 180, async () => appFired("double_sign_evidence", accused)[0]);
    for (const alert of [hostAlert, appAlert]) {
      expect(alert.title).toBe("Double-sign evidence against node1");
      expect(alert.message).toContain(accused);
      expect(alert.message).toContain("tendermint/DuplicateVoteEvidence");
    }
    // The block the alert names carries the evidence against node1's validator.
    const block = Number(/Block (\d+) carries/.exec(hostAlert.message)![1]);
    const evidence = await evidenceOf(block);
    expect(evidence.map((e) => [e.type, e.value.vote_a?.validator_address])).toContainEqual(["tendermint/DuplicateVoteEvidence", accused]);

    // x/slashing tombstones it in that block: both watches show it, and alert.
    await until("the service's tombstoned alert", 120, async () => hostAlerts("tombstoned", accused)[0]);
    await until("the app's tombstoned alert", 120, async () => appFired("tombstoned", accused)[0]);
    expect(host.watch.status(NETWORK_ID).validators.find((v) => v.address === accused)).toMatchObject({ tombstoned: true, jailed: true });
    // The chain went on without it.
    await until("node1's validator leaving the set", 60, async () => ((await inSet(accused)) ? undefined : true));
    expect(internalErrors.filter((e) => e.includes("evidence"))).toEqual([]);
  }, 900_000);
});
