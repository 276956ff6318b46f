import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fromBech32, fromHex, toBech32 } from "@cosmjs/encoding";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { coin, coins, SigningStargateClient } from "@cosmjs/stargate";
import { sha256 } from "@cosmjs/crypto";
import { MsgSoftwareUpgrade } from "cosmjs-types/cosmos/upgrade/v1beta1/tx";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Network } from "../../../shared/contract/network.js";
import type { Alert } from "../../../shared/contract/watch.js";
import type { EventPayload } from "../../../shared/events.js";
import { readStakingValidators } from "../../../shared/cosmos/staking/queries.js";
import { DEFAULT_BLOCK_TIME, down, reset, up } from "../../../devnet/lib/devnet.js";
import { layoutFromEnv, repoRoot } from "../../../devnet/lib/layout.js";
import { nodePidFile, startNode } from "../../../devnet/lib/nodes.js";
import { consoleProgress } from "../../../devnet/lib/progress.js";
import { runningPid, stopByPidFile } from "../../../devnet/lib/processes.js";
import type { DevnetInfo } from "../../../devnet/lib/state.js";
import { fixedFee, rpcPost, signingClient } from "../../../devnet/test/chain-client.js";
import { TEST_PORT_BASE } from "../../../devnet/test/global-setup.js";
import type { Services } from "../create-services.js";
import { createEventHub } from "../event-hub.js";
import { type DirectApp, openDirectApp } from "../testing/direct-app.js";
import type { registerChainHandlers } from "../rpc/chain-handlers.js";
import { createProblemLog } from "../storage/problems.js";
import { openAlertHistory } from "../../../watch/alert-history.js";
import { nodeClient } from "./node-client.js";
import { nodeChain } from "./test/node-chain.js";
import { createWatch } from "../../../watch/watch-service.js";
import { openWatchStore } from "../../../watch/watch-store.js";
import type { WebhookBody } from "../../../watch/webhook.js";
import { createWebhookSender } from "../../../watch/webhook.js";
import { until } from "../../../devnet/test/until.js";

// The watch driven without a window, on its own four-validator devnet (its own folder and ports,
// beside the suite's single-validator one and the multi-validator test's), with real faults:
// a frozen validator process, a killed node, and a node behind a proxy that lies about its app hash.
const layout = layoutFromEnv({ ...process.env, COMETDESK_DEVNET_DIR: join(repoRoot, ".devnet-test", "watch"), COMETDESK_DEVNET_PORT_OFFSET: String(TEST_PORT_BASE + 1500) });
const NETWORK_ID = "watchnet";

let info: DevnetInfo;
let dataDir: string;
let proxy: Server;
let proxyUrl: string;
let forkProxy: Server;
let forkUrl: string;
let staleProxy: Server;
let staleUrl: string;
/** While set, the stale proxy answers `status` with the answer it kept, as a node whose block sync stopped would. */
let stale: { kept?: string } | undefined;
/** While set, the stale proxy answers `status` one block behind node 0: a node that had not yet received the newest block. */
let behind = false;
let receiver: Server;
let hookUrl: string;
const hooked: WebhookBody[] = [];
const notified: Array<{ title: string; body: string }> = [];
const changes: Array<EventPayload<"watch.alert">> = [];
const stops: Array<() => void> = [];
/** What the watch could not do; every test ends by checking it is empty but for what a fault explains. */
const internalErrors: string[] = [];
/** CometBFT addresses of node0..node3's validators. */
let addresses: string[] = [];
let watch: ReturnType<typeof createWatch>;
let network: Network;
let chain: ReturnType<typeof registerChainHandlers>;
let feedState: () => string;
/** The app's own services (main as it runs), watching this devnet while another network is selected. */
let app: DirectApp;
let appNetworkId: string;
let otherNetworkId: string;
const opened: Services[] = [];
const appChanges: Array<EventPayload<"watch.alert">> = [];
const appFired = (kind: Alert["kind"], subject: string) => appChanges.filter((c) => c.change === "fired" && c.alert.kind === kind && c.alert.subject === subject && c.alert.networkId === appNetworkId);
/** The upgrade plan the validators vote through at the start; far enough ahead that the chain never halts for it. */
let plan: { name: string; height: string } | undefined;

/**
 * A plan's deprecated `time` as Go's zero time (year 1): x/upgrade refuses a plan whose time is
 * set, and an encoded Timestamp of 0 s is 1970 to Go, not "unset".
 */
const GO_ZERO_TIME = { seconds: -62_135_596_800n, nanos: 0 };
/** Validator `i`'s operator address (its account's bytes under the valoper prefix). */
const valoperOf = (i: number) => toBech32(`${info.bech32Prefix}valoper`, fromBech32(info.validators[i]!.address, 90).data);
const pidOf = (i: number) => runningPid(nodePidFile(layout, i));
const signal = (i: number, sig: NodeJS.Signals) => {
  const pid = pidOf(i);
  if (pid) process.kill(pid, sig);
};
const fired = (kind: Alert["kind"], subject: string) => changes.filter((c) => c.change === "fired" && c.alert.kind === kind && c.alert.subject === subject);
const cleared = (kind: Alert["kind"], subject: string) => changes.filter((c) => c.change === "cleared" && c.alert.kind === kind && c.alert.subject === subject);

/** A node's RPC in front of `target` whose answers `rewrite` changes: a lying node. */
/** Changes the first hex digit of every value of `fields` in a JSON text. */
const flipHashes = (fields: string) => (text: string) =>
  text.replace(new RegExp(`"(${fields})":\\s*"([0-9A-Fa-f])([0-9A-Fa-f]{63})"`, "g"), (_, field: string, first: string, rest: string) => `"${field}":"${first === "0" ? "1" : "0"}${rest}"`);

async function lyingProxy(target: string, rewrite: (text: string) => string): Promise<Server> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      void fetch(`${target}${req.url ?? "/"}`, { method: req.method, headers: { "content-type": "application/json" }, body: req.method === "POST" ? body : undefined })
        .then(async (answer) => {
          const text = rewrite(await answer.text());
          res.writeHead(answer.status, { "content-type": "application/json" }).end(text);
        })
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

beforeAll(async () => {
  await reset(layout);
  info = (await up(layout, { validators: 4 }, consoleProgress())).info;
  dataDir = mkdtempSync(join(tmpdir(), "cometdesk-watch-"));
  proxy = await lyingProxy(info.nodes[1]!.rpc, flipHashes("app_hash|latest_app_hash"));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  // A commit's block id lives in `signed_header.commit.block_id.hash`: the only "hash" of 64 digits after "block_id".
  forkProxy = await lyingProxy(info.nodes[2]!.rpc, (text) => text.replace(/("block_id":\s*\{\s*"hash":\s*")([0-9A-Fa-f])/g, (_, head: string, first: string) => `${head}${first === "0" ? "1" : "0"}`));
  forkUrl = `http://127.0.0.1:${(forkProxy.address() as AddressInfo).port}`;
  staleProxy = await lyingProxy(info.nodes[0]!.rpc, (text) => {
    if (behind) return text.replace(/("latest_block_height":\s*")(\d+)"/, (_, head: string, h: string) => `${head}${BigInt(h) - 1n}"`);
    if (!stale || !text.includes('"latest_block_height"')) return text;
    return (stale.kept ??= text);
  });
  staleUrl = `http://127.0.0.1:${(staleProxy.address() as AddressInfo).port}`;
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      hooked.push(JSON.parse(body) as WebhookBody);
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/alerts`;
  addresses = await Promise.all(info.nodes.map(async (n) => ((await rpcPost(n.rpc, "status", {})).result as { validator_info: { address: string } }).validator_info.address.toUpperCase()));

  const rpc = info.nodes[0]!.rpc;
  const events = createEventHub();
  events.listen((event, payload) => event === "watch.alert" && changes.push(payload as EventPayload<"watch.alert">));
  const made = nodeChain(rpc, NETWORK_ID, events);
  chain = made.chain;
  const { feed, source } = made;
  const problems = createProblemLog();
  const store = openWatchStore(dataDir, problems);
  watch = createWatch({
    events,
    store,
    history: openAlertHistory(dataDir, problems),
    chain: () => chain,
    commitFromFeed: (id, height) => feed.commitOf(id, height),
    nodeClient: (url) => nodeClient(url, 1500),
    notifier: { notify: (title, body) => void notified.push({ title, body }) },
    webhook: createWebhookSender(),
    probeIntervalMs: 1000,
    stallCheckMs: 500,
    slashingEveryBlocks: 5,
    chainEveryBlocks: 10,
    onInternalError: (what, error) => internalErrors.push(`${what}: ${error instanceof Error ? error.message : String(error)}`),
  });
  network = {
    id: NETWORK_ID, name: "Watch devnet", chainId: info.chainId, accessUrl: null, rpcUrls: info.nodes.map((n) => n.rpc),
    bech32Prefix: info.bech32Prefix, denoms: [], defaultDenom: info.denom, rpcVia: "direct", source: "user",
  };
  store.update(NETWORK_ID, (c) => ({
    ...c,
    nodes: [proxyUrl, forkUrl, staleUrl],
    rules: { ...c.rules, missedBlocks: { enabled: true, missed: 3, of: 10 }, chainStalled: { enabled: true, factor: 20 }, clearAfterSeconds: 2 },
    webhook: { url: hookUrl, timeoutMs: 2000 },
  }));
  feedState = () => feed.status().state;
  feed.start(source);
  watch.follow(network);
  stops.push(() => feed.stop(), () => watch.stop());

  // Main as the app runs it, with validator 3's key (for the unjail): this devnet is added as a
  // network watched through node 1 alone, and the suite's single devnet is the selected one.
  app = await openDirectApp(info, info.validators[3]!.mnemonic, [info.nodes[1]!.rpc], opened);
  app.services.events.listen((event, payload) => event === "watch.alert" && appChanges.push(payload as EventPayload<"watch.alert">));
  appNetworkId = ((await app.call("network.list")) as { selectedId: string }).selectedId;
  const single = inject("devnet");
  otherNetworkId = (await app.call("network.add", {
    name: "Single devnet", chainId: single.chainId, accessUrl: null, rpcUrls: [single.nodes[0]!.rpc], bech32Prefix: single.bech32Prefix,
    denoms: [{ base: single.denom, display: "COMET", exponent: 6 }], defaultDenom: single.denom, rpcVia: "direct",
  })).id as string;
  await app.call("network.select", { id: otherNetworkId });
  const appRules = (await app.call("watch.status", { networkId: appNetworkId })).config as { rules: Record<string, unknown> };
  await app.call("watch.setRules", { networkId: appNetworkId, rules: { ...appRules.rules, missedBlocks: { enabled: true, missed: 3, of: 10 }, chainStalled: { enabled: true, factor: 20 }, clearAfterSeconds: 2 } });
  app.services.start();
});

afterAll(async () => {
  stops.splice(0).forEach((s) => s());
  await Promise.all(opened.map((s) => s.close()));
  for (let i = 0; i < 4; i++) signal(i, "SIGCONT"); // never leave a frozen node behind
  await down(layout);
  // Any of them may be missing when the start failed part way: each closes only if it was made.
  for (const server of [proxy, forkProxy, staleProxy, receiver]) {
    if (!server) continue;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("the watch on a four-validator devnet", () => {
  it("adds validators by operator, consensus and hex address, and resolves each to its CometBFT address", async () => {
    await expect.poll(() => watch.status(NETWORK_ID).height, { timeout: 30_000 }).not.toBeNull();
    const staking = await readStakingValidators(async (q) => chain.abciQuery(q));
    const valoper = staking.validators.find((v) => v.address === addresses[0])!.operatorAddress;
    const valcons = toBech32(`${info.bech32Prefix}valcons`, fromHex(addresses[1]!));
    await watch.addValidator(network, valoper, "zero");
    await watch.addValidator(network, valcons, "one");
    await watch.addValidator(network, addresses[2]!.toLowerCase(), "two");
    const config = await watch.addValidator(network, addresses[3]!, "three");
    expect(config.validators.map((v) => v.address)).toEqual(addresses);
    await expect(watch.addValidator(network, toBech32(`${info.bech32Prefix}valoper`, new Uint8Array(20).fill(7)), undefined)).rejects.toThrow(/no validator/);
    // The app watches validator 3 on this devnet while another network is selected: its operator
    // address is looked up through this network's own nodes, not the selected network's.
    await app.call("watch.addValidator", { networkId: appNetworkId, address: valoperOf(3), label: "three" });
    expect(((await app.call("network.list")) as { selectedId: string }).selectedId).toBe(otherNetworkId);
  });

  it("votes an upgrade plan through x/gov (its ETA and alert are checked once the vote has ended)", async () => {
    const height = BigInt((await rpcPost(info.nodes[0]!.rpc, "status", {}) as { result: { sync_info: { latest_block_height: string } } }).result.sync_info.latest_block_height);
    plan = { name: "cometdesk-watch-test", height: String(height + 100_000n) };
    const gov = toBech32(info.bech32Prefix, sha256(new TextEncoder().encode("gov")).slice(0, 20));
    const upgrade = MsgSoftwareUpgrade.fromPartial({ authority: gov, plan: { name: plan.name, height: BigInt(plan.height), info: "the watch's integration test", time: GO_ZERO_TIME } });
    const { client, address } = await signingClient(info, "erin", 0);
    let proposalId: string;
    try {
      const submitted = await client.signAndBroadcast(address, [{
        typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
        value: { messages: [{ typeUrl: "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade", value: MsgSoftwareUpgrade.encode(upgrade).finish() }], initialDeposit: coins(2_000_000, info.stakeDenom), proposer: address, metadata: "", title: "Upgrade for the watch test", summary: "Planned far ahead; never reached", expedited: true },
      }], { amount: coins(20_000, info.denom), gas: "600000" });
      expect(submitted.code, submitted.rawLog).toBe(0);
      proposalId = submitted.events.find((e) => e.type === "submit_proposal")!.attributes.find((a) => a.key === "proposal_id")!.value;
    } finally {
      client.disconnect();
    }
    for (const validator of info.validators) {
      const wallet = await DirectSecp256k1HdWallet.fromMnemonic(validator.mnemonic, { prefix: info.bech32Prefix });
      const voter = await SigningStargateClient.connectWithSigner(info.nodes[0]!.rpc, wallet);
      try {
        const voted = await voter.signAndBroadcast(validator.address, [{ typeUrl: "/cosmos.gov.v1.MsgVote", value: { proposalId: BigInt(proposalId), voter: validator.address, option: 1, metadata: "" } }], { amount: coins(5_000, info.denom), gas: "200000" });
        expect(voted.code, voted.rawLog).toBe(0);
      } finally {
        voter.disconnect();
      }
    }
  });

  it("counts who signed every block from the feed's commits, with no RPC call per block, and reads x/slashing", async () => {
    // Blocks polled before the websocket opened, and the first frame (whose set hash was not
    // seen yet), cost a commit read each; from then on the frames carry everything.
    await expect.poll(() => feedState(), { timeout: 20_000 }).toBe("live");
    await expect.poll(() => watch.stats().blocks, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await watch.idle();
    const start = watch.stats();
    await expect.poll(() => watch.stats().blocks - start.blocks, { timeout: 30_000 }).toBeGreaterThanOrEqual(12);
    await watch.idle();
    const stats = watch.stats();
    expect(stats.commits - start.commits).toBe(0);
    expect(stats.validatorSets - start.validatorSets).toBe(0);
    // Signing info and staking status every 5 blocks: two reads each time, and the params once.
    expect(stats.slashing - start.slashing).toBeLessThanOrEqual(2 * Math.ceil((stats.blocks - start.blocks) / 5));
    expect(internalErrors).toEqual([]);
    const status = watch.status(NETWORK_ID);
    expect(status.slashing).toMatchObject({ signedBlocksWindow: expect.any(Number) as number });
    expect(status.set.map((m) => m.address).sort()).toEqual([...addresses].sort());
    for (const m of status.set) expect(m.uptime).toBeGreaterThan(0.5);
    for (const v of status.validators) {
      expect(v.seen).toBeGreaterThanOrEqual(10);
      expect(v.signed + v.missed).toBe(v.seen);
      expect(v.moniker).toMatch(/^node\d$/);
      expect(v).toMatchObject({ jailed: false, tombstoned: false, inactive: false, unknown: false, windowMissed: expect.any(Number) as number });
    }
    expect(status.validators.reduce((n, v) => n + v.proposed, 0)).toBeGreaterThan(0);
    // The devnet runs x/gov and x/upgrade: both are read from the real chain.
    expect(status.chain).toMatchObject({ upgrade: { available: true }, proposals: { available: true } });
    expect(Array.isArray(status.chain?.proposals.items)).toBe(true);
  });

  it("shows every node side by side, with the same hashes at a common height", async () => {
    await expect.poll(() => watch.status(NETWORK_ID).nodes.filter((n) => n.up && n.compared !== null).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
    const nodes = watch.status(NETWORK_ID).nodes;
    expect(nodes.map((n) => n.url)).toEqual([...info.nodes.map((n) => n.rpc), proxyUrl, forkUrl, staleUrl]);
    const real = nodes.slice(0, 4);
    for (const n of real) {
      expect(n).toMatchObject({ up: true, catchingUp: false, peers: 3 });
      expect(n.version).toMatch(/\d+\.\d+/);
      expect(n.latencyMs).toBeGreaterThan(0);
    }
    const withHashes = real.filter((n) => n.compared);
    expect(new Set(withHashes.map((n) => n.compared!.appHash)).size).toBe(1);
  });

  it("names the node that reports another app hash, and the height", async () => {
    await expect.poll(() => fired("app_hash_mismatch", proxyUrl).length, { timeout: 20_000 }).toBe(1);
    const node = watch.status(NETWORK_ID).nodes.find((n) => n.url === proxyUrl)!;
    const alert = fired("app_hash_mismatch", proxyUrl)[0]!.alert;
    expect(alert.message).toContain(proxyUrl);
    expect(alert.message).toMatch(/at height \d+/);
    expect(node.flags).toContain("app_hash_mismatch");
    expect(node.flags).not.toContain("block_hash_mismatch"); // the proxy changes app hashes only
    for (const n of info.nodes) expect(fired("app_hash_mismatch", n.rpc)).toEqual([]);
    expect(fired("app_hash_mismatch", forkUrl)).toEqual([]);
    await expect.poll(() => hooked.some((h) => h.change === "fired" && h.alert.kind === "app_hash_mismatch"), { timeout: 10_000 }).toBe(true);
  });

  it("names the node that reports another block hash at the same height", async () => {
    await expect.poll(() => fired("block_hash_mismatch", forkUrl).length, { timeout: 20_000 }).toBe(1);
    const alert = fired("block_hash_mismatch", forkUrl)[0]!.alert;
    const node = watch.status(NETWORK_ID).nodes.find((n) => n.url === forkUrl)!;
    expect(alert.message).toMatch(new RegExp(`${forkUrl.replace(/[.:/]/g, "\\$&")}.* at height \\d+`));
    expect(node.flags).toContain("block_hash_mismatch");
    expect(node.flags).not.toContain("app_hash_mismatch");
    for (const n of [...info.nodes.map((x) => x.rpc), proxyUrl]) expect(fired("block_hash_mismatch", n)).toEqual([]);
  });

  it("records a voting power change when a delegation lands, reading the validator set again once", async () => {
    const target = watch.status(NETWORK_ID).validators.find((v) => v.address === addresses[1])!;
    const before = watch.stats().validatorSets;
    const { client, address } = await signingClient(info, "erin", 0);
    try {
      const result = await client.delegateTokens(address, target.operatorAddress!, coin(5_000_000, info.stakeDenom), fixedFee(info));
      expect(result.code).toBe(0);
    } finally {
      client.disconnect();
    }
    await expect.poll(() => watch.status(NETWORK_ID).validators.find((v) => v.address === addresses[1])!.powerChanges.length, { timeout: 30_000 }).toBe(1);
    const [change] = watch.status(NETWORK_ID).validators.find((v) => v.address === addresses[1])!.powerChanges;
    expect(BigInt(change!.to) - BigInt(change!.from)).toBe(5n); // 5,000,000 ustake at the SDK's power reduction of 10^6
    // The set changed once (its hash in the header), so it was read once more; the other validators' power did not move.
    expect(watch.stats().validatorSets - before).toBe(1);
    for (const v of watch.status(NETWORK_ID).validators.filter((x) => x.address !== addresses[1])) expect(v.powerChanges).toEqual([]);
    // Every signature still lands on its validator in the new order: nobody turned into a miss.
    await watch.idle();
    expect(watch.status(NETWORK_ID).set.every((m) => m.uptime === null || m.uptime > 0.5)).toBe(true);
  });

  it("flags a node that answers but stays at one height as stopped, then as lagging, and clears both when it moves again", async () => {
    stale = {};
    try {
      await expect.poll(() => fired("node_stopped", staleUrl).length, { timeout: 30_000, interval: 250 }).toBe(1);
      await expect.poll(() => fired("node_lagging", staleUrl).length, { timeout: 30_000, interval: 250 }).toBe(1);
      const row = watch.status(NETWORK_ID).nodes.find((n) => n.url === staleUrl)!;
      expect(row.flags).toEqual(expect.arrayContaining(["stopped", "lagging"]));
      expect(row.up).toBe(true);
      for (const n of info.nodes) expect(fired("node_stopped", n.rpc)).toEqual([]);
    } finally {
      stale = undefined;
    }
    await expect.poll(() => cleared("node_stopped", staleUrl).length + cleared("node_lagging", staleUrl).length, { timeout: 30_000, interval: 250 }).toBe(2);
  });

  it("fires a missed-blocks alert when a validator's process is frozen, and clears it once it signs again", async () => {
    const frozen = addresses[3]!;
    signal(3, "SIGSTOP");
    try {
      await expect.poll(() => fired("missed_blocks", frozen).length, { timeout: 60_000, interval: 250 }).toBe(1);
      // The app's watch saw it too, on a network that is not the selected one.
      await expect.poll(() => appFired("missed_blocks", frozen).length, { timeout: 30_000, interval: 250 }).toBe(1);
      expect(((await app.call("network.list")) as { selectedId: string }).selectedId).toBe(otherNetworkId);
      const appStatus = await app.call("watch.status", { networkId: appNetworkId });
      expect(appStatus.following).toBe(true);
      expect((appStatus.validators as Array<{ address: string; missed: number }>).find((v) => v.address === frozen)!.missed).toBeGreaterThanOrEqual(3);
    } finally {
      signal(3, "SIGCONT");
    }
    const status = watch.status(NETWORK_ID).validators.find((v) => v.address === frozen)!;
    expect(status.missed).toBeGreaterThanOrEqual(3);
    expect(status.currentMissStreak + status.longestMissStreak).toBeGreaterThanOrEqual(3);
    expect(status.missedHeights.length).toBe(status.missed);
    expect(notified.some((n) => n.title === "three is missing blocks (Watch devnet)")).toBe(true); // which network, as several are watched
    // x/slashing counted them too, in its own window, read every few blocks.
    await expect.poll(() => watch.status(NETWORK_ID).validators.find((v) => v.address === frozen)!.windowMissed, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(() => cleared("missed_blocks", frozen).length, { timeout: 60_000, interval: 250 }).toBe(1);
    expect(fired("missed_blocks", frozen)).toHaveLength(1); // one episode, however many blocks it missed
    for (const a of addresses.slice(0, 3)) expect(fired("missed_blocks", a)).toEqual([]);
    await expect.poll(() => hooked.filter((h) => h.alert.kind === "missed_blocks" && h.alert.subject === frozen).map((h) => h.change), { timeout: 10_000 }).toEqual(["fired", "cleared"]);
    expect(internalErrors).toEqual([]);
  });

  it("fires a node-down alert when a node is killed, and clears it once the node is back", async () => {
    const url = info.nodes[2]!.rpc;
    await stopByPidFile(nodePidFile(layout, 2));
    await expect.poll(() => fired("node_down", url).length, { timeout: 20_000 }).toBe(1);
    expect(watch.status(NETWORK_ID).nodes.find((n) => n.url === url)).toMatchObject({ up: false, flags: ["down"] });
    startNode(layout, 2, 4, DEFAULT_BLOCK_TIME);
    await expect.poll(() => cleared("node_down", url).length, { timeout: 90_000, interval: 500 }).toBe(1);
    expect(fired("node_down", url)).toHaveLength(1);
    expect(notified.some((n) => n.title === `Resolved: Node down: ${url} (Watch devnet)`)).toBe(true);
  });

  it("raises one chain alert, not one per node, when the chain halts, and clears it when blocks come again", async () => {
    await expect.poll(() => watch.status(NETWORK_ID).nodes.every((n) => n.up), { timeout: 60_000 }).toBe(true);
    // A stall is told from the usual block time: the app's watch must have seen a few blocks of this network.
    await expect.poll(async () => (await app.call("watch.status", { networkId: appNetworkId })).blockTimeMs, { timeout: 30_000, interval: 500 }).not.toBeNull();
    // A node a block behind when the chain halts stays a block behind: the halt must not make it "stopped".
    behind = true;
    await expect.poll(() => watch.status(NETWORK_ID).nodes.find((n) => n.url === staleUrl)?.height !== watch.status(NETWORK_ID).nodes[0]!.height, { timeout: 10_000, interval: 250 }).toBe(true);
    const before = changes.length;
    signal(2, "SIGSTOP");
    signal(3, "SIGSTOP"); // half the voting power: no block can commit
    try {
      await expect.poll(() => fired("chain_stalled", info.chainId).length, { timeout: 60_000, interval: 250 }).toBe(1);
      await expect.poll(() => appChanges.filter((c) => c.change === "fired" && c.alert.kind === "chain_stalled" && c.alert.networkId === appNetworkId).length, { timeout: 60_000, interval: 250 }).toBe(1);
      // Let several probes run into the stall: each could have raised one alert per node.
      const probes = watch.stats().probes;
      await expect.poll(() => watch.stats().probes - probes, { timeout: 20_000, interval: 250 }).toBeGreaterThanOrEqual(4);
      // The nodes still answering stand at the same height: none is flagged as stopped or lagging,
      // and no block means no missed block: the stall is the one alert.
      const during = changes.slice(before).filter((c) => c.change === "fired");
      expect(during.filter((c) => c.alert.kind !== "node_down").map((c) => c.alert.kind)).toEqual(["chain_stalled"]);
      // The frozen nodes (and the proxy in front of node 2) do not answer: that is true, and said once each.
      expect(during.filter((c) => c.alert.kind === "node_down").map((c) => c.alert.subject).sort()).toEqual([info.nodes[2]!.rpc, info.nodes[3]!.rpc, forkUrl].sort());
    } finally {
      behind = false;
      signal(2, "SIGCONT");
      signal(3, "SIGCONT");
    }
    await expect.poll(() => cleared("chain_stalled", info.chainId).length, { timeout: 60_000, interval: 250 }).toBe(1);
    expect(fired("chain_stalled", info.chainId)).toHaveLength(1);
  });

  it("shows the upgrade plan the validators voted through, with an ETA from recent block times, and alerts once", async () => {
    const voted = plan!;
    await expect.poll(() => watch.status(NETWORK_ID).chain?.upgrade.plan?.name, { timeout: 90_000, interval: 500 }).toBe(voted.name);
    const status = watch.status(NETWORK_ID);
    expect(status.chain!.upgrade.plan).toMatchObject({ height: voted.height });
    // 100,000 blocks ahead at the devnet's pace (about a second each): a day or more away.
    const eta = Date.parse(status.chain!.upgrade.plan!.eta!);
    expect(eta - Date.now()).toBeGreaterThan(100_000 * status.blockTimeMs! * 0.5);
    await expect.poll(() => fired("upgrade_planned", `${voted.name}@${voted.height}`).length, { timeout: 10_000 }).toBe(1);
    expect(fired("upgrade_planned", `${voted.name}@${voted.height}`)[0]!.alert.message).toContain(`height ${voted.height}`);
  });

  it("fires a jailed alert when x/slashing jails a validator that stayed away for half the window", async () => {
    const frozen = addresses[3]!;
    const params = watch.status(NETWORK_ID).slashing!;
    signal(3, "SIGSTOP");
    try {
      // More than (1 - min signed) of the window missed: jailed at the next block, seen at the next slashing read.
      await expect.poll(() => fired("jailed", frozen).length, { timeout: params.signedBlocksWindow * 2_000, interval: 500 }).toBe(1);
    } finally {
      signal(3, "SIGCONT");
    }
    const v = watch.status(NETWORK_ID).validators.find((x) => x.address === frozen)!;
    expect(v.jailed).toBe(true);
    expect(fired("jailed", frozen)[0]!.alert.message).toContain("must send an unjail");
    expect(fired("inactive", frozen)).toEqual([]); // jailed says it; not a second alert for the same cause
    await expect.poll(() => hooked.some((h) => h.alert.kind === "jailed" && h.alert.subject === frozen), { timeout: 10_000 }).toBe(true);
  }, 300_000);

  it("clears the jailed alert once the operator unjails from the app, and the validator is back in the set", async () => {
    const frozen = addresses[3]!;
    // A jailed validator leaves the CometBFT set a block or two after x/slashing jails it.
    await expect.poll(() => watch.status(NETWORK_ID).set.some((m) => m.address === frozen), { timeout: 30_000, interval: 500 }).toBe(false);
    // Main signs for the selected network: the operator selects it. The watch keeps what it counted.
    const seenBefore = ((await app.call("watch.status", { networkId: appNetworkId })).validators as Array<{ seen: number }>)[0]!.seen;
    await app.call("network.select", { id: appNetworkId });
    const unjail = { messages: [{ typeUrl: "/cosmos.slashing.v1beta1.MsgUnjail", value: { validatorAddr: valoperOf(3) } }] };
    // The chain refuses an unjail until the jail time (60 s) has passed since the jailing.
    const tx = await until("an unjail the chain accepts", 120, async () => app.call("tx.sendMessages", unjail));
    expect(await app.committed(tx.txHash as string)).toMatchObject({ status: "committed" });
    await expect.poll(() => cleared("jailed", frozen).length, { timeout: 60_000, interval: 500 }).toBe(1);
    await expect.poll(() => watch.status(NETWORK_ID).set.some((m) => m.address === frozen), { timeout: 30_000, interval: 500 }).toBe(true);
    expect(watch.status(NETWORK_ID).validators.find((v) => v.address === frozen)).toMatchObject({ jailed: false, inactive: false });
    const appRow = ((await app.call("watch.status", { networkId: appNetworkId })).validators as Array<{ seen: number }>)[0]!;
    expect(appRow.seen).toBeGreaterThanOrEqual(seenBefore);
  }, 200_000);
});
