import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Network, networkMethods } from "../../../shared/contract/network.js";
import { EMPTY_FORM, formFromNetwork, networkFromForm, networkPatchFromForm, type NetworkFormValues } from "../../../renderer/src/networks/pages/network-form.js";
import { createProblemLog } from "../storage/problems.js";
import { devnetSeed } from "./devnet-seed.js";
import { openNetworkStore } from "./network-store.js";
import { registrySeeds, seededPrice } from "./registry-seeds.js";

const devnetJson = (dir: string, rpcPort: number, access = true) => {
  const path = join(dir, "devnet.json");
  writeFileSync(path, JSON.stringify({
    chainId: "cometdesk-devnet", bech32Prefix: "cosmos", denom: "ucomet", stakeDenom: "ustake",
    nodes: [{ rpc: `http://127.0.0.1:${rpcPort}` }],
    ...(access ? { access: { url: "http://127.0.0.1:31650/", token: "dev-token" } } : {}),
  }));
  return path;
};
const userNet = { name: "My Chain", chainId: "my-1", accessUrl: null, rpcUrls: ["https://rpc.example.org"], bech32Prefix: "my", denoms: [{ base: "umy", display: "MY", exponent: 6 }], defaultDenom: "umy", rpcVia: "direct" as const };

describe("the network list", () => {
  it("starts with Local devnet from devnet.json, selected, and the registry mainnets; the token stays out", () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-net-"));
    const seed = devnetSeed(devnetJson(dir, 31657));
    expect(seed?.token).toBe("dev-token");
    const store = openNetworkStore({ dataDir: dir, devnet: seed, problems: createProblemLog() });
    const { networks, selectedId } = store.list();
    expect(selectedId).toBe("devnet");
    expect(networks[0]).toMatchObject({ name: "Local devnet", accessUrl: "http://127.0.0.1:31650", rpcVia: "access", denoms: [{ base: "ucomet", display: "COMET", exponent: 6 }, { base: "ustake", display: "STAKE", exponent: 6 }] });
    const cosmoshub = networks.find((n) => n.id === "cosmoshub");
    expect(cosmoshub).toMatchObject({ chainId: "cosmoshub-4", bech32Prefix: "cosmos", defaultDenom: "uatom", denoms: [{ base: "uatom", display: "atom", exponent: 6 }] });
    expect(cosmoshub!.rpcUrls.length).toBeGreaterThan(0);
    expect(networks.map((n) => n.chainId)).toContain("osmosis-1");
    expect(readFileSync(join(dir, "networks.json"), "utf8")).not.toContain("dev-token");
  });

  it("adds, edits, selects and removes networks, and keeps them across restarts", () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-net-"));
    const open = () => openNetworkStore({ dataDir: dir, devnet: undefined, problems: createProblemLog() });
    const store = open();
    let changes = 0;
    store.onChange(() => changes++);
    const added = store.add(userNet);
    store.select(added.id);
    store.update(added.id, { name: "Renamed" });
    expect(changes).toBe(2);
    expect(open().selected()).toMatchObject({ id: added.id, name: "Renamed", source: "user" });
    expect(() => store.update(added.id, { defaultDenom: "uother" })).toThrow(/default denom/);
    expect(() => store.select("nope")).toThrow(/no network/);
    expect(store.remove(added.id).selectedId).not.toBe(added.id);
  });

  it("refreshes the devnet entry when devnet.json changes (new ports per run)", () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-net-"));
    openNetworkStore({ dataDir: dir, devnet: devnetSeed(devnetJson(dir, 31657)), problems: createProblemLog() });
    const again = openNetworkStore({ dataDir: dir, devnet: devnetSeed(devnetJson(dir, 32657, false)), problems: createProblemLog() });
    expect(again.get("devnet")).toMatchObject({ rpcUrls: ["http://127.0.0.1:32657"], accessUrl: null, rpcVia: "direct" });
  });

  it("reads the gas prices earlier seeds saved with a double's tail as the seeds write them now, and keeps any other", () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-net-"));
    const hub = registrySeeds().find((n) => n.id === "cosmoshub")!;
    const tailed = { denom: "uatom", low: "0.005", average: "0.025000000000000001", high: "0.029999999999999999" };
    const typed = { denom: "umy", low: "0.025000000000000001", average: "0.025000000000000001", high: "0.025000000000000001" };
    const user = { ...userNet, id: "my-chain-abcdef", source: "user", gasPrices: typed };
    writeFileSync(join(dir, "networks.json"), JSON.stringify({ version: 1, selectedId: "cosmoshub", networks: [{ ...hub, gasPrices: tailed }, user] }));
    const store = openNetworkStore({ dataDir: dir, devnet: undefined, problems: createProblemLog() });
    expect(store.get("cosmoshub").gasPrices).toEqual({ denom: "uatom", low: "0.005", average: "0.025", high: "0.03" });
    // A user's network keeps what was typed; the file holds the mended prices for the next start.
    expect(store.get(user.id).gasPrices).toEqual(typed);
    const saved = JSON.parse(readFileSync(join(dir, "networks.json"), "utf8")) as { networks: Network[] };
    expect(saved.networks.find((n) => n.id === "cosmoshub")!.gasPrices!.average).toBe("0.025");
  });

  it("shortens only a price that is a double written to 18 decimals", () => {
    expect(seededPrice("0.025000000000000001")).toBe("0.025");
    expect(seededPrice("0.100000000000000006")).toBe("0.1");
    for (const kept of ["0.025", "0.0025", "1.5", "0.025000000000000002", "0.02500000000000000", "12", "0.000000000000000001"]) expect(seededPrice(kept), kept).toBe(kept);
  });

  it("keeps a corrupt file aside and reports it, then starts from the seeds", () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-net-"));
    writeFileSync(join(dir, "networks.json"), '{"version":1,"networks":"oops"');
    const problems = createProblemLog();
    const store = openNetworkStore({ dataDir: dir, devnet: undefined, problems });
    expect(problems.list()).toHaveLength(1);
    expect(readFileSync(problems.list()[0]!.keptAs, "utf8")).toBe('{"version":1,"networks":"oops"');
    expect(store.list().networks.length).toBeGreaterThan(0);
  });
});

describe("a registry network whose fee token is not its default denom, edited in the network form", () => {
  // As chain-registry may give it: the asset list's first asset shown, fees paid in another token.
  const registry: Network = {
    id: "osmosis", name: "Osmosis", chainId: "osmosis-1", accessUrl: null, rpcUrls: ["https://rpc.osmosis.zone"], bech32Prefix: "osmo",
    denoms: [{ base: "uosmo", display: "osmo", exponent: 6 }], defaultDenom: "uosmo",
    gasPrices: { denom: "uion", low: "0.0025", average: "0.005", high: "0.01" }, rpcVia: "direct", source: "registry",
  };
  /** How each transport delivers the form's update: Electron's structured clone keeps undefined keys, the bridge's JSON drops them. */
  const transports = { "Electron IPC": <T>(v: T): T => structuredClone(v), "the browser bridge": <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T };
  /** The network as stored after the form's edit went through the contract's schema and the store, read back after a restart. */
  const savedAfter = (transport: <T>(v: T) => T, edit: Partial<NetworkFormValues>): Network => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-net-"));
    writeFileSync(join(dir, "networks.json"), JSON.stringify({ version: 1, selectedId: registry.id, networks: [registry] }));
    const open = () => openNetworkStore({ dataDir: dir, devnet: undefined, problems: createProblemLog() });
    const store = open();
    const network = store.get(registry.id);
    const args = networkMethods.update.args.parse(transport({ id: network.id, patch: networkPatchFromForm({ ...formFromNetwork(network), ...edit }, network) }));
    store.update(args.id, args.patch);
    return open().get(registry.id);
  };

  for (const [name, transport] of Object.entries(transports)) {
    it(`keeps its gas prices when only its name or node changes, over ${name}`, () => {
      expect(savedAfter(transport, { name: "Osmosis (mine)" })).toMatchObject({ name: "Osmosis (mine)", gasPrices: registry.gasPrices });
      expect(savedAfter(transport, { rpcUrls: "https://rpc.example.org" })).toMatchObject({ rpcUrls: ["https://rpc.example.org"], gasPrices: registry.gasPrices });
    });

    it(`drops its gas prices when the user empties the price, over ${name}`, () => {
      expect(savedAfter(transport, { gasPrice: "" }).gasPrices).toBeUndefined();
    });
  }
});

describe("a network's coin type, through the contract and the store", () => {
  const transports = { "Electron IPC": <T>(v: T): T => structuredClone(v), "the browser bridge": <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T };
  const openIn = (dir: string) => openNetworkStore({ dataDir: dir, devnet: undefined, problems: createProblemLog() });

  it("still loads a network saved before coin types were confirmed, and keeps it through an edit that leaves the coin type", () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-net-"));
    const older = { ...userNet, id: "my-chain-abcdef", source: "user", coinType: 1181 };
    writeFileSync(join(dir, "networks.json"), JSON.stringify({ version: 1, selectedId: older.id, networks: [older] }));
    const store = openIn(dir);
    expect(store.get(older.id)).toMatchObject({ coinType: 1181 });
    const args = networkMethods.update.args.parse({ id: older.id, patch: { name: "Renamed" } });
    expect(store.update(args.id, args.patch)).toMatchObject({ name: "Renamed", coinType: 1181 });
    expect(openIn(dir).get(older.id)).toMatchObject({ name: "Renamed", coinType: 1181 });
  });

  for (const [name, transport] of Object.entries(transports)) {
    it(`saves an unknown coin type the form confirmed, and drops the confirmation once the coin type is known, over ${name}`, () => {
      const dir = mkdtempSync(join(tmpdir(), "cometdesk-net-"));
      const store = openIn(dir);
      const form: NetworkFormValues = { ...EMPTY_FORM, name: "My Chain", chainId: "my-1", rpcUrls: "https://rpc.example.org", bech32Prefix: "my", denomBase: "umy", coinType: "1181" };
      expect(networkMethods.add.args.safeParse(transport(networkFromForm(form))).success).toBe(false);
      const added = store.add(networkMethods.add.args.parse(transport(networkFromForm({ ...form, confirmedCoinType: 1181 }))));
      expect(openIn(dir).get(added.id)).toMatchObject({ coinType: 1181, coinTypeConfirmed: true });
      // Edited again in the form, the saved confirmation stands.
      const again = networkMethods.update.args.parse(transport({ id: added.id, patch: networkPatchFromForm({ ...formFromNetwork(added), name: "Mine" }, added) }));
      expect(store.update(again.id, again.patch)).toMatchObject({ name: "Mine", coinType: 1181, coinTypeConfirmed: true });
      const known = networkMethods.update.args.parse(transport({ id: added.id, patch: networkPatchFromForm({ ...formFromNetwork(store.get(added.id)), coinType: "118" }, store.get(added.id)) }));
      const saved = store.update(known.id, known.patch);
      expect(saved.coinType).toBe(118);
      expect(saved).not.toHaveProperty("coinTypeConfirmed");
      expect(openIn(dir).get(added.id)).not.toHaveProperty("coinTypeConfirmed");
    });
  }
});
