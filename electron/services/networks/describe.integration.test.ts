import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fromBech32 } from "@cosmjs/encoding";
import { QueryClient, setupBankExtension, setupStakingExtension } from "@cosmjs/stargate";
import { Comet38Client } from "@cosmjs/tendermint-rpc";
import { Bech32PrefixRequest, Bech32PrefixResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { ConfigRequest, ConfigResponse } from "cosmjs-types/cosmos/base/node/v1beta1/query";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Network, NetworkFacts } from "../../../shared/contract/network.js";
import { displayUnits, formatCoin } from "../../../shared/wallet/amount.js";
import { EMPTY_FORM, formFromFacts, networkFromForm } from "../../../renderer/src/networks/pages/network-form.js";
import { createServices, type Services } from "../create-services.js";
import { readChainFacts } from "./chain-facts.js";
import { nodeReader } from "./node-reader.js";
import { registryFacts } from "./registry-facts.js";

/**
 * A network added by its RPC URL alone: main reads the devnet's own facts, each compared here with
 * the chain's answer read with CosmJS (and the devnet's own settings, devnet/lib/layout.ts), the
 * form fills every field from them, and the bad inputs are refused at their field with nothing
 * saved. A network typed before the app read chains gets the facts on its first use.
 */
const devnet = inject("devnet");
const rpc = devnet.nodes[0]!.rpc;
const opened: Services[] = [];
const servers: Server[] = [];

const app = async () => {
  const services = await createServices({ dataDir: mkdtempSync(join(tmpdir(), "cometdesk-describe-")), tokenStore: { kind: "memory" }, rpc: { timeoutMs: 5_000, retries: 0 } });
  opened.push(services);
  const call = async (method: string, args: unknown = {}) => {
    const answer = await services.dispatcher.dispatch(method, args);
    if (!answer.ok) throw Object.assign(new Error(`${method}: ${answer.error.code} ${answer.error.message}`), answer.error);
    return answer.value as Record<string, unknown>;
  };
  return { services, call };
};

/** A local HTTP server that answers every request with `body`: what a URL that is no node may serve. */
const serving = async (contentType: string, body: string): Promise<string> => {
  const server = createServer((_, res) => res.writeHead(200, { "content-type": contentType }).end(body));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** The chain's own answers, read with CosmJS, not through the app. */
let chain: { chainId: string; prefix: string; bondDenom: string; minGasPrice: string; metadata: Array<{ base: string; symbol: string; exponent: number }> };
beforeAll(async () => {
  const comet = await Comet38Client.connect(rpc);
  const client = QueryClient.withExtensions(comet, setupStakingExtension, setupBankExtension);
  const prefix = Bech32PrefixResponse.decode(await client.queryAbci("/cosmos.auth.v1beta1.Query/Bech32Prefix", Bech32PrefixRequest.encode({}).finish()).then((r) => r.value)).bech32Prefix;
  const config = ConfigResponse.decode((await client.queryAbci("/cosmos.base.node.v1beta1.Service/Config", ConfigRequest.encode({}).finish())).value);
  const metadata = (await client.bank.denomsMetadata()).map((m) => ({ base: m.base, symbol: m.symbol, exponent: m.denomUnits.find((u) => u.denom === m.display)!.exponent }));
  chain = { chainId: (await comet.status()).nodeInfo.network, prefix, bondDenom: (await client.staking.params()).params.bondDenom, minGasPrice: config.minimumGasPrice, metadata };
  comet.disconnect();
});

afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

describe("a network described by its chain", () => {
  it("reads every fact from the node, each as the chain itself answers it, and says where it came from", async () => {
    const { call } = await app();
    const facts = (await call("network.describe", { rpcUrl: rpc })) as NetworkFacts;
    // The devnet's fee denom differs from its bond denom: exactly the case staking got wrong.
    expect(chain.bondDenom).toBe(devnet.stakeDenom);
    expect(chain.bondDenom).not.toBe(devnet.denom);
    expect(facts.chainId).toEqual({ read: true, value: chain.chainId, source: expect.stringContaining("status") });
    expect(facts.chainId).toMatchObject({ value: devnet.chainId });
    expect(facts.bech32Prefix).toMatchObject({ read: true, value: chain.prefix, source: expect.stringContaining("/cosmos.auth.v1beta1.Query/Bech32Prefix") });
    expect(fromBech32(devnet.accounts[0]!.address, 90).prefix).toBe(chain.prefix);
    expect(facts.bondDenom).toMatchObject({ read: true, value: chain.bondDenom, source: expect.stringContaining("/cosmos.staking.v1beta1.Query/Params") });
    // The node's minimum-gas-prices, as its app.toml sets it (devnet/lib/node-config.ts) and its Config query prints it.
    expect(chain.minGasPrice).toMatch(new RegExp(`^0\\.0025(0*)${devnet.denom}$`));
    expect(facts.minGasPrices).toMatchObject({ read: true, value: [{ denom: devnet.denom, amount: "0.0025" }], source: expect.stringContaining("/cosmos.base.node.v1beta1.Service/Config") });
    expect(facts.feeDenoms).toMatchObject({ read: true, value: [devnet.denom] });
    expect(facts.gasPrices).toMatchObject({ read: true, value: { denom: devnet.denom, low: "0.0025", average: "0.005", high: "0.01" } });
    // Display units: the chain's denom metadata, the fee denom first.
    expect(facts.denoms.read && facts.denoms.value[0]!.base).toBe(devnet.denom);
    expect(facts.denoms.read && [...facts.denoms.value].sort((a, b) => a.base.localeCompare(b.base))).toEqual(
      [...chain.metadata].sort((a, b) => a.base.localeCompare(b.base)).map((m) => ({ base: m.base, display: m.symbol, exponent: m.exponent })),
    );
    expect(Object.fromEntries(facts.modules.map((m) => [m.module, m.answers]))).toEqual({
      staking: true, distribution: true, govV1: true, govV1beta1: true, slashing: true, upgrade: true, feemarket: false,
    });
    expect(facts.modules.find((m) => m.module === "feemarket")!.detail).toMatch(/refused \/feemarket\.feemarket\.v1\.Query\/Params/);
    // The devnet's chain id is in no registry: each registry fact says so.
    for (const fact of [facts.coinType, facts.keyAlgo, facts.explorers, facts.rpcUrls, facts.name]) expect(fact).toEqual({ read: false, reason: `${devnet.chainId} is not in chain-registry` });
  });

  it("reads the prefix from an account's address on a chain whose auth module has no Bech32Prefix query (SDK 0.45)", async () => {
    const node = nodeReader(rpc);
    // The devnet's own node, with Bech32Prefix answered as an SDK without it answers a path it has
    // not: code 6, "unknown query path" (cosmos-sdk v0.47.17 baseapp/abci.go, types/errors/errors.go ErrUnknownRequest).
    const older = { ...node, abciQuery: async (q: { path: string; data?: string }) => (q.path === "/cosmos.auth.v1beta1.Query/Bech32Prefix" ? { code: 6, value: "", log: "unknown query path" } : node.abciQuery(q)) };
    const facts = await readChainFacts(older, rpc, async () => undefined);
    expect(facts.bech32Prefix).toEqual({ read: true, value: chain.prefix, source: `the node at ${rpc}: the address of its first account (/cosmos.auth.v1beta1.Query/Accounts)` });
  });

  it("takes the coin type, key algorithm, name, explorers and more nodes from chain-registry where it lists the chain id", async () => {
    // The devnet's node read as if its chain id were the Cosmos Hub's: the registry's entry, as the package ships it.
    const facts = await readChainFacts(nodeReader(rpc), rpc, async () => registryFacts("cosmoshub-4"));
    const registry = "chain-registry (npm package): cosmoshub";
    expect(facts.coinType).toEqual({ read: true, value: 118, source: registry });
    expect(facts.keyAlgo).toEqual({ read: true, value: "secp256k1", source: registry });
    expect(facts.name).toEqual({ read: true, value: "Cosmos Hub", source: registry });
    expect(facts.explorers).toMatchObject({ read: true, value: expect.arrayContaining([{ name: "mintscan", url: "https://www.mintscan.io/cosmos" }]) });
    expect(facts.rpcUrls).toMatchObject({ read: true, source: registry });
    // What the node answers still comes from the node: its bond denom, and its own fee denom's price.
    expect(facts.bondDenom).toMatchObject({ value: chain.bondDenom, source: expect.stringContaining(rpc) });
    expect(facts.gasPrices).toMatchObject({ value: { denom: devnet.denom, low: "0.0025" } });
  });

  it("fills the add form from the node alone, and the network saved from it is the chain's", async () => {
    const { call } = await app();
    const facts = (await call("network.describe", { rpcUrl: rpc })) as NetworkFacts;
    const filled = formFromFacts(facts, { ...EMPTY_FORM, rpcUrls: rpc });
    // Only the name is the user's to choose (chain-registry would give one): it defaults to the chain id.
    expect(filled.unread).toEqual([{ field: "Name", reason: `${devnet.chainId} is not in chain-registry: named after its chain id` }]);
    const input = networkFromForm(filled.values);
    expect(await call("network.check", { chainId: input.chainId, bech32Prefix: input.bech32Prefix, rpcUrls: input.rpcUrls })).toEqual({ problems: {} });
    const saved = (await call("network.add", input)) as Network;
    expect(saved).toMatchObject({
      name: chain.chainId, chainId: chain.chainId, bech32Prefix: chain.prefix, rpcUrls: [rpc], rpcVia: "direct", accessUrl: null,
      defaultDenom: devnet.denom, bondDenom: chain.bondDenom,
      denoms: [{ base: devnet.denom, display: "COMET", exponent: 6 }, { base: devnet.stakeDenom, display: "STAKE", exponent: 6 }],
      gasPrices: { denom: devnet.denom, low: "0.0025", average: "0.005", high: "0.01" },
    });
    // The delegations table's amounts in the bond denom's display unit, by the one formatter.
    expect(formatCoin(`100000000000${chain.bondDenom}`, displayUnits(saved), saved.defaultDenom)).toBe("100000 STAKE");
  });
});

describe("what the form refuses before saving, each at its field", () => {
  const good = () => ({ chainId: devnet.chainId, bech32Prefix: devnet.bech32Prefix, rpcUrls: [rpc] });

  it("a node of another chain than the form's: at the chain id", async () => {
    const { call } = await app();
    const { problems } = (await call("network.check", { ...good(), chainId: "cosmoshub-4" })) as { problems: Record<string, string> };
    expect(problems).toEqual({ chainId: `the node at ${rpc} is on chain “${devnet.chainId}”, not “cosmoshub-4”: correct the chain id or the node URL.` });
  });

  it("a prefix that is not the chain's: at the prefix", async () => {
    const { call } = await app();
    const { problems } = (await call("network.check", { ...good(), bech32Prefix: "osmo" })) as { problems: Record<string, string> };
    expect(problems).toEqual({ bech32Prefix: `This chain's addresses start with “${devnet.bech32Prefix}”, not “osmo” (${rpc} says so).` });
  });

  it("a URL that is no CometBFT node (a web page, JSON of another shape, a closed port): at the node URLs, and describe refuses it too", async () => {
    const { call } = await app();
    const page = await serving("text/html", "<!doctype html><html><body>Welcome to nginx!</body></html>");
    const json = await serving("application/json", JSON.stringify({ jsonrpc: "2.0", id: 1, result: { status: "ok", version: "1.2.3" } }));
    // A port nothing listens on: one the system gave a server that is closed again.
    const closing = createServer();
    await new Promise<void>((resolve) => closing.listen(0, "127.0.0.1", resolve));
    const closed = `http://127.0.0.1:${(closing.address() as AddressInfo).port}`;
    await new Promise((resolve) => closing.close(resolve));
    const cases: Array<[string, RegExp]> = [
      [page, /answers with something other than JSON-RPC \(a web page\?\)/],
      [json, /answers JSON, but not a node's status/],
      [closed, /nothing answers there: connection refused/],
    ];
    const before = ((await call("network.list")) as { networks: unknown[] }).networks.length;
    for (const [url, why] of cases) {
      const { problems } = (await call("network.check", { ...good(), rpcUrls: [url] })) as { problems: Record<string, string> };
      expect(Object.keys(problems), url).toEqual(["rpcUrls"]);
      expect(problems.rpcUrls).toContain(`${url} is not a CometBFT node: `);
      expect(problems.rpcUrls).toMatch(why);
      const refused = await call("network.describe", { rpcUrl: url }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: "not_a_node", message: expect.stringMatching(why) });
    }
    // A node whose status names a chain id no chain can have (CometBFT's limit is 50 bytes): refused, not shown.
    const status = await (await fetch(`${rpc}/status`)).json() as { result: { node_info: Record<string, unknown> } };
    const lying = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      // The node's own status with another network name, under the request's id as a node answers.
      req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: (JSON.parse(body) as { id: number }).id, result: { ...status.result, node_info: { ...status.result.node_info, network: "x".repeat(5000) } } })));
    });
    await new Promise<void>((resolve) => lying.listen(0, "127.0.0.1", resolve));
    servers.push(lying);
    const hostile = `http://127.0.0.1:${(lying.address() as AddressInfo).port}`;
    expect(await call("network.describe", { rpcUrl: hostile }).catch((e: unknown) => e)).toMatchObject({ code: "not_a_node", message: expect.stringContaining("its status names no chain id a chain can have") });
    // A good node beside a bad one: the bad one is named, alone.
    const mixed = (await call("network.check", { ...good(), rpcUrls: [rpc, page] })) as { problems: Record<string, string> };
    expect(mixed.problems.rpcUrls).toContain(`${page} is not a CometBFT node`);
    expect(mixed.problems.rpcUrls).not.toContain(`${rpc} is`);
    expect(((await call("network.list")) as { networks: unknown[] }).networks.length).toBe(before);
  });
});

describe("a node that lies about its prefix", () => {
  it("is refused at the prefix in words of a bounded length", async () => {
    const { call } = await app();
    const status = await (await fetch(`${rpc}/status`)).json() as { result: unknown };
    // The devnet's own status, and a Bech32Prefix answer 5,000 characters long, each under the request's id.
    const liar = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        const { id, method } = JSON.parse(body) as { id: number; method: string };
        const value = Buffer.from(Bech32PrefixResponse.encode({ bech32Prefix: "x".repeat(5000) }).finish()).toString("base64");
        const result = method === "status" ? status.result : { response: { code: 0, log: "", value, height: "1" } };
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id, result }));
      });
    });
    await new Promise<void>((resolve) => liar.listen(0, "127.0.0.1", resolve));
    servers.push(liar);
    const url = `http://127.0.0.1:${(liar.address() as AddressInfo).port}`;
    const { problems } = (await call("network.check", { chainId: devnet.chainId, bech32Prefix: devnet.bech32Prefix, rpcUrls: [url] })) as { problems: Record<string, string> };
    expect(Object.keys(problems)).toEqual(["bech32Prefix"]);
    expect(problems.bech32Prefix).toMatch(/^This chain's addresses start with “x{40}”, not “cosmos”/);
  });
});

describe("a network typed before the app read chains", () => {
  it("gets the chain's facts on first use, and what the user typed stays", async () => {
    const { services, call } = await app();
    // As the old form saved it: one denom, the fee token, under the user's own display name.
    const typed = (await call("network.add", {
      name: "My devnet", chainId: devnet.chainId, accessUrl: null, rpcUrls: [rpc], bech32Prefix: devnet.bech32Prefix,
      denoms: [{ base: devnet.denom, display: "MYCOMET", exponent: 6 }], defaultDenom: devnet.denom,
      gasPrices: { denom: devnet.denom, low: "0.1", average: "0.1", high: "0.1" }, rpcVia: "direct",
    })) as Network;
    expect(typed.bondDenom).toBeUndefined();
    const changed = new Promise<string>((resolve) => services.events.listen((event, payload) => event === "network.changed" && resolve((payload as { networkId: string }).networkId)));
    await call("network.select", { id: typed.id });
    expect(await changed).toBe(typed.id);
    const now = ((await call("network.list")) as { networks: Network[] }).networks.find((n) => n.id === typed.id)!;
    expect(now).toEqual({
      ...typed,
      bondDenom: chain.bondDenom,
      denoms: [{ base: devnet.denom, display: "MYCOMET", exponent: 6 }, { base: devnet.stakeDenom, display: "STAKE", exponent: 6 }],
      describedAt: expect.any(String),
    });
    expect(formatCoin(`100000000000${chain.bondDenom}`, displayUnits(now), now.defaultDenom)).toBe("100000 STAKE");
  });
});
