import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { z } from "zod";
import { Network, type NetworkInput, type NetworkPatch } from "../../../shared/contract/network.js";
import { isRegistryCoinType } from "../../../shared/network/coin-types.js";
import { AppError, ConflictError, NotFoundError } from "../app-error.js";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-file.js";
import type { ProblemLog } from "../storage/problems.js";
import { DEVNET_ID, type DevnetSeed } from "./devnet-seed.js";
import { registrySeeds, seededPrice } from "./registry-seeds.js";

const NetworksFile = z.object({ version: z.literal(1), selectedId: z.string(), networks: z.array(Network).min(1) });
type NetworksFile = z.infer<typeof NetworksFile>;

export interface NetworkStore {
  list(): { networks: Network[]; selectedId: string };
  get(id: string): Network;
  selected(): Network;
  add(input: z.output<typeof NetworkInput>): Network;
  update(id: string, patch: z.output<typeof NetworkPatch>): Network;
  /** Saves fields read from the network's own chain (network-facts.ts); its endpoints stay, so the block feed does not restart. */
  amend(id: string, network: Network): Network;
  remove(id: string): { selectedId: string };
  select(id: string): void;
  /** Called after the selected network or its endpoints change (the block feed restarts). */
  onChange(listener: () => void): () => void;
  /** Called after any network is added, changed, removed or selected (the watch and main's per-network clients follow). */
  onListChange(listener: () => void): () => void;
}

export interface NetworkStoreOptions {
  readonly dataDir: string;
  readonly devnet: DevnetSeed | undefined;
  readonly problems: ProblemLog;
}

/** Opens networks.json under the data dir, seeding "Local devnet" and registry mainnets on first run. */
export function openNetworkStore(options: NetworkStoreOptions): NetworkStore {
  const path = join(options.dataDir, "networks.json");
  const listeners = new Set<() => void>();
  let state = load();

  function load(): NetworksFile {
    const read = readJsonFile(path, NetworksFile);
    if (read.status === "corrupt") options.problems.add({ file: path, keptAs: read.keptAs, reason: read.reason });
    const devnet = options.devnet?.network;
    if (read.status !== "ok") {
      const networks = [...(devnet ? [devnet] : []), ...registrySeeds()];
      return save({ version: 1, selectedId: networks[0]!.id, networks });
    }
    const stored = { ...read.value, networks: read.value.networks.map(mendSeededPrices) };
    const mended = stored.networks.some((n, i) => n !== read.value.networks[i]);
    // devnet.json is the source of truth for the devnet entry: ports and the access URL change per run.
    if (!devnet) return mended ? save(stored) : stored;
    const others = stored.networks.filter((n) => n.id !== DEVNET_ID);
    return save({ ...stored, networks: [devnet, ...others] });
  }

  function save(next: NetworksFile): NetworksFile {
    writeFileAtomic(path, `${JSON.stringify(NetworksFile.parse(next), null, 2)}\n`);
    return next;
  }

  const listListeners = new Set<() => void>();
  const changed = () => listeners.forEach((l) => l());
  const listChanged = () => listListeners.forEach((l) => l());
  const find = (id: string) => state.networks.find((n) => n.id === id) ?? notFound(id);

  return {
    list: () => ({ networks: [...state.networks], selectedId: state.selectedId }),
    get: find,
    selected: () => find(state.selectedId),
    add(input) {
      const id = `${slug(input.name)}-${randomBytes(3).toString("hex")}`;
      const network = checked({ ...input, id, source: "user" });
      state = save({ ...state, networks: [...state.networks, network] });
      listChanged();
      return network;
    },
    update(id, patch) {
      // Undefined is "unchanged" whatever the transport kept of it; null gas prices are none.
      const { gasPrices, hdPath, ...rest } = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as typeof patch;
      const { gasPrices: before, hdPath: pathBefore, ...current } = find(id);
      const kept = gasPrices === null ? undefined : (gasPrices ?? before);
      const path = hdPath === null ? undefined : (hdPath ?? pathBefore);
      const network = checked({ ...current, ...rest, ...(kept ? { gasPrices: kept } : {}), ...(path ? { hdPath: path } : {}) });
      state = save({ ...state, networks: state.networks.map((n) => (n.id === id ? network : n)) });
      if (id === state.selectedId) changed();
      listChanged();
      return network;
    },
    amend(id, next) {
      find(id);
      const network = checked({ ...next, id });
      state = save({ ...state, networks: state.networks.map((n) => (n.id === id ? network : n)) });
      listChanged();
      return network;
    },
    remove(id) {
      find(id);
      if (state.networks.length === 1) throw new ConflictError("the last network cannot be removed");
      const networks = state.networks.filter((n) => n.id !== id);
      const wasSelected = state.selectedId === id;
      const selectedId = wasSelected ? networks[0]!.id : state.selectedId;
      state = save({ ...state, networks, selectedId });
      if (wasSelected) changed();
      listChanged();
      return { selectedId };
    },
    select(id) {
      find(id);
      state = save({ ...state, selectedId: id });
      changed();
      listChanged();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onListChange(listener) {
      listListeners.add(listener);
      return () => listListeners.delete(listener);
    },
  };
}

function notFound(id: string): never {
  throw new NotFoundError(`no network with id ${id}`);
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40) || "network";
}

/**
 * Cross-field rules the schema cannot say on its own. The stored schema takes any coin type in
 * range (a network saved before add and update asked for a confirmation still loads); the
 * confirmation is kept only beside the unknown coin type it confirms, so one changed to 118 later
 * does not carry it.
 */
function checked(network: Network): Network {
  const { coinTypeConfirmed, ...rest } = Network.parse(network);
  const confirms = coinTypeConfirmed === true && rest.coinType !== undefined && !isRegistryCoinType(rest.coinType);
  const parsed: Network = confirms ? { ...rest, coinTypeConfirmed } : rest;
  if (!parsed.denoms.some((d) => d.base === parsed.defaultDenom)) throw new AppError("invalid_network", "the default denom must be one of the network's denoms");
  if (parsed.rpcVia === "access" && !parsed.accessUrl) throw new AppError("invalid_network", "RPC through the access service needs its URL");
  if (parsed.rpcVia === "direct" && parsed.rpcUrls.length === 0) throw new AppError("invalid_network", "direct RPC needs at least one node URL");
  return parsed;
}

/** A registry network's gas prices as the seeds write them now (`seededPrice`); the same object when nothing changes. */
function mendSeededPrices(network: Network): Network {
  const prices = network.gasPrices;
  if (network.source !== "registry" || !prices) return network;
  const [low, average, high] = [seededPrice(prices.low), seededPrice(prices.average), seededPrice(prices.high)];
  return low === prices.low && average === prices.average && high === prices.high ? network : { ...network, gasPrices: { ...prices, low, average, high } };
}
