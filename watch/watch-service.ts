import { fromBech32, toHex } from "@cosmjs/encoding";
import type { ArgsOf, ResultOf } from "../shared/contract/index.js";
import type { BlockEvidence } from "../shared/contract/chain-types.js";
import type { Network } from "../shared/contract/network.js";
import type { z } from "zod";
import { type Alert, type AlertKind, type ChainWatch, MAX_WATCHED_VALIDATORS, type WatchConfig, type WatchedNode, type WatchedValidator, type WatchStatus } from "../shared/contract/watch.js";
import { httpUrlKey } from "../shared/net/http-url.js";
import { readSigningInfos, readSlashingParams, type SlashingParams } from "../shared/cosmos/slashing/queries.js";
import { readStakingValidators } from "../shared/cosmos/staking/queries.js";
import { AppError, ConflictError } from "../shared/app-error.js";
import type { EventHub } from "../shared/event-hub.js";
import type { FeedCommit } from "./feed-commit.js";
import type { Notifier } from "../shared/notifier.js";
import { type AlertChange, type Condition, createAlertEngine } from "./alert-engine.js";
import type { AlertHistory } from "./alert-history.js";
import { CHAIN_EVENT_KINDS, chainEventConditions, readChainWatch } from "./chain-watch.js";
import { EVIDENCE_KINDS, type EvidenceSeen, evidenceConditions, recordEvidence } from "./evidence-rules.js";
import { sharedKeyConditions } from "./key-sharing.js";
import { createNodeProbe, type NodeClient } from "./node-probe.js";
import { createSigningRecord, type ObservedCommit, type SetMember, type SigningRecord, type SigningRecordData } from "./signing-record.js";
import { VALIDATOR_KINDS, type ValidatorState, validatorConditions } from "./validator-rules.js";
import type { WatchStore } from "./watch-store.js";
import type { WebhookSender } from "./webhook.js";

/**
 * The reads the watch makes on one network it follows, narrowed to the fields it reads: main's
 * chain handlers over that network's transport in the app, plain JSON-RPC in the headless service
 * (watch/service/node-rpc.ts).
 */
export interface WatchChain {
  readonly abciQuery: (args: ArgsOf<"chain.abciQuery">) => Promise<ResultOf<"chain.abciQuery">> | ResultOf<"chain.abciQuery">;
  readonly validators: (args: ArgsOf<"chain.validators">) => Promise<WatchValidators> | WatchValidators;
  readonly commit: (args: ArgsOf<"chain.commit">) => Promise<WatchCommit> | WatchCommit;
  /** The block, for the evidence it carries (evidence-rules.ts). */
  readonly block: (args: ArgsOf<"chain.block">) => Promise<{ readonly evidence: readonly BlockEvidence[] }> | { readonly evidence: readonly BlockEvidence[] };
}
interface WatchValidators {
  readonly total: number;
  readonly validators: ReadonlyArray<{ readonly address: string; readonly votingPower: string }>;
}
interface WatchCommit {
  readonly header: { readonly validatorsHash: string };
  readonly commit: { readonly signatures: ReadonlyArray<{ readonly blockIdFlag: number; readonly validatorAddress: string }> };
}

/** A block announced by a feed: main's `chain.newBlock` for the selected network, a watch feed's for the others. */
export interface WatchBlock {
  readonly networkId: string;
  readonly height: string;
  readonly time: string;
  readonly proposerAddress: string;
}

export interface WatchDeps {
  readonly events: EventHub;
  readonly store: WatchStore;
  readonly history: AlertHistory;
  /** The chain handlers that read `network`: the selected network's, or one made for a network watched in the background. */
  readonly chain: (network: Network) => WatchChain;
  /** The commit a NewBlock frame carried (the block feed's `commitOf`), read before any RPC call. */
  readonly commitFromFeed: (networkId: string, height: bigint) => FeedCommit | undefined;
  /** The evidence a NewBlock frame carried (the block feed's `evidenceOf`): with it, a followed block costs no block read. */
  readonly evidenceFromFeed?: (networkId: string, height: bigint) => readonly BlockEvidence[] | undefined;
  readonly nodeClient: (url: string) => NodeClient;
  readonly notifier?: Notifier;
  readonly webhook?: WebhookSender;
  /** How often every node is probed (default 10 s). */
  readonly probeIntervalMs?: number;
  /** How often the chain-stall check runs (default 1 s). */
  readonly stallCheckMs?: number;
  /** Slashing signing info and staking status are read every this many blocks (default 10). */
  readonly slashingEveryBlocks?: number;
  /** The upgrade plan and the proposals in voting are read every this many blocks (default 100). */
  readonly chainEveryBlocks?: number;
  /** The blocks an uptime figure covers (default 1000; at least the missed-blocks rule's span). */
  readonly uptimeBlocks?: number;
  readonly now?: () => number;
  readonly onInternalError?: (what: string, error: unknown) => void;
  /** A signing record kept from before a restart (the headless service's data folder), to carry on counting from. */
  readonly restoredRecord?: (networkId: string) => SigningRecordData | undefined;
  /**
   * Told once a block is done: its signatures counted and its alerts in the history (and so
   * already handed on). The headless service stores its place and the record from here.
   */
  readonly onBlockDone?: (networkId: string, height: bigint, record: SigningRecord) => void;
}

/**
 * Blocks that may wait for the watch on one network. Each needs its commit, read from a feed frame
 * (kept for 64 heights) or from the node; a node slower than its chain would otherwise leave a
 * queue that grows with every block and alerts that tell of ever older blocks. Past this, the
 * oldest waiting blocks are let go and counted, so the watch stays with the chain.
 */
export const BACKLOG = 64;

const NODE_KINDS = ["node_down", "node_rate_limited", "node_lagging", "node_stopped", "app_hash_mismatch", "block_hash_mismatch", "shared_validator_key"] as const satisfies readonly AlertKind[];
const CHAIN_KINDS = ["chain_stalled"] as const satisfies readonly AlertKind[];
const MAX_SET_CACHE = 8;

/** Per-followed-network state: kept while the network stays followed, dropped when it is no longer watched. */
interface Followed {
  network: Network;
  readonly probe: ReturnType<typeof createNodeProbe>;
  probing: boolean;
  /** Asked for while a probe ran (a node was just added): probe again when it ends. */
  probeAgain: boolean;
  /** Blocks announced and not yet read, oldest first (at most BACKLOG), and the loop reading them. */
  readonly pending: WatchBlock[];
  working: Promise<void> | undefined;
  /** Blocks let go unread because more than BACKLOG waited, or their commit could not be read twice: their signatures are not counted. */
  skipped: number;
  /** A height whose commit read failed, asked again before the next one. */
  unread: bigint | undefined;
  record: SigningRecord;
  set: readonly SetMember[];
  readonly sets: Map<string, SetMember[]>;
  readonly states: Map<string, ValidatorState>;
  /** Every staking validator's moniker by CometBFT address, from the last x/slashing read: the set's names, watched or not. */
  monikers: ReadonlyMap<string, string>;
  slashing: SlashingParams | undefined;
  blocks: number;
  height: bigint | undefined;
  lastBlockAt: number | undefined;
  readonly blockTimes: number[];
  nodes: WatchedNode[];
  chain: ChainWatch | null;
  /** Validators the followed blocks carried evidence against. */
  readonly evidence: Map<string, EvidenceSeen>;
}

/**
 * The operator's watch over every network it follows (the selected one and each one with a watch
 * list or extra nodes, whichever is selected): who signed each block (from the commits
 * the block feed reads), x/slashing signing info every few blocks, every RPC node side by side,
 * and the chain's pace; each turned into alert episodes, told through the notifier, a webhook,
 * and `watch.alert` events, and kept in a persisted history.
 */
export function createWatch(deps: WatchDeps) {
  const now = deps.now ?? Date.now;
  const slashingEvery = deps.slashingEveryBlocks ?? 10;
  const chainEvery = deps.chainEveryBlocks ?? 100;
  const queryOn = (network: Network) => async (a: { path: string; data?: string; height?: string }) => deps.chain(network).abciQuery(a);
  const followed = new Map<string, Followed>();
  const isFollowed = (f: Followed) => followed.get(f.network.id) === f;
  let timers: NodeJS.Timeout[] = [];
  let unlisten: (() => void) | undefined;
  let unlistenStore: (() => void) | undefined;
  /** RPC calls the validator tracking made because a commit was not in a feed frame, and periodic reads. */
  const calls = { commits: 0, validatorSets: 0, slashing: 0, chainReads: 0, probes: 0, blockReads: 0 };

  const engine = createAlertEngine({
    history: deps.history,
    now,
    clearAfterMs: (id) => deps.store.get(id).rules.clearAfterSeconds * 1000,
    onChange: (alert, change, notify) => tell(alert, change, notify),
  });

  function tell(alert: Alert, change: AlertChange, notify: boolean): void {
    deps.events.emit("watch.alert", { change, alert });
    if (!notify) return;
    // Several networks are watched at once: a desktop notification says which one it is about.
    const name = followed.get(alert.networkId)?.network.name ?? alert.networkId;
    const title = alert.title.includes(name) ? alert.title : `${alert.title} (${name})`.slice(0, 200);
    if (change === "fired") deps.notifier?.notify(title, alert.message);
    if (change === "cleared") deps.notifier?.notify(`Resolved: ${title}`, `Cleared at ${alert.clearedAt ?? ""}. ${alert.message}`.slice(0, 500));
    const hook = deps.store.get(alert.networkId).webhook;
    if (hook.url && (change === "fired" || change === "cleared")) deps.webhook?.send(hook.url, hook.timeoutMs, { source: "cometdesk", change, alert });
  }

  const uptimeBlocks = (config: WatchConfig) => Math.min(10_000, Math.max(deps.uptimeBlocks ?? 1000, config.rules.missedBlocks.of));

  /** The validator set at `height`, cached by its hash: read again only when the set changed. */
  async function setAt(f: Followed, height: bigint, hash: string | undefined): Promise<SetMember[]> {
    const cached = hash ? f.sets.get(hash) : undefined;
    if (cached) return cached;
    const members: SetMember[] = [];
    for (let page = 1; page <= 100; page++) {
      calls.validatorSets++;
      const r = await deps.chain(f.network).validators({ height: String(height), page, perPage: 100 });
      members.push(...r.validators.map((v) => ({ address: v.address.toUpperCase(), votingPower: v.votingPower })));
      if (members.length >= r.total || r.validators.length === 0) break;
    }
    if (hash) {
      f.sets.set(hash, members);
      if (f.sets.size > MAX_SET_CACHE) f.sets.delete(f.sets.keys().next().value!);
    }
    return members;
  }

  async function commitAt(f: Followed, height: bigint): Promise<FeedCommit> {
    const fromFeed = deps.commitFromFeed(f.network.id, height);
    if (fromFeed?.validatorsHash) return fromFeed;
    calls.commits++;
    const c = await deps.chain(f.network).commit({ height: String(height) });
    return {
      height,
      validatorsHash: c.header.validatorsHash.toUpperCase(),
      signatures: fromFeed?.signatures ?? c.commit.signatures.map((s) => ({ flag: s.blockIdFlag, address: s.validatorAddress.toUpperCase() })),
    };
  }

  /**
   * Who signed `height`, each set member's flag read from a commit that lists exactly the set. A
   * read that failed, or a commit that does not list the set, throws: what it would say of each
   * member is not known.
   */
  async function signersAt(f: Followed, height: bigint): Promise<ObservedCommit> {
    const commit = await commitAt(f, height);
    // A signature whose address is not the set's member at its index, or a list of another length: the cached set is stale.
    const stale = (set: readonly SetMember[]) => commit.signatures.length !== set.length || commit.signatures.some((s, i) => s.address !== "" && s.address !== set[i]?.address);
    let set = await setAt(f, height, commit.validatorsHash);
    if (stale(set)) {
      if (commit.validatorsHash) f.sets.delete(commit.validatorsHash);
      set = await setAt(f, height, undefined);
    }
    if (stale(set)) throw new AppError("commit_unreadable", `the commit at height ${height} lists ${commit.signatures.length} signatures for a set of ${set.length}: who signed it is not known`);
    return { height, set, signed: set.map((_, i) => commit.signatures[i]!.flag !== 1) };
  }

  /**
   * Counts who signed `height`. A read that fails (the node rate-limits past the wait, or does not
   * answer) is never counted as a miss: it is asked again with the next block, and after a second
   * failure let go as unknown, counted with the blocks skipped (neither signed nor missed).
   */
  async function observeCommit(f: Followed, height: bigint, onFailure: "ask_again" | "let_go"): Promise<void> {
    try {
      const commit = await signersAt(f, height);
      f.set = commit.set;
      f.record.observe(commit);
    } catch (error) {
      deps.onInternalError?.("watch commit read", error);
      if (onFailure === "ask_again") f.unread = height;
      else f.skipped++;
    }
  }

  async function onBlock(f: Followed, height: bigint, time: string, proposer: string): Promise<void> {
    if (f.height !== undefined && height <= f.height) return;
    const at = now();
    const t = Date.parse(time);
    if (Number.isFinite(t)) {
      f.blockTimes.push(t);
      if (f.blockTimes.length > 21) f.blockTimes.shift();
    }
    f.lastBlockAt = at;
    f.height = height;
    f.blocks++;
    const config = deps.store.get(f.network.id);
    if (height > 1n) {
      // A commit whose read failed with the block before is asked first: the record takes heights in order.
      const again = f.unread;
      f.unread = undefined;
      if (again !== undefined && again < height - 1n) await observeCommit(f, again, "let_go");
      await observeCommit(f, height - 1n, "ask_again");
    }
    f.record.proposed(proposer.toUpperCase());
    // Evidence against a watched validator: its tombstone (x/slashing) is read at once, not a few blocks later.
    const accused = await readEvidence(f, height);
    if (f.blocks === 1 || f.blocks % slashingEvery === 0 || accused.some((a) => config.validators.some((v) => v.address === a))) await refreshStates(f).catch((e: unknown) => deps.onInternalError?.("watch slashing read", e));
    if (f.blocks === 1 || f.blocks % chainEvery === 0) await refreshChain(f, height).catch((e: unknown) => deps.onInternalError?.("watch chain read", e));
    if (isFollowed(f)) {
      engine.observe(f.network.id, VALIDATOR_KINDS, validatorConditions(config, config.rules, f.record, f.states));
      engine.observe(f.network.id, EVIDENCE_KINDS, evidenceConditions(config, config.rules, f.evidence, (a) => f.states.get(a)?.moniker ?? f.monikers.get(a) ?? null));
      engine.observe(f.network.id, CHAIN_KINDS, []); // a block arrived: a stall is over
      deps.events.emit("watch.updated", { networkId: f.network.id, height: String(height) });
      deps.onBlockDone?.(f.network.id, height, f.record);
    }
  }

  /** The evidence block `height` carries, kept in `f.evidence`; the validators it names for the first time. A failed read is told and skipped. */
  async function readEvidence(f: Followed, height: bigint): Promise<string[]> {
    const fromFeed = deps.evidenceFromFeed?.(f.network.id, height);
    if (fromFeed) return recordEvidence(f.evidence, String(height), fromFeed);
    calls.blockReads++;
    try {
      const { evidence } = await deps.chain(f.network).block({ height: String(height), txLimit: 1 });
      return recordEvidence(f.evidence, String(height), evidence);
    } catch (error) {
      deps.onInternalError?.("watch evidence read", error);
      return [];
    }
  }

  /** Jailed, tombstoned and bonded status of the watched validators, and their missed blocks in the slashing window. */
  async function refreshStates(f: Followed): Promise<void> {
    if (!f.slashing || f.blocks % (slashingEvery * 100) === 0) {
      calls.slashing++;
      f.slashing = await readSlashingParams(queryOn(f.network));
    }
    calls.slashing++;
    const infos = new Map((await readSigningInfos(queryOn(f.network))).map((i) => [i.address, i]));
    calls.slashing++;
    const staking = await readStakingValidators(queryOn(f.network));
    const byAddress = new Map(staking.validators.map((v) => [v.address, v]));
    if (staking.available) f.monikers = new Map(staking.validators.map((v) => [v.address, v.moniker]));
    // Without staking's list, the CometBFT set of the last block read is what the chain says; before one, nothing is known.
    const unknown = (address: string) => (staking.available ? !byAddress.has(address) : f.set.length > 0 && !f.set.some((m) => m.address === address));
    f.states.clear();
    for (const v of deps.store.get(f.network.id).validators) {
      const s = byAddress.get(v.address);
      const info = infos.get(v.address);
      f.states.set(v.address, {
        moniker: s?.moniker ?? null,
        operatorAddress: s?.operatorAddress ?? null,
        jailed: s?.jailed ?? false,
        tombstoned: info?.tombstoned ?? false,
        inactive: staking.available ? s?.status !== "bonded" : false,
        unknown: unknown(v.address),
        windowMissed: info?.missedBlocks ?? null,
      });
    }
  }

  /** The upgrade plan and the proposals in voting, and the alerts they call for. */
  async function refreshChain(f: Followed, height: bigint): Promise<void> {
    calls.chainReads++;
    const config = deps.store.get(f.network.id);
    f.chain = await readChainWatch({
      abciQuery: queryOn(f.network),
      height,
      blockTimeMs: blockTimeMs(f),
      prefix: f.network.bech32Prefix,
      validators: config.validators.map((v) => ({ address: v.address, operatorAddress: f.states.get(v.address)?.operatorAddress ?? null })),
      now: now(),
    });
    if (isFollowed(f)) engine.observe(f.network.id, CHAIN_EVENT_KINDS, chainEventConditions(f.chain, config, config.rules, f.network.name, now()));
  }

  /** The usual block time: the median gap between the recent blocks' header times. */
  function blockTimeMs(f: Followed): number | null {
    const gaps = f.blockTimes.slice(1).map((t, i) => t - f.blockTimes[i]!).filter((g) => g > 0).sort((a, b) => a - b);
    return gaps.length >= 3 ? gaps[Math.floor(gaps.length / 2)]! : null;
  }

  function stalled(f: Followed): Condition | undefined {
    const rules = deps.store.get(f.network.id).rules.chainStalled;
    const usual = blockTimeMs(f);
    if (!rules.enabled || usual === null || f.lastBlockAt === undefined) return undefined;
    const quiet = now() - f.lastBlockAt;
    if (quiet < rules.factor * usual) return undefined;
    return { kind: "chain_stalled", subject: f.network.chainId, title: `${f.network.name} has stalled`, message: `No new block after height ${String(f.height)} for ${Math.round(quiet / 1000)} s (usual block time ${(usual / 1000).toFixed(1)} s).` };
  }

  function checkStall(): void {
    for (const f of followed.values()) {
      const c = stalled(f);
      if (c) engine.observe(f.network.id, CHAIN_KINDS, [c]);
    }
  }

  const targets = (f: Followed) => {
    const extra = deps.store.get(f.network.id).nodes;
    // One node typed two ways (kept from before `watch.addNode` compared URLs as the parser writes them) is probed once.
    const seen = new Set(f.network.rpcUrls.map(httpUrlKey));
    const added: string[] = [];
    for (const url of extra) {
      const key = httpUrlKey(url);
      if (seen.has(key)) continue;
      seen.add(key);
      added.push(url);
    }
    return [...f.network.rpcUrls.map((url) => ({ url, source: "network" as const })), ...added.map((url) => ({ url, source: "user" as const }))];
  };

  /** One node probe per network: its nodes' progress is its own. */
  const probeFor = (networkId: string) =>
    createNodeProbe({
      client: (url) => deps.nodeClient(url),
      lagBlocks: () => deps.store.get(networkId).rules.nodeLagging.blocks,
      stoppedAfterMs: () => {
        const f = followed.get(networkId);
        const usual = f ? blockTimeMs(f) : null;
        return Math.max(5_000, (usual ?? 5_000) * 5);
      },
      now,
    });

  async function probeAll(): Promise<void> {
    await Promise.all([...followed.values()].map((f) => probeNodes(f)));
  }

  async function probeNodes(f: Followed): Promise<void> {
    if (f.probing) return;
    f.probing = true;
    try {
      calls.probes++;
      const { nodes } = await f.probe.probe(targets(f));
      if (!isFollowed(f)) return;
      f.nodes = nodes;
      const rules = deps.store.get(f.network.id).rules;
      // A halted chain stops every node at once: that is one chain alert, not one per node.
      const chainDown = stalled(f) !== undefined;
      const out: Condition[] = [];
      for (const n of nodes) {
        const name = n.moniker ? `${n.moniker} (${n.url})` : n.url;
        if (rules.nodeDown.enabled && n.flags.includes("down")) out.push({ kind: "node_down", subject: n.url, title: `Node down: ${n.url}`, message: `${name} does not answer: ${n.error ?? "no answer"}.` });
        const limited = rateLimitedCondition(n, name, rules);
        if (limited) out.push(limited);
        if (rules.nodeLagging.enabled && n.flags.includes("lagging") && !chainDown) out.push({ kind: "node_lagging", subject: n.url, title: `Node lagging: ${n.url}`, message: `${name} is at height ${n.height ?? "?"}, more than ${rules.nodeLagging.blocks} blocks behind the others.` });
        if (rules.nodeDown.enabled && n.flags.includes("stopped") && !chainDown) out.push({ kind: "node_stopped", subject: n.url, title: `Node stopped: ${n.url}`, message: `${name} answers but stays at height ${n.height ?? "?"} while the others move on.` });
        if (rules.hashMismatch.enabled && n.flags.includes("app_hash_mismatch")) out.push({ kind: "app_hash_mismatch", subject: n.url, title: `App hash mismatch: ${n.url}`, message: `${name} reports app hash ${n.compared?.appHash ?? "?"} at height ${n.compared?.height ?? "?"}, unlike the other nodes.` });
        if (rules.hashMismatch.enabled && n.flags.includes("block_hash_mismatch")) out.push({ kind: "block_hash_mismatch", subject: n.url, title: `Block hash mismatch: ${n.url}`, message: `${name} reports block hash ${n.compared?.blockHash ?? "?"} at height ${n.compared?.height ?? "?"}, unlike the other nodes.` });
      }
      engine.observe(f.network.id, NODE_KINDS, [...out, ...sharedKeyConditions(nodes, rules)]);
      deps.events.emit("watch.updated", { networkId: f.network.id, height: f.height === undefined ? null : String(f.height) });
    } catch (error) {
      deps.onInternalError?.("watch node probe", error);
    } finally {
      f.probing = false;
      if (f.probeAgain && isFollowed(f)) {
        f.probeAgain = false;
        void probeNodes(f);
      }
    }
  }

  /** A node that refuses for load is a wait, not a fault: it is alerted only once it has done so for the rule's minutes. */
  function rateLimitedCondition(n: WatchedNode, name: string, rules: WatchConfig["rules"]): Condition | undefined {
    if (!rules.nodeRateLimited.enabled || !n.flags.includes("rate_limited") || n.rateLimitedSince === null) return undefined;
    const lasted = now() - Date.parse(n.rateLimitedSince);
    if (!(lasted >= rules.nodeRateLimited.minutes * 60_000)) return undefined;
    return { kind: "node_rate_limited", subject: n.url, title: `Node rate-limiting: ${n.url}`, message: `${name} is rate-limiting the watch's requests: it has refused them for load for ${Math.floor(lasted / 60_000)} min. It is not down; the watch reads it again as its limit allows (${n.error ?? "refused for load"}).` };
  }

  /** Probes `f`'s nodes now, or once the probe under way ends: a node just added is not left unprobed until the next round. */
  function probeSoon(f: Followed): void {
    if (f.probing) f.probeAgain = true;
    else void probeNodes(f);
  }

  /**
   * Every node of the table as the last probe found it, in the probe's order. A node the user
   * just added has no probe yet: it is listed at once, with no check time ("checking…"), rather
   * than missing until the next probe; one the user removed leaves at once.
   */
  function nodeRows(f: Followed): WatchedNode[] {
    const probed = new Map(f.nodes.map((n) => [n.url, n]));
    return targets(f).map((t) => probed.get(t.url) ?? { url: t.url, source: t.source, up: false, error: null, moniker: null, version: null, height: null, latestBlockTime: null, catchingUp: null, peers: null, mempoolTxs: null, latencyMs: null, compared: null, flags: [], nodeId: null, validatorKey: null, checkedAt: null, rateLimitedSince: null });
  }

  function fresh(network: Network): Followed {
    return { network, probe: probeFor(network.id), probing: false, probeAgain: false, pending: [], working: undefined, skipped: 0, unread: undefined, record: createSigningRecord(uptimeBlocks(deps.store.get(network.id)), (address) => deps.store.get(network.id).validators.some((v) => v.address === address), deps.restoredRecord?.(network.id)), set: [], sets: new Map(), states: new Map(), monikers: new Map(), slashing: undefined, blocks: 0, height: undefined, lastBlockAt: undefined, blockTimes: [], nodes: [], chain: null, evidence: new Map() };
  }

  /** Resolves what the operator typed to the validator's CometBFT address. */
  async function resolve(network: Network, ref: string): Promise<string> {
    if (/^[0-9a-fA-F]{40}$/.test(ref)) return ref.toUpperCase();
    let decoded: { prefix: string; data: Uint8Array };
    try {
      decoded = fromBech32(ref, 90);
    } catch {
      throw new AppError("invalid_address", `${ref} is not a valid bech32 address`);
    }
    if (decoded.prefix === `${network.bech32Prefix}valcons` && decoded.data.length === 20) return toHex(decoded.data).toUpperCase();
    if (decoded.prefix !== `${network.bech32Prefix}valoper`) throw new AppError("invalid_address", `expected a ${network.bech32Prefix}valoper or ${network.bech32Prefix}valcons address on ${network.name}`);
    const staking = await readStakingValidators(queryOn(network));
    const found = staking.validators.find((v) => v.operatorAddress === ref);
    if (!found) throw new AppError("validator_not_found", `no validator ${ref} on ${network.name}`);
    return found.address;
  }

  function validatorRows(networkId: string): WatchedValidator[] {
    const f = followed.get(networkId);
    return deps.store.get(networkId).validators.map((v) => {
      const r = f?.record.get(v.address);
      const s = f?.states.get(v.address);
      return {
        address: v.address, ref: v.ref, label: v.label,
        moniker: s?.moniker ?? null, operatorAddress: s?.operatorAddress ?? null,
        seen: r?.seen ?? 0, signed: r?.signed ?? 0, missed: r?.missed ?? 0,
        uptime: f?.record.uptime(v.address) ?? null,
        missedHeights: [...(r?.missedHeights ?? [])],
        currentMissStreak: r?.currentMissStreak ?? 0, longestMissStreak: r?.longestMissStreak ?? 0,
        proposed: r?.proposed ?? 0,
        votingPower: r?.votingPower ?? null,
        powerChanges: [...(r?.powerChanges ?? [])],
        windowMissed: s?.windowMissed ?? null,
        jailed: s?.jailed ?? false, tombstoned: s?.tombstoned ?? false, inactive: s?.inactive ?? false,
        unknown: s?.unknown ?? false,
      };
    });
  }

  function block(b: WatchBlock): void {
    const f = followed.get(b.networkId);
    if (!f) return;
    f.pending.push(b);
    if (f.pending.length > BACKLOG) f.skipped += f.pending.splice(0, f.pending.length - BACKLOG).length;
    work(f);
  }

  /** Reads `f`'s waiting blocks one at a time, in order, unless a loop already does. */
  function work(f: Followed): void {
    if (f.working || f.pending.length === 0) return;
    f.working = (async () => {
      for (let b = f.pending.shift(); b; b = f.pending.shift()) {
        await onBlock(f, BigInt(b.height), b.time, b.proposerAddress).catch((e: unknown) => deps.onInternalError?.("watch block", e));
      }
    })().finally(() => {
      f.working = undefined;
      work(f); // a block announced while the loop was ending
    });
  }

  function start(): void {
    if (unlisten) return;
    // The selected network's blocks come from main's feed; the others' through `block`.
    unlisten = deps.events.listen((event, payload) => {
      if (event === "chain.newBlock") block(payload as WatchBlock);
    });
    // A node added to a followed network is probed at once, not at the next round up to an interval later.
    unlistenStore = deps.store.onChange((networkId) => {
      const f = followed.get(networkId);
      if (f && targets(f).some((t) => !f.nodes.some((n) => n.url === t.url))) probeSoon(f);
    });
    timers = [setInterval(() => void probeAll(), deps.probeIntervalMs ?? 10_000), setInterval(checkStall, deps.stallCheckMs ?? 1000)];
    timers.forEach((t) => t.unref());
  }

  return {
    /** Follows `network` beside the others it follows: its blocks (main's `chain.newBlock`, or `block`), its nodes by probing. */
    follow(network: Network): void {
      start();
      const previous = followed.get(network.id);
      // The same network again (its entry was edited, or it was selected): what was counted so far is kept.
      const f = previous ? Object.assign(previous, { network }) : fresh(network);
      followed.set(network.id, f);
      if (!previous) void probeNodes(f);
    },
    /** Follows exactly `networks`: the ones missing are started, the others dropped with what they counted. */
    followOnly(networks: readonly Network[]): void {
      const keep = new Set(networks.map((n) => n.id));
      for (const id of [...followed.keys()]) if (!keep.has(id)) this.unfollow(id);
      networks.forEach((n) => this.follow(n));
    },
    unfollow(networkId: string): void {
      // Blocks still waiting are not read: the network is no longer watched.
      followed.get(networkId)?.pending.splice(0);
      followed.delete(networkId);
    },
    /** A block of a network followed in the background (a watch feed's `chain.newBlock`). */
    block,
    following: (): string[] => [...followed.keys()],
    networkName: (networkId: string): string | undefined => followed.get(networkId)?.network.name,
    stop(): void {
      unlisten?.();
      unlisten = undefined;
      unlistenStore?.();
      unlistenStore = undefined;
      timers.forEach(clearInterval);
      timers = [];
      followed.forEach((f) => f.pending.splice(0));
      followed.clear();
    },
    /** Waits until no block waits (for tests and shutdown). */
    idle: async (): Promise<void> => {
      for (let round = 0; round < 1_000; round++) {
        const busy = [...followed.values()].flatMap((f) => (f.working ? [f.working] : []));
        if (busy.length === 0) return;
        await Promise.all(busy);
      }
    },
    probeNow: probeAll,
    /** RPC calls made so far (all networks), and blocks followed on `networkId` (or on all). */
    stats: (networkId?: string) => ({ ...calls, blocks: networkId ? (followed.get(networkId)?.blocks ?? 0) : [...followed.values()].reduce((n, f) => n + f.blocks, 0) }),
    status(networkId: string): z.output<typeof WatchStatus> {
      const f = followed.get(networkId);
      const config = deps.store.get(networkId);
      return {
        networkId,
        following: f !== undefined,
        height: f?.height === undefined ? null : String(f.height),
        blockTimeMs: f ? blockTimeMs(f) : null,
        slashing: f?.slashing ? { ...f.slashing, maxMissed: Math.floor(f.slashing.signedBlocksWindow * (1 - f.slashing.minSignedPerWindow)) } : null,
        uptimeBlocks: f?.record.window ?? uptimeBlocks(config),
        validators: validatorRows(networkId),
        set: (f?.set ?? []).map((m) => ({ address: m.address, moniker: f?.monikers.get(m.address) ?? null, votingPower: m.votingPower, seen: f?.record.get(m.address)?.seen ?? 0, uptime: f?.record.uptime(m.address) ?? null })),
        nodes: f ? nodeRows(f) : [],
        chain: f?.chain ?? null,
        config,
        webhookError: deps.webhook?.lastError() ?? null,
        skippedBlocks: f?.skipped ?? 0,
      };
    },
    async addValidator(network: Network, ref: string, label: string | undefined): Promise<WatchConfig> {
      const address = await resolve(network, ref);
      const next = deps.store.update(network.id, (c) => {
        const others = c.validators.filter((v) => v.address !== address);
        if (others.length >= MAX_WATCHED_VALIDATORS) throw new ConflictError(`At most ${MAX_WATCHED_VALIDATORS} validators per network on the watch list: remove one before adding another.`);
        return { ...c, validators: [...others, { address, ref, label: label ?? "" }] };
      });
      const f = followed.get(network.id);
      if (f) await refreshStates(f).catch(() => undefined);
      return next;
    },
    /** The CometBFT address of what an operator typed (operator, consensus or hex address). */
    resolveValidator: (network: Network, ref: string): Promise<string> => resolve(network, ref),
    removeValidator: (networkId: string, address: string) => deps.store.update(networkId, (c) => ({ ...c, validators: c.validators.filter((v) => v.address !== address) })),
    acknowledge: (id: string) => engine.acknowledge(id),
    snooze: (id: string, minutes: number) => engine.snooze(id, minutes),
  };
}

export type Watch = ReturnType<typeof createWatch>;
