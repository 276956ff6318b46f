import { z } from "zod";
import { DecString, HexString, HttpUrl, Id, IsoTime } from "../primitives.js";
import { method } from "./method.js";
import { WatchConnection } from "./watch-connection.js";

/** A CometBFT validator address: 20 bytes, upper-case hex. */
export const ConsensusHex = z.string().regex(/^[0-9A-F]{40}$/, "expected a 20-byte upper-case hex address");

/**
 * How an operator names a validator to watch: its operator address (`…valoper1…`), its consensus
 * address (`…valcons1…`) or the CometBFT hex address the explorer shows.
 */
export const ValidatorRef = z.string().trim().min(8).max(128).regex(/^([a-z][a-z0-9]{0,30}1[02-9ac-hj-np-z]{6,}|[0-9a-fA-F]{40})$/, "expected a valoper, valcons or 40-digit hex address");

/** What an alert is about; one episode per kind and subject. */
export const AlertKind = z.enum(["missed_blocks", "jailed", "tombstoned", "inactive", "node_down", "node_rate_limited", "node_lagging", "node_stopped", "app_hash_mismatch", "block_hash_mismatch", "chain_stalled", "upgrade_planned", "proposal_unvoted", "double_sign_evidence", "shared_validator_key"]);
export type AlertKind = z.infer<typeof AlertKind>;

/** The alert rules of one network; every threshold has a default an operator would pick first. */
export const WatchRules = z.object({
  /** Missed at least `missed` of the last `of` blocks. */
  missedBlocks: z.object({ enabled: z.boolean(), missed: z.number().int().min(1).max(10_000), of: z.number().int().min(1).max(10_000) }).refine((r) => r.missed <= r.of, "missed cannot exceed the blocks counted"),
  jailed: z.object({ enabled: z.boolean() }),
  nodeDown: z.object({ enabled: z.boolean() }),
  /**
   * A node that refuses the watch's requests for load (HTTP 429, or 503 with a Retry-After) past the
   * wait a read may make is rate-limited, never down: alerted only once it has been so for `minutes`.
   * Defaulted for a `watch.json` written before it existed.
   */
  nodeRateLimited: z.object({ enabled: z.boolean(), minutes: z.number().int().min(1).max(1440) }).default({ enabled: true, minutes: 10 }),
  nodeLagging: z.object({ enabled: z.boolean(), blocks: z.number().int().min(1).max(1_000_000) }),
  hashMismatch: z.object({ enabled: z.boolean() }),
  /** No block for `factor` times the usual block time. */
  chainStalled: z.object({ enabled: z.boolean(), factor: z.number().min(1.5).max(1000) }),
  /** An upgrade plan is scheduled (x/upgrade): the node's binary must be ready at its height. */
  upgradePlanned: z.object({ enabled: z.boolean() }),
  /** A watched validator has not voted on a proposal whose voting ends within `hoursBefore`. */
  proposalUnvoted: z.object({ enabled: z.boolean(), hoursBefore: z.number().int().min(1).max(24 * 30) }),
  /** A block carries evidence (DuplicateVoteEvidence, LightClientAttackEvidence) naming a watched validator. Defaulted for a `watch.json` written before it existed. */
  doubleSign: z.object({ enabled: z.boolean() }).default({ enabled: true }),
  /** Two or more watched nodes report the same validator key in `status`: a copied key, which double-signs once both sign. */
  sharedKey: z.object({ enabled: z.boolean() }).default({ enabled: true }),
  /** An alert clears only after its condition stayed away this long: a flapping node is one episode. */
  clearAfterSeconds: z.number().int().min(0).max(86_400),
});
export type WatchRules = z.infer<typeof WatchRules>;

export const DEFAULT_WATCH_RULES: WatchRules = {
  missedBlocks: { enabled: true, missed: 5, of: 20 },
  jailed: { enabled: true },
  nodeDown: { enabled: true },
  nodeRateLimited: { enabled: true, minutes: 10 },
  nodeLagging: { enabled: true, blocks: 10 },
  hashMismatch: { enabled: true },
  chainStalled: { enabled: true, factor: 10 },
  upgradePlanned: { enabled: true },
  proposalUnvoted: { enabled: true, hoursBefore: 24 },
  doubleSign: { enabled: true },
  sharedKey: { enabled: true },
  clearAfterSeconds: 60,
};

/** An optional webhook: each alert and each clearing is POSTed to it as JSON. */
export const WatchWebhook = z.object({ url: HttpUrl.nullable(), timeoutMs: z.number().int().min(100).max(60_000) });

/** How many validators one network's watch list holds, and how many nodes the user may add to it. */
export const MAX_WATCHED_VALIDATORS = 200;
export const MAX_ADDED_NODES = 32;

/** What the watch keeps per network (`watch.json` in main's data folder). */
export const WatchConfig = z.object({
  validators: z.array(z.object({ address: ConsensusHex, ref: z.string().max(128), label: z.string().max(64) })).max(MAX_WATCHED_VALIDATORS),
  /** Nodes the user added, beside the network's own RPC endpoints. */
  nodes: z.array(HttpUrl).max(MAX_ADDED_NODES),
  rules: WatchRules,
  webhook: WatchWebhook,
});
export type WatchConfig = z.infer<typeof WatchConfig>;

/** One alert episode: from the moment it fired until it cleared. */
export const Alert = z.object({
  id: z.string().max(64),
  networkId: Id,
  /** The kind and its subject (`missed_blocks:<address>`): one open episode per key. */
  key: z.string().max(300),
  kind: AlertKind,
  /** A validator address, a node URL, or the chain id. */
  subject: z.string().max(2048),
  title: z.string().max(200),
  message: z.string().max(1000),
  firedAt: IsoTime,
  clearedAt: IsoTime.nullable(),
  acknowledgedAt: IsoTime.nullable(),
  /** While snoozed the alert is kept but notifies no one. */
  snoozedUntil: IsoTime.nullable(),
});
export type Alert = z.infer<typeof Alert>;

const PowerChange = z.object({ height: DecString, from: DecString, to: DecString });

/** A watched validator, as the watch saw it in the blocks it followed and in x/slashing. */
export const WatchedValidator = z.object({
  address: ConsensusHex,
  ref: z.string().max(128),
  label: z.string().max(64),
  moniker: z.string().max(256).nullable(),
  operatorAddress: z.string().max(128).nullable(),
  /** Blocks followed since the watch started, and of those signed and missed. */
  seen: z.number().int(),
  signed: z.number().int(),
  missed: z.number().int(),
  /** Signed share of the last `uptimeBlocks` blocks followed, 0..1; null before the first. */
  uptime: z.number().nullable(),
  missedHeights: z.array(DecString).max(1000),
  currentMissStreak: z.number().int(),
  longestMissStreak: z.number().int(),
  proposed: z.number().int(),
  votingPower: DecString.nullable(),
  powerChanges: z.array(PowerChange).max(50),
  /** From x/slashing signing info, read every few blocks. */
  windowMissed: z.number().int().nullable(),
  jailed: z.boolean(),
  tombstoned: z.boolean(),
  /** Not in the active set (unbonded, unbonding or unknown to staking). */
  inactive: z.boolean(),
  /**
   * No validator of the chain has this address, as the last read found it (staking's list of every
   * status; the CometBFT set where staking is unreadable): a mistyped address, or a validator not
   * created yet. Kept on the list, since an operator may add a validator before it joins.
   */
  unknown: z.boolean(),
});
export type WatchedValidator = z.infer<typeof WatchedValidator>;

/** `rate_limited`: its status read was refused for load past the wait a read may make; it is not down, and its other facts are the last it answered. */
export const NodeFlag = z.enum(["down", "rate_limited", "lagging", "stopped", "catching_up", "app_hash_mismatch", "block_hash_mismatch"]);

/** One RPC node of the network, as the last probe found it (or not probed yet: `checkedAt` null). */
export const WatchedNode = z.object({
  url: HttpUrl,
  source: z.enum(["network", "user"]),
  /** It answered its last probe, if only to refuse for load (`rate_limited`): false only for a node that is down. */
  up: z.boolean(),
  error: z.string().max(300).nullable(),
  moniker: z.string().max(256).nullable(),
  version: z.string().max(128).nullable(),
  height: DecString.nullable(),
  latestBlockTime: IsoTime.nullable(),
  catchingUp: z.boolean().nullable(),
  peers: z.number().int().nullable(),
  mempoolTxs: z.number().int().nullable(),
  latencyMs: z.number().nullable(),
  /** Its hashes at the height every answering node has. */
  compared: z.object({ height: DecString, appHash: HexString, blockHash: HexString }).nullable(),
  flags: z.array(NodeFlag),
  /** The node's own id (`node_info.id`): two URLs of one node report one id. */
  nodeId: z.string().max(64).nullable(),
  /** The validator key the node signs with (`validator_info`), and its voting power there (0 when it is not in the set it knows). */
  validatorKey: z.object({ type: z.string().max(64), value: z.string().max(256), votingPower: DecString }).nullable(),
  /** When the probe last asked it; null for a node not probed yet (just added), whose other facts are unknown. */
  checkedAt: IsoTime.nullable(),
  /** Since when it has refused the watch's status reads for load, without a probe answered between; null while it answers. Defaulted for a watch service older than it. */
  rateLimitedSince: IsoTime.nullable().default(null),
});
export type WatchedNode = z.infer<typeof WatchedNode>;

/** What the chain has scheduled or asks of its validators: x/upgrade's plan and x/gov's proposals in voting. */
export const ChainWatch = z.object({
  checkedAt: IsoTime,
  upgrade: z.object({
    available: z.boolean(),
    reason: z.string().max(300).nullable(),
    /** `eta` from the height still to go and the usual block time. */
    plan: z.object({ name: z.string().max(140), height: DecString, info: z.string().max(2000), eta: IsoTime.nullable() }).nullable(),
  }),
  proposals: z.object({
    available: z.boolean(),
    reason: z.string().max(300).nullable(),
    items: z.array(z.object({
      id: DecString,
      title: z.string().max(300),
      votingEndTime: IsoTime.nullable(),
      /** Each watched validator's vote (its operator's account), null while it has not voted. */
      votes: z.array(z.object({ address: ConsensusHex, vote: z.string().max(20).nullable() })),
    })).max(1000),
  }),
});
export type ChainWatch = z.infer<typeof ChainWatch>;

export const WatchStatus = z.object({
  networkId: Id,
  /** Whether the watch follows this network now (the selected one, and any with a watch list or extra nodes). */
  following: z.boolean(),
  height: DecString.nullable(),
  /** The usual block time, from the recent blocks followed. */
  blockTimeMs: z.number().nullable(),
  slashing: z.object({ signedBlocksWindow: z.number().int(), minSignedPerWindow: z.number(), maxMissed: z.number().int() }).nullable(),
  uptimeBlocks: z.number().int(),
  validators: z.array(WatchedValidator),
  /** An uptime figure for every validator of the set, watched or not. */
  set: z.array(z.object({ address: ConsensusHex, moniker: z.string().max(256).nullable(), votingPower: DecString, seen: z.number().int(), uptime: z.number().nullable() })).max(100_000),
  nodes: z.array(WatchedNode),
  /** Read every 100 blocks; null before the first read. */
  chain: ChainWatch.nullable(),
  config: WatchConfig,
  /** The webhook's last failure, if its last delivery failed. */
  webhookError: z.string().max(300).nullable(),
  /**
   * Blocks the watch let go unread since it began following this network: it fell behind the
   * chain (its node answered slower than blocks came), or a block's commit could not be read
   * twice (refused for load, no answer). Their signatures are not counted, neither as signed nor
   * as missed.
   */
  skippedBlocks: z.number().int().min(0),
});

const NetworkArg = z.strictObject({ networkId: Id });

/** A network the watch follows now: the selected one, and every one with validators or nodes on its watch list. */
export const WatchedNetwork = z.object({ networkId: Id, name: z.string().max(200), selected: z.boolean(), height: DecString.nullable(), openAlerts: z.number().int() });

/** `watch.*`: the operator's watch over validators, nodes and the chain, and its alerts. */
export const watchMethods = {
  /** The status, and where the watch runs: here, or a watch service (with when it last answered). */
  status: method(NetworkArg, WatchStatus.extend({ connection: WatchConnection })),
  /** Every network followed now, whichever is selected. */
  networks: method(z.strictObject({}), z.object({ networks: z.array(WatchedNetwork) })),
  addValidator: method(z.strictObject({ networkId: Id, address: ValidatorRef, label: z.string().trim().max(64).optional() }), WatchConfig),
  removeValidator: method(z.strictObject({ networkId: Id, address: ConsensusHex }), WatchConfig),
  addNode: method(z.strictObject({ networkId: Id, url: HttpUrl }), WatchConfig),
  removeNode: method(z.strictObject({ networkId: Id, url: HttpUrl }), WatchConfig),
  /** The rules, and the webhook with them when given: both kept in one write, or neither. */
  setRules: method(z.strictObject({ networkId: Id, rules: WatchRules, webhook: WatchWebhook.optional() }), WatchConfig),
  setWebhook: method(z.strictObject({ networkId: Id, webhook: WatchWebhook }), WatchConfig),
  /** The alert history, newest first; open ones included. */
  alerts: method(z.strictObject({ networkId: Id.optional(), limit: z.number().int().min(1).max(1000).default(200) }), z.object({ alerts: z.array(Alert) })),
  acknowledge: method(z.strictObject({ id: z.string().min(1).max(64) }), Alert),
  /** Silences the alert's key (its kind and subject) for `minutes`; 0 lifts a snooze. */
  snooze: method(z.strictObject({ id: z.string().min(1).max(64), minutes: z.number().int().min(0).max(7 * 24 * 60) }), Alert),
};
