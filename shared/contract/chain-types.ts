import { z } from "zod";
import { Base64String, DecString, Hash32Hex, HexString, IsoTime, JsonValue } from "../primitives.js";
import { GENERATIONS } from "./generation.js";

/**
 * Domain types of the explorer: readonly camelCase shapes adapted in main from the node's
 * snake_case answers (CometBFT 0.38 RPC, https://docs.cometbft.com/v0.38/rpc/).
 */

export const EventAttribute = z.object({ key: z.string(), value: z.string(), index: z.boolean() });
export const AbciEvent = z.object({ type: z.string(), attributes: z.array(EventAttribute) });

export const BlockId = z.object({ hash: HexString, partsTotal: z.number().int(), partsHash: HexString });

export const Header = z.object({
  chainId: z.string(),
  height: DecString,
  time: IsoTime,
  lastBlockId: BlockId.nullable(),
  lastCommitHash: HexString,
  dataHash: HexString,
  validatorsHash: HexString,
  nextValidatorsHash: HexString,
  consensusHash: HexString,
  appHash: HexString,
  lastResultsHash: HexString,
  evidenceHash: HexString,
  proposerAddress: HexString,
  version: z.object({ block: DecString, app: DecString }),
});
export type Header = z.infer<typeof Header>;

/** A header and the route it was read from: `block` when the node lacks the header routes. */
export const RoutedHeader = Header.extend({ readFrom: z.enum(["header", "block"]) });

export const CommitSignature = z.object({
  blockIdFlag: z.number().int(),
  validatorAddress: HexString,
  timestamp: IsoTime.nullable(),
  signature: Base64String.nullable(),
});

export const Commit = z.object({ height: DecString, round: z.number().int(), blockId: BlockId, signatures: z.array(CommitSignature) });

/** A commit's signers only (chain.commitSignatures); an absent validator's address may be empty, as frames send it. */
export const CommitSignatures = z.object({
  height: DecString,
  canonical: z.boolean(),
  signatures: z.array(z.object({ blockIdFlag: z.number().int(), validatorAddress: z.union([HexString, z.literal("")]) })),
  /** Where the answer came from: the feed's frames (no request) or the node. */
  from: z.enum(["feed", "node"]),
});

/**
 * One piece of misbehaviour evidence a block carries, as shared/cosmos/evidence/block-evidence.ts
 * reads it: a duplicate vote names its signer, a light-client attack its byzantine validators.
 * Evidence of a type not known keeps its wire type with no validators.
 */
export const BlockEvidence = z.object({
  kind: z.enum(["duplicate_vote", "light_client_attack", "unknown"]),
  /** The type as the node named it ("tendermint/DuplicateVoteEvidence"). */
  type: z.string().max(128),
  /** The height of the misbehaviour: the votes' height, or a light-client attack's common height. */
  height: DecString.nullable(),
  time: z.string().max(64).nullable(),
  /** Upper-case hex consensus addresses. */
  validators: z.array(HexString).max(10_000),
});
export type BlockEvidence = z.infer<typeof BlockEvidence>;

/** A block: `txs` are base64 transaction bytes, `txHashes` their upper-case hex ids. */
export const Block = z.object({
  blockId: BlockId,
  header: Header,
  /** The transactions from `txOffset` on (a page of them when one was asked for), and their ids. */
  txs: z.array(Base64String),
  txHashes: z.array(HexString),
  /** How many transactions the whole block holds. */
  txCount: z.number().int(),
  txOffset: z.number().int(),
  lastCommit: Commit.nullable(),
  evidenceCount: z.number().int(),
  evidence: z.array(BlockEvidence).max(10_000),
});
export type Block = z.infer<typeof Block>;

export const ExecTxResult = z.object({
  code: z.number().int(),
  codespace: z.string(),
  log: z.string(),
  data: Base64String,
  gasWanted: DecString,
  gasUsed: DecString,
  events: z.array(AbciEvent),
});

/**
 * A validator update's key: `type` as CometBFT 1.0 names key types ("ed25519", "secp256k1"),
 * whatever encoding the node's generation sent it in. A key not understood keeps its JSON in
 * `raw` (and `type` and `value` are empty), and the block's `notes` say so.
 */
export const ValidatorUpdate = z.object({ pubKey: z.object({ type: z.string(), value: Base64String }), power: DecString, raw: z.string().max(4096).optional() });

export const BlockResults = z.object({
  height: DecString,
  txsResults: z.array(ExecTxResult),
  /** ABCI 2.0 (CometBFT 0.38 on): the block's own events, from FinalizeBlock. */
  finalizeBlockEvents: z.array(AbciEvent),
  /** Before ABCI 2.0 (CometBFT 0.37, Tendermint 0.34): the events of BeginBlock and of EndBlock. */
  beginBlockEvents: z.array(AbciEvent),
  endBlockEvents: z.array(AbciEvent),
  validatorUpdates: z.array(ValidatorUpdate),
  /** base64 here, unlike the hex hashes of headers: CometBFT sends it as []byte. Absent before 0.38. */
  appHash: Base64String,
  /** Sentences naming what in the answer was not understood (shown above it); empty when all was. */
  notes: z.array(z.string().max(8192)),
});

export const BlockMeta = z.object({ blockId: BlockId, blockSize: DecString, header: Header, numTxs: z.number().int() });
export const Blockchain = z.object({ lastHeight: DecString, blockMetas: z.array(BlockMeta) });
export const BlockSearch = z.object({ totalCount: z.number().int(), blocks: z.array(Block) });

export const TxResponse = z.object({
  hash: HexString,
  height: DecString,
  index: z.number().int(),
  result: ExecTxResult,
  tx: Base64String,
});
export const TxSearch = z.object({ totalCount: z.number().int(), txs: z.array(TxResponse) });

export const BroadcastResult = z.object({ code: z.number().int(), codespace: z.string(), log: z.string(), data: Base64String, hash: HexString });
export const BroadcastCommitResult = z.object({ hash: HexString, height: DecString, checkTx: ExecTxResult, txResult: ExecTxResult });
export const CheckTxResult = ExecTxResult;

/** Which generation a node runs: its consensus engine and its application, from `status` and `abci_info`. */
export const NodeGeneration = z.object({
  generation: z.enum(GENERATIONS),
  /** `node_info.version` as the node sent it. */
  consensusVersion: z.string().max(128),
  /** The application's own version string (`abci_info`), often empty for a chain built without one. */
  appVersion: z.string().max(128),
  /** The Cosmos SDK module version the application was built with, when the node says it ("v0.53.8"). */
  sdkVersion: z.string().max(128).nullable(),
  /** "CometBFT 0.38.23 · Cosmos SDK v0.53.8". */
  label: z.string().max(512),
  /** What was not understood (an unknown version), in words; empty when all was. */
  notes: z.array(z.string().max(1024)),
});

export const AbciInfo = z.object({ data: z.string(), version: z.string(), appVersion: DecString, lastBlockHeight: DecString, lastBlockAppHash: Base64String });
export const AbciQueryResult = z.object({
  code: z.number().int(),
  codespace: z.string(),
  log: z.string(),
  key: Base64String,
  value: Base64String,
  height: DecString,
  index: DecString,
});

export const NodeStatus = z.object({
  nodeInfo: z.object({ id: z.string(), network: z.string(), moniker: z.string(), version: z.string(), listenAddr: z.string() }),
  syncInfo: z.object({
    latestBlockHash: HexString,
    latestAppHash: HexString,
    latestBlockHeight: DecString,
    latestBlockTime: IsoTime,
    earliestBlockHeight: DecString,
    catchingUp: z.boolean(),
  }),
  /** The key the node signs with; `pubKey` null where the node did not say. */
  validatorInfo: z.object({ address: HexString, votingPower: DecString, pubKey: z.object({ type: z.string().max(64), value: z.string().max(256) }).nullable() }),
});
export type NodeStatus = z.infer<typeof NodeStatus>;

export const Validator = z.object({
  address: HexString,
  pubKey: z.object({ type: z.string(), value: Base64String }),
  votingPower: DecString,
  proposerPriority: z.string(),
});
export const Validators = z.object({ blockHeight: DecString, total: z.number().int(), count: z.number().int(), validators: z.array(Validator) });

/**
 * Validator names from the staking module, keyed by CometBFT validator address (upper-case hex).
 * `available: false` when the chain has no staking module or its answer could not be read: the
 * explorer then shows addresses only. Monikers are attacker-chosen text.
 */
export const ValidatorMonikers = z.object({
  height: DecString,
  available: z.boolean(),
  reason: z.string().max(512).optional(),
  validators: z
    .array(
      z.object({
        address: z.string().regex(/^[0-9A-F]{40}$/),
        moniker: z.string().max(256),
        operatorAddress: z.string().max(128),
        jailed: z.boolean(),
        /** `bonded`: in the active set, earning; the others sign nothing and pay their delegators nothing. */
        status: z.enum(["bonded", "unbonding", "unbonded", "unspecified"]),
        /** The commission rate as a decimal ("0.05"). */
        commissionRate: z.string().regex(/^\d{1,62}(\.\d{1,18})?$/),
      }),
    )
    .max(100_000),
});

export const Mempool = z.object({ count: z.number().int(), total: z.number().int(), totalBytes: DecString });
export const UnconfirmedTxs = Mempool.extend({ txs: z.array(Base64String) });

export const NetInfo = z.object({
  listening: z.boolean(),
  listeners: z.array(z.string()),
  peerCount: z.number().int(),
  peers: z.array(
    z.object({
      nodeId: z.string(), moniker: z.string(), remoteIp: z.string(), isOutbound: z.boolean(), listenAddr: z.string(),
      /** Current send and receive rates in bytes per second, and the bytes moved so far. */
      sendRate: z.number(), recvRate: z.number(), sentBytes: z.number(), receivedBytes: z.number(),
    }),
  ),
});

export const ConsensusParams = z.object({ blockHeight: DecString, params: JsonValue });
/** One of CometBFT's 16 MiB genesis chunks, as base64 (about 21.4 MiB). */
export const GenesisChunk = z.object({ chunk: z.number().int(), total: z.number().int(), data: z.string().max(24 << 20).regex(/^[A-Za-z0-9+/]*={0,2}$/, "expected base64") });
export const GenesisDigest = z.object({ sha256: Hash32Hex, bytes: z.number().int(), chunks: z.number().int() });
const GenesisKind = z.enum(["object", "array", "string", "number", "boolean", "null"]);
const GenesisPath = z.array(z.string().max(4096)).max(256);
/** One page of the children of a genesis node, parsed in main; scalars as text, cut at 4096 characters. */
export const GenesisNode = GenesisDigest.extend({
  kind: GenesisKind,
  total: z.number().int(),
  offset: z.number().int(),
  entries: z.array(z.object({ key: z.string().max(4096), kind: GenesisKind, size: z.number().int(), value: z.string().max(4096), cut: z.boolean() })).max(500),
});
export const GenesisSearch = z.object({ matches: z.array(z.object({ path: GenesisPath, value: z.string().max(512) })).max(500), truncated: z.boolean() });
export { GenesisPath };
/** Shown as the node sent it: these answers are large, versioned and only displayed. */
export const RawAnswer = z.object({ value: JsonValue });
