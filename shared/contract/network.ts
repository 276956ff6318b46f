import { z } from "zod";
import { HttpUrl, Id, NoArgs } from "../primitives.js";
import { method } from "./method.js";
import { chainIdProblem } from "../network/chain-id.js";
import { hdPathProblem, KEY_ALGOS } from "../network/key-facts.js";
import { unknownCoinTypeProblem } from "../network/coin-types.js";

export const Denom = z.object({
  base: z.string().min(1).max(128),
  display: z.string().min(1).max(128),
  exponent: z.number().int().min(0).max(36),
});

/** A gas price in base units per gas unit, as a decimal ("0.025"). */
const GasPrice = z.string().max(40).regex(/^\d{1,20}(\.\d{1,18})?$/, "expected a decimal gas price like 0.025");

/** A BIP44 path with `{index}` once (shared/network/key-facts.ts), refused in the form's words. */
const HdPath = z.string().max(64).superRefine((path, ctx) => {
  const problem = hdPathProblem(path);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** A network the app knows: where its access service and nodes are, and how to show its coins. */
export const RequestBudgetSettings = z.strictObject({
  requestsPerSecond: z.number().min(0.5).max(1000).optional(),
  maxWaitSeconds: z.number().int().min(0).max(120).optional(),
});
export type RequestBudgetSettings = z.infer<typeof RequestBudgetSettings>;

/** One endpoint's requests as main counts them (network.requestRates). */
export const EndpointRequestRate = z.object({
  endpoint: z.string().max(2048),
  perMinute: z.number().int().min(0),
  refusedPerMinute: z.number().int().min(0),
  ratePerSecond: z.number().min(0),
  configuredRatePerSecond: z.number().min(0),
  restSeconds: z.number().int().min(0),
  waiting: z.number().int().min(0),
});
export type EndpointRequestRate = z.infer<typeof EndpointRequestRate>;

export const Network = z.object({
  id: Id,
  name: z.string().min(1).max(80),
  /** Up to 64 characters as stored before add and update took `ChainId` only, so such a network still lists. */
  chainId: z.string().min(1).max(64),
  accessUrl: HttpUrl.nullable(),
  rpcUrls: z.array(HttpUrl).max(16),
  bech32Prefix: z.string().min(1).max(30).regex(/^[a-z][a-z0-9]*$/),
  denoms: z.array(Denom).max(32),
  /** Which denom bare amounts use; one of `denoms`. */
  defaultDenom: z.string().min(1).max(128),
  /**
   * The fee token and its gas prices (chain-registry's `fees.fee_tokens`), for transactions main
   * signs and sends itself; absent, the user gives the fee.
   */
  gasPrices: z.object({
    denom: z.string().min(1).max(128),
    low: GasPrice, average: GasPrice, high: GasPrice,
  }).optional(),
  /** Where explorer calls go: through the access service's /rpc, or straight to the node(s). */
  rpcVia: z.enum(["access", "direct"]),
  source: z.enum(["devnet", "registry", "user"]),
  // How the network's keys are made (shared/network/key-facts.ts). Each is optional: a network
  // saved before they existed derives at m/44'/118'/0'/0/i with secp256k1, as it always did.
  /**
   * SLIP-44 coin type (chain-registry's `slip44`); absent, 118. Add and update take one that no
   * chain in chain-registry uses only with `coinTypeConfirmed`; a network saved before that rule
   * still reads, whatever its coin type.
   */
  coinType: z.number().int().min(0).max(2 ** 31 - 1).optional(),
  /** The user said "I know this chain uses coin type N" for a coin type chain-registry's chains do not use (shared/network/coin-types.ts). */
  coinTypeConfirmed: z.boolean().optional(),
  /** chain-registry's `key_algos`: ethsecp256k1 keys have Keccak-256 addresses and signatures; absent, secp256k1. */
  keyAlgo: z.enum(KEY_ALGOS).optional(),
  /** The type URL of the chain's ethsecp256k1 public key in AuthInfo (its own protobuf package). */
  pubKeyTypeUrl: z.string().min(2).max(128).regex(/^\/[A-Za-z0-9_.]+$/, "expected a type URL like /cosmos.evm.crypto.v1.ethsecp256k1.PubKey").optional(),
  /** The user's own BIP44 path, with {index} where the account's number goes; it wins over the coin type. */
  hdPath: HdPath.optional(),

  /** The staking params' `bond_denom`: what delegations are in (network.describe reads it). */
  bondDenom: z.string().min(1).max(128).optional(),
  /** When the chain's own facts were last read into this network; absent, they are read on its first use. */
  describedAt: z.string().max(64).optional(),
  /**
   * The request budget of this network's endpoints (shared/net/request-budget.ts): how many
   * requests a second each may be sent before it says anything, and how long a read waits for a
   * rate limit before it fails in words. Absent: the defaults, under what public providers accept.
   */
  requestBudget: RequestBudgetSettings.optional(),
});
export type Network = z.infer<typeof Network>;

/** A chain id a chain can have (shared/network/chain-id.ts), refused in the form's words. */
const ChainId = z.string().superRefine((chainId, ctx) => {
  const problem = chainIdProblem(chainId);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/**
 * A coin type no chain in chain-registry uses is refused at its field unless the same input
 * confirms it: a typo (1181 for 118) derives addresses that look right and are no wallet's there.
 * A patch without a coin type leaves the saved one, confirmed when it was saved.
 */
const knownOrConfirmedCoinType = (v: { coinType?: number | undefined; coinTypeConfirmed?: boolean | undefined }, ctx: z.RefinementCtx) => {
  const problem = v.coinType === undefined ? undefined : unknownCoinTypeProblem(v.coinType, v.coinTypeConfirmed, "confirm it with coinTypeConfirmed: true");
  if (problem) ctx.addIssue({ code: "custom", path: ["coinType"], message: problem });
};

const NetworkFields = Network.omit({ id: true, source: true }).extend({ chainId: ChainId });
export const NetworkInput = NetworkFields.strict().superRefine(knownOrConfirmedCoinType);
/**
 * The fields to change. `gasPrices: null` removes the gas prices, `hdPath: null` the user's path: a key whose value is undefined
 * crosses Electron's IPC but not the browser bridge's JSON, so undefined means "unchanged" in both.
 */
export const NetworkPatch = NetworkFields.partial().extend({
  gasPrices: Network.shape.gasPrices.nullable(),
  /** null goes back to the coin type's path. */
  hdPath: Network.shape.hdPath.nullable(),
}).strict().superRefine(knownOrConfirmedCoinType);

/** One fact read for a network: its value and where it came from, or why it could not be read. */
const fact = <T extends z.ZodType>(value: T) =>
  z.discriminatedUnion("read", [
    z.object({ read: z.literal(true), value, source: z.string().max(300) }),
    z.object({ read: z.literal(false), reason: z.string().max(1000) }),
  ]);

/** The modules whose queries network.describe tries; gov in both of its generations. */
export const CHAIN_MODULES = ["staking", "distribution", "govV1", "govV1beta1", "slashing", "upgrade", "feemarket"] as const;

/**
 * What a chain says about itself (its node's `status` and module queries) and what chain-registry
 * says about its chain id: each fact with its source, or why it could not be read.
 */
export const NetworkFacts = z.object({
  rpcUrl: HttpUrl,
  chainId: fact(z.string().max(64)),
  /** chain-registry's pretty name, or none. */
  name: fact(z.string().max(80)),
  bech32Prefix: fact(z.string().max(30)),
  bondDenom: fact(z.string().max(128)),
  /** The node's own `minimum-gas-prices` (`/cosmos.base.node.v1beta1.Service/Config`). */
  minGasPrices: fact(z.array(z.object({ denom: z.string().max(128), amount: GasPrice })).max(16)),
  /** Denoms fees can be paid in, the one the app prices fees in first. */
  feeDenoms: fact(z.array(z.string().max(128)).max(16)),
  /** Display units (bank denom metadata), the first fee denom first. */
  denoms: fact(z.array(Denom).max(32)),
  gasPrices: fact(z.object({ denom: z.string().min(1).max(128), low: GasPrice, average: GasPrice, high: GasPrice })),
  /** Which module queries the node answered, and what it said to the others. */
  modules: z.array(z.object({ module: z.enum(CHAIN_MODULES), answers: z.boolean(), detail: z.string().max(300) })),
  /** chain-registry's `slip44`. */
  coinType: fact(z.number().int().min(0).max(0x7fffffff)),
  /** chain-registry's `key_algos`: ethsecp256k1 where the chain's accounts use it, else the first entry. */
  keyAlgo: fact(z.string().max(40)),
  /** The ethsecp256k1 public key's type URL, from chain-registry's `extra_codecs` (injective, ethermint; else cosmos/evm's). */
  pubKeyTypeUrl: fact(z.string().max(128)),
  explorers: fact(z.array(z.object({ name: z.string().max(80), url: HttpUrl })).max(16)),
  /** chain-registry's other RPC endpoints of the chain (https only). */
  rpcUrls: fact(z.array(HttpUrl).max(16)),
});
export type NetworkFacts = z.infer<typeof NetworkFacts>;

/** What `network.check` found wrong, at the form's field it belongs to; empty when the nodes agree. */
export const NetworkCheck = z.object({
  problems: z.object({ chainId: z.string().max(1000).optional(), bech32Prefix: z.string().max(1000).optional(), rpcUrls: z.string().max(2000).optional() }),
});

/** Whether a token is set for the network's current access URL; never the token itself. */
const TokenStatus = z.object({
  hasToken: z.boolean(),
  /** It goes over plain http to another machine, as the user chose when setting it. */
  plainHttp: z.boolean(),
});

/** `network.*`: the list of networks, the selected one, and each network's access token. */
export const networkMethods = {
  list: method(NoArgs, z.object({ networks: z.array(Network), selectedId: Id })),
  add: method(NetworkInput, Network),
  /** Reads a chain's facts from one node (and chain-registry), for the form to fill in: nothing is saved. */
  describe: method(z.strictObject({ rpcUrl: HttpUrl }), NetworkFacts),
  /**
   * Asks the nodes whether they are CometBFT nodes of this chain with this prefix, before the form
   * saves: each disagreement is said at its field. Nothing is saved.
   */
  check: method(z.strictObject({ chainId: z.string().min(1).max(64), bech32Prefix: z.string().min(1).max(30), rpcUrls: z.array(HttpUrl).min(1).max(16) }), NetworkCheck),
  /** A patch whose access URL has another origin drops the network's token. */
  update: method(z.strictObject({ id: Id, patch: NetworkPatch }), Network),
  remove: method(z.strictObject({ id: Id }), z.object({ removed: z.literal(true), selectedId: Id })),
  select: method(z.strictObject({ id: Id }), z.object({ selectedId: Id })),
  /**
   * The token crosses once, into main; it never comes back. It is bound to the origin of the
   * network's access URL (a new URL drops it), and refused for plain http to another machine
   * unless `allowPlainHttp` says the user chose that, on a control that says what it means.
   */
  setToken: method(z.strictObject({ id: Id, token: z.string().min(1).max(4096), allowPlainHttp: z.boolean().optional() }), TokenStatus),
  clearToken: method(z.strictObject({ id: Id }), TokenStatus),
  tokenStatus: method(z.strictObject({ id: Id }), TokenStatus),
  /** Requests per minute to each endpoint main asked in the last minute (every part of main counted together), with its budget. */
  requestRates: method(NoArgs, z.object({ endpoints: z.array(EndpointRequestRate).max(256) })),
};
