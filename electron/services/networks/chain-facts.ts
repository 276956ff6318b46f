import { fromBase64, fromBech32, toHex } from "@cosmjs/encoding";
import { accountFromAny } from "@cosmjs/stargate";
import { QueryAccountsRequest, QueryAccountsResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { ConfigRequest, ConfigResponse } from "cosmjs-types/cosmos/base/node/v1beta1/query";
import { QueryParamsRequest as GovV1Params } from "cosmjs-types/cosmos/gov/v1/query";
import { QueryParamsRequest as GovV1beta1Params } from "cosmjs-types/cosmos/gov/v1beta1/query";
import type { CHAIN_MODULES, NetworkFacts } from "../../../shared/contract/network.js";
import type { AbciQueryDef } from "../../../shared/cosmos/abci-query.js";
import { bech32PrefixQuery } from "../../../shared/cosmos/auth/queries.js";
import { denomsMetadataQuery } from "../../../shared/cosmos/bank/queries.js";
import { stakingParamsQuery } from "../../../shared/cosmos/staking/operator.js";
import { chainIdProblem } from "../../../shared/network/chain-id.js";
import { AppError } from "../app-error.js";
import type { AbciQuery } from "../rpc/module-query.js";
import { RpcUnreachableError } from "../rpc/rpc-errors.js";
import { parseDecCoins, scaledPrice } from "./dec-coins.js";
import { REGISTRY_SOURCE, type RegistryFacts, registryFacts } from "./registry-facts.js";

/** A node's `status` (its chain id) and `abci_query`: all the facts are read through these two. */
export interface ChainReader {
  status(): Promise<{ readonly chainId: string }>;
  readonly abciQuery: AbciQuery;
}

type Fact<K extends keyof NetworkFacts> = NetworkFacts[K];
const read = <T>(value: T, source: string) => ({ read: true as const, value, source });
const unread = (reason: string) => ({ read: false as const, reason: reason.slice(0, 1000) });

/** The URL does not lead to a CometBFT node: refused at the form's node field. */
export class NotANodeError extends AppError {
  constructor(readonly url: string, reason: string) {
    super("not_a_node", `${url} is not a CometBFT node: ${reason}`.slice(0, 1000));
  }
}

/** Runs one module query; a refusal or an answer that does not decode is said as the reason. */
async function query<A, R>(abciQuery: AbciQuery, def: AbciQueryDef<A, R>, args: A): Promise<{ ok: true; value: R } | { ok: false; reason: string }> {
  try {
    const answer = await abciQuery({ path: def.path, data: toHex(def.encode(args)) });
    if (answer.code !== 0) return { ok: false, reason: `the node refused ${def.path}: ${(answer.log || `code ${answer.code}`).slice(0, 200)}` };
    return { ok: true, value: def.decode(fromBase64(answer.value)) };
  } catch (error) {
    return { ok: false, reason: `${def.path} could not be read: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300) };
  }
}

const nodeConfigQuery: AbciQueryDef<Record<string, never>, string> = {
  path: "/cosmos.base.node.v1beta1.Service/Config",
  encode: () => ConfigRequest.encode({}).finish(),
  decode: (value) => ConfigResponse.decode(value).minimumGasPrice,
};

/** The prefix of the chain's first account's address: the chain's, on SDKs without Bech32Prefix. */
const firstAccountQuery: AbciQueryDef<Record<string, never>, string | undefined> = {
  path: "/cosmos.auth.v1beta1.Query/Accounts",
  encode: () => QueryAccountsRequest.encode({ pagination: { key: new Uint8Array(), offset: 0n, limit: 1n, countTotal: false, reverse: false } }).finish(),
  decode: (value) => {
    const any = QueryAccountsResponse.decode(value).accounts[0];
    // The prefix of a well-formed address only: a node's garbage is no prefix.
    return any ? fromBech32(accountFromAny(any).address, 128).prefix : undefined;
  },
};

/** A query whose answer only says that the module is there. */
const probe = (path: string, encode: () => Uint8Array = () => new Uint8Array()): AbciQueryDef<Record<string, never>, true> => ({ path, encode, decode: () => true });
const MODULE_PROBES: Record<(typeof CHAIN_MODULES)[number], AbciQueryDef<Record<string, never>, true>> = {
  staking: probe("/cosmos.staking.v1beta1.Query/Params"),
  distribution: probe("/cosmos.distribution.v1beta1.Query/Params"),
  govV1: probe("/cosmos.gov.v1.Query/Params", () => GovV1Params.encode({ paramsType: "voting" }).finish()),
  govV1beta1: probe("/cosmos.gov.v1beta1.Query/Params", () => GovV1beta1Params.encode({ paramsType: "voting" }).finish()),
  slashing: probe("/cosmos.slashing.v1beta1.Query/Params"),
  upgrade: probe("/cosmos.upgrade.v1beta1.Query/CurrentPlan"),
  // Skip's x/feemarket, the Cosmos Hub's (feemarket/feemarket/v1/query.proto).
  feemarket: probe("/feemarket.feemarket.v1.Query/Params"),
};

/**
 * Reads what a chain says about itself through one node, and what chain-registry says about its
 * chain id. The node must answer `status` as a CometBFT node; every other fact that cannot be
 * read says why, and the rest are still read.
 */
export async function readChainFacts(reader: ChainReader, rpcUrl: string, registry: (chainId: string) => Promise<RegistryFacts | undefined> = registryFacts): Promise<NetworkFacts> {
  const node = `the node at ${rpcUrl}`;
  let chainId: string;
  try {
    chainId = (await reader.status()).chainId;
  } catch (error) {
    throw new NotANodeError(rpcUrl, notANodeReason(error));
  }
  // A hostile node's name for its chain is no chain id (shared/network/chain-id.ts says what one is).
  const problem = chainIdProblem(chainId);
  if (problem) throw new NotANodeError(rpcUrl, `its status names no chain id a chain can have (${problem})`);
  const q = reader.abciQuery;
  const [prefix, account, staking, config, metadata, registered, ...modules] = await Promise.all([
    query(q, bech32PrefixQuery, {}),
    query(q, firstAccountQuery, {}),
    query(q, stakingParamsQuery, {}),
    query(q, nodeConfigQuery, {}),
    query(q, denomsMetadataQuery, {}),
    registry(chainId).catch(() => undefined),
    ...Object.entries(MODULE_PROBES).map(async ([module, def]) => ({ module: module as keyof typeof MODULE_PROBES, answer: await query(q, def, {}) })),
  ]);
  const inRegistry = (what: string) => (registered ? `chain-registry's ${registered.chainName} has no ${what}` : `${chainId} is not in chain-registry`);

  const bech32Prefix: Fact<"bech32Prefix"> = prefix.ok && prefix.value ? read(prefix.value, `${node}: ${bech32PrefixQuery.path}`)
    : account.ok && account.value ? read(account.value.slice(0, 30), `${node}: the address of its first account (${firstAccountQuery.path})`)
    : unread(`${prefix.ok ? "the node named no prefix" : prefix.reason}; ${account.ok ? "and it has no account to read one from" : account.reason}`);
  const bondDenom: Fact<"bondDenom"> = staking.ok && staking.value.bondDenom ? read(staking.value.bondDenom, `${node}: ${stakingParamsQuery.path} (bond_denom)`)
    : registered?.bondDenom ? read(registered.bondDenom, `${REGISTRY_SOURCE}: ${registered.chainName}'s staking token`)
    : unread(staking.ok ? "the staking params name no bond denom" : staking.reason);

  const minGas = config.ok ? parseDecCoins(config.value) : undefined;
  const minGasPrices: Fact<"minGasPrices"> = !config.ok ? unread(config.reason)
    : minGas ? read(minGas, `${node}: ${nodeConfigQuery.path} (minimum_gas_price "${config.value.slice(0, 100)}")`)
    : unread(`the node's minimum gas price "${config.value.slice(0, 100)}" is not a list of decimal coins`);
  // Fees are paid in what the node asks a price for; else in the registry's fee tokens.
  const nodeFeeDenoms = (minGas ?? []).filter((c) => !/^0(\.0*)?$/.test(c.amount)).map((c) => c.denom);
  const feeDenoms: Fact<"feeDenoms"> = nodeFeeDenoms.length > 0 ? read(nodeFeeDenoms, `${node}: the denoms of its minimum gas price`)
    : registered && registered.feeTokens.length > 0 ? read(registered.feeTokens.map((t) => t.denom).slice(0, 16), `${REGISTRY_SOURCE}: ${registered.chainName}'s fee tokens`)
    : unread(`${minGasPrices.read ? "the node takes fees of any denom (its minimum gas price is zero)" : minGasPrices.reason}; ${inRegistry("fee token")}`);
  const feeDenom = feeDenoms.read ? feeDenoms.value[0]! : undefined;

  const registryPrices = registered?.feeTokens.find((t) => t.denom === feeDenom)?.prices;
  const nodeMin = minGas?.find((c) => c.denom === feeDenom && !/^0(\.0*)?$/.test(c.amount));
  const gasPrices: Fact<"gasPrices"> = registryPrices ? read(registryPrices, `${REGISTRY_SOURCE}: ${registered!.chainName}'s fee tiers for ${feeDenom}`)
    // The node's least price as the low tier, twice and four times it above, as the devnet's network has it.
    : nodeMin ? read({ denom: nodeMin.denom, low: nodeMin.amount, average: scaledPrice(nodeMin.amount, 2n), high: scaledPrice(nodeMin.amount, 4n) }, `${node}: its minimum gas price as the low tier, twice and four times it above`)
    : unread(feeDenom ? `neither the node nor chain-registry prices ${feeDenom}` : "no fee denom was found to price");

  const units = metadata.ok ? metadata.value.map((m) => {
    const unit = m.denomUnits.find((u) => u.denom === m.display);
    return { base: m.base.slice(0, 128), display: (m.symbol || m.display || m.base).slice(0, 128), exponent: Math.min(unit?.exponent ?? 0, 36) };
  }).filter((d) => d.base) : [];
  // The fee denom first: it is the network's default denom, which bare amounts use.
  const ordered = [...units.filter((d) => d.base === feeDenom), ...units.filter((d) => d.base !== feeDenom)].slice(0, 32);
  const denoms: Fact<"denoms"> = !metadata.ok ? unread(metadata.reason)
    : ordered.length > 0 ? read(ordered, `${node}: ${denomsMetadataQuery.path}`)
    : unread("the chain has no denom metadata: give the display unit and its exponent");

  const fromRegistry = <T>(value: T | undefined, what: string) => (value !== undefined ? read(value, `${REGISTRY_SOURCE}: ${registered!.chainName}`) : unread(inRegistry(what)));
  return {
    rpcUrl,
    chainId: read(chainId, `${node}: status (node_info.network)`),
    name: fromRegistry(registered?.prettyName?.slice(0, 80), "pretty name"),
    bech32Prefix,
    bondDenom,
    minGasPrices,
    feeDenoms,
    denoms,
    gasPrices,
    modules: modules.map(({ module, answer }) => ({ module, answers: answer.ok, detail: (answer.ok ? `answers ${MODULE_PROBES[module].path}` : answer.reason).slice(0, 300) })),
    coinType: fromRegistry(registered?.coinType, "slip44 coin type"),
    keyAlgo: fromRegistry(registered?.keyAlgo, "key algorithm"),
    pubKeyTypeUrl: fromRegistry(registered?.pubKeyTypeUrl, "ethsecp256k1 public key type"),
    explorers: fromRegistry(registered && registered.explorers.length > 0 ? [...registered.explorers] : undefined, "explorer"),
    rpcUrls: fromRegistry(registered && registered.rpcUrls.length > 0 ? [...registered.rpcUrls] : undefined, "https RPC endpoint"),
  };
}

/** Why a `status` call shows that no CometBFT node is there, in words. */
export function notANodeReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/not a JSON-RPC answer|answer is not JSON/.test(message)) return "it answers with something other than JSON-RPC (a web page?)";
  if (/neither result nor error|unexpected status answer/.test(message)) return "it answers JSON, but not a node's status";
  if (error instanceof RpcUnreachableError) return `nothing answers there: ${[...new Set(error.attempts.map((a) => a.reason))].join("; ")}`;
  return message;
}
