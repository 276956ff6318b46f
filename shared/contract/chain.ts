import { z } from "zod";
import { Base64String, DecString, Hash32Hex, HexString, JsonValue, NoArgs } from "../primitives.js";
import * as T from "./chain-types.js";
import { method } from "./method.js";
import { SAFE_ROUTES } from "./safe-routes.js";

/** How a call reaches the node: JSON-RPC by POST (default) or CometBFT's URI form by GET. */
export const HttpMethod = z.enum(["GET", "POST"]);
export type HttpMethod = z.infer<typeof HttpMethod>;

const via = { via: HttpMethod.optional() };
const args = <S extends z.ZodRawShape>(shape: S) => z.strictObject({ ...shape, ...via });
const height = args({ height: DecString.optional() });
/** Largest page of a block's transactions one call returns. */
export const MAX_BLOCK_TX_PAGE = 1000;
/**
 * A page of a block's transactions: a busy block holds thousands, and the block page asks for
 * the rows it shows. Without `txLimit`, every transaction from `txOffset` on.
 */
const txPage = { txOffset: z.number().int().min(0).max(10_000_000).optional(), txLimit: z.number().int().min(1).max(MAX_BLOCK_TX_PAGE).optional() };
const page = { page: z.number().int().min(1).max(1_000_000).optional(), perPage: z.number().int().min(1).max(100).optional() };
const search = args({ query: z.string().min(1).max(512), orderBy: z.enum(["asc", "desc"]).optional(), ...page });

export const SafeRoute = z.enum(SAFE_ROUTES);

/** Primitive parameter values: URI-form values are sent verbatim, JSON-RPC ones as JSON. */
const RawParam = z.union([z.string().max(100_000), z.number(), z.boolean()]);

/** `chain.*`: every route of the five CometBFT RPC families, plus the console's raw call. */
export const chainMethods = {
  // ABCI
  abciInfo: method(args({}), T.AbciInfo),
  abciQuery: method(args({ path: z.string().min(1).max(256), data: HexString.optional(), height: DecString.optional(), prove: z.boolean().optional() }), T.AbciQueryResult),
  // Blocks and headers
  block: method(args({ height: DecString.optional(), ...txPage }), T.Block),
  blockByHash: method(args({ hash: Hash32Hex, ...txPage }), T.Block),
  blockResults: method(height, T.BlockResults),
  blockchain: method(args({ minHeight: DecString.optional(), maxHeight: DecString.optional() }), T.Blockchain),
  blockSearch: method(search, T.BlockSearch),
  /** `readFrom: "block"` where the node has no header route (Tendermint 0.34): the block's own header stands in. */
  header: method(height, T.RoutedHeader),
  headerByHash: method(args({ hash: Hash32Hex }), T.RoutedHeader),
  commit: method(height, z.object({ header: T.Header, commit: T.Commit, canonical: z.boolean() })),
  /**
   * Who signed the commit of `height`: from the live feed's NewBlock frame of the next block when
   * main saw it (no request), otherwise from the node's `commit`. What the signing record needs.
   */
  commitSignatures: method(args({ height: DecString }), T.CommitSignatures),
  // Consensus and genesis
  consensusState: method(args({}), T.RawAnswer),
  dumpConsensusState: method(args({}), T.RawAnswer),
  consensusParams: method(height, T.ConsensusParams),
  genesis: method(args({}), T.RawAnswer),
  genesisChunked: method(args({ chunk: z.number().int().min(0).max(1_000_000) }), T.GenesisChunk),
  /** sha256 of the genesis file, read chunk by chunk in main. */
  genesisDigest: method(args({}), T.GenesisDigest),
  /** A page of the children of the genesis node at `path` (keys; array indexes as decimals), from the genesis parsed once in main. */
  genesisNode: method(args({ path: T.GenesisPath, offset: z.number().int().min(0).max(100_000_000).optional(), limit: z.number().int().min(1).max(500).optional() }), T.GenesisNode),
  /** Keys and values of the whole genesis containing `query` (case-insensitive): paths and snippets, at most 200. */
  genesisSearch: method(args({ query: z.string().min(2).max(256) }), T.GenesisSearch),
  /** Saves the genesis to a file the user picks (a save dialog in the app), streamed chunk by chunk. */
  saveGenesis: method(args({}), z.discriminatedUnion("saved", [z.object({ saved: z.literal(false) }), T.GenesisDigest.extend({ saved: z.literal(true), fileName: z.string() })])),
  // Transactions and broadcast
  tx: method(args({ hash: Hash32Hex, prove: z.boolean().optional() }), T.TxResponse),
  txSearch: method(search.extend({ prove: z.boolean().optional() }), T.TxSearch),
  broadcastTxSync: method(args({ tx: Base64String.min(1) }), T.BroadcastResult),
  broadcastTxAsync: method(args({ tx: Base64String.min(1) }), T.BroadcastResult),
  broadcastTxCommit: method(args({ tx: Base64String.min(1) }), T.BroadcastCommitResult),
  checkTx: method(args({ tx: Base64String.min(1) }), T.CheckTxResult),
  // Validators, mempool and health
  validators: method(height.extend(page), T.Validators),
  /** Monikers of the staking module's validators, mapped to CometBFT addresses (cached per height in main). */
  validatorMonikers: method(height, T.ValidatorMonikers),
  unconfirmedTxs: method(args({ limit: z.number().int().min(1).max(100).optional() }), T.UnconfirmedTxs),
  numUnconfirmedTxs: method(args({}), T.Mempool),
  health: method(args({}), z.object({ healthy: z.literal(true) })),
  status: method(args({}), T.NodeStatus),
  /** Which generation the node runs (CometBFT and Cosmos SDK versions), from `status` and `abci_info`. */
  generation: method(args({}), T.NodeGeneration),
  netInfo: method(args({}), T.NetInfo),
  // Console: one safe route with parameters as the user typed them.
  rawCall: method(
    z.strictObject({ route: SafeRoute, params: z.record(z.string().max(64), RawParam).default({}), method: HttpMethod.default("POST") }),
    z.object({ route: SafeRoute, method: HttpMethod, endpoint: z.string(), elapsedMs: z.number(), result: JsonValue }),
  ),
  /** Where the explorer's calls go and how the live block feed is doing. */
  connection: method(NoArgs, z.object({
    networkId: z.string(),
    endpoint: z.string().nullable(),
    state: z.enum(["idle", "connecting", "live", "polling", "offline"]),
    lastHeight: DecString.nullable(),
    reason: z.string().nullable(),
    /** The last time an RPC call moved to another endpoint, and why. */
    failover: z.object({ at: z.string(), from: z.string(), reason: z.string() }).nullable(),
  })),
};
