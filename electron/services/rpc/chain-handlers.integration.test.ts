import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { toBase64 } from "@cosmjs/encoding";
import { coins, QueryClient, setupStakingExtension } from "@cosmjs/stargate";
import { Comet38Client } from "@cosmjs/tendermint-rpc";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { fixedFee, signingClient } from "../../../devnet/test/chain-client.js";
import { contract } from "../../../shared/contract/index.js";
import { decToAtomics } from "../../../shared/cosmos/dec.js";
import type { HttpMethod } from "../../../shared/contract/chain.js";
import { registerChainHandlers } from "./chain-handlers.js";
import { createRpcTransport, type RpcEndpoint } from "./rpc-transport.js";

/** Every chain.* method against the real devnet node, by POST and by GET, checked against the contract. */
const info = inject("devnet");
const rpc = info.nodes[0]!.rpc;
const handlers = (endpoint: RpcEndpoint) =>
  registerChainHandlers({
    transport: createRpcTransport({ endpoints: () => [endpoint] }),
    defaultMethod: () => "POST",
    connection: () => ({ networkId: "devnet", endpoint: rpc, state: "idle", lastHeight: null, reason: null }),
    // As in the app: every answer below also passes the chain id and tx hash checks.
    expectedChainId: () => info.chainId,
  });
const chain = handlers({ url: rpc, kind: "node" });
// The same calls through the access service's /rpc pass-through, behind its token.
const viaAccess = info.access
  ? handlers({ url: info.access.url, kind: "access", headers: async () => ({ authorization: `Bearer ${info.access!.token}` }) })
  : undefined;
const bob = info.accounts.find((a) => a.name === "bob")!.address;
let sent: { height: string; txHash: string; blockHash: string };
const signed: string[] = [];
let checkOnly = "";

async function signTransfers(name: string, count: number): Promise<string[]> {
  const { client, address } = await signingClient(info, name);
  const { accountNumber, sequence } = await client.getSequence(address);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const msg = { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: address, toAddress: bob, amount: coins(1 + i, info.denom) } };
    const raw = await client.sign(address, [msg], fixedFee(info), "", { accountNumber, sequence: sequence + i, chainId: info.chainId });
    out.push(toBase64(TxRaw.encode(raw).finish()));
  }
  client.disconnect();
  return out;
}

beforeAll(async () => {
  const { client, address } = await signingClient(info, "alice");
  const r = await client.sendTokens(address, bob, coins(7, info.denom), fixedFee(info), "chain handlers");
  client.disconnect();
  const block = await chain.block({ height: String(r.height) });
  sent = { height: String(r.height), txHash: r.transactionHash, blockHash: block.blockId.hash };
  signed.push(...(await signTransfers("dave", 3)));
  // check_tx advances its signer's sequence in the app's check state, so it gets its own signer.
  checkOnly = (await signTransfers("erin", 1))[0]!;
});

type Case = [keyof typeof contract.chain, () => Record<string, unknown>];
const cases = (): Case[] => [
  ["abciInfo", () => ({})],
  ["abciQuery", () => ({ path: "/app/version" })],
  ["block", () => ({ height: sent.height })],
  ["blockByHash", () => ({ hash: sent.blockHash })],
  ["blockResults", () => ({ height: sent.height })],
  ["blockchain", () => ({ minHeight: "1", maxHeight: "3" })],
  ["blockSearch", () => ({ query: `block.height = ${sent.height}` })],
  ["header", () => ({ height: sent.height })],
  ["headerByHash", () => ({ hash: sent.blockHash })],
  ["commit", () => ({ height: sent.height })],
  ["consensusState", () => ({})],
  ["dumpConsensusState", () => ({})],
  ["consensusParams", () => ({})],
  ["genesis", () => ({})],
  ["genesisChunked", () => ({ chunk: 0 })],
  ["genesisNode", () => ({ path: ["app_state"] })],
  ["genesisSearch", () => ({ query: "chain_id" })],
  ["tx", () => ({ hash: sent.txHash })],
  ["txSearch", () => ({ query: `tx.height = ${sent.height}` })],
  ["validators", () => ({})],
  ["validatorMonikers", () => ({})],
  ["unconfirmedTxs", () => ({ limit: 5 })],
  ["numUnconfirmedTxs", () => ({})],
  ["health", () => ({})],
  ["status", () => ({})],
  ["netInfo", () => ({})],
];

describe.each<[string, HttpMethod]>([["the node", "POST"], ["the node", "GET"], ["the access service", "POST"], ["the access service", "GET"]])("chain.* through %s by %s", (target, via) => {
  it.each(cases().map(([m, args]) => [m, args] as const))("%s answers within the contract", async (name, args) => {
    const spec = contract.chain[name];
    const parsedArgs = spec.args.parse({ ...args(), via });
    const target_ = target === "the node" ? chain : viaAccess;
    expect(target_, "devnet.json names no access service").toBeDefined();
    const handler = target_![name] as (a: unknown) => Promise<unknown>;
    const value = await handler(parsedArgs);
    expect(spec.result.safeParse(value).error).toBeUndefined();
  });
});

describe("what the explorer shows", () => {
  it("finds the transfer by hash with its block, and the block lists its hash", async () => {
    const tx = await chain.tx({ hash: sent.txHash, via: "GET" });
    expect(tx).toMatchObject({ hash: sent.txHash, height: sent.height, result: { code: 0 } });
    const block = await chain.blockByHash({ hash: sent.blockHash });
    expect(block.header.height).toBe(sent.height);
    expect(block.txHashes).toContain(sent.txHash);
    const header = await chain.headerByHash({ hash: sent.blockHash, via: "GET" });
    expect(header).toMatchObject({ height: sent.height, readFrom: "header" });
  });

  it("status names the devnet chain, and block search finds the block", async () => {
    const status = await chain.status({});
    expect(status.nodeInfo.network).toBe(info.chainId);
    expect(BigInt(status.syncInfo.latestBlockHeight)).toBeGreaterThanOrEqual(BigInt(sent.height));
    const found = await chain.blockSearch({ query: `block.height = ${sent.height}`, via: "GET" });
    expect(found.blocks.map((b) => b.header.height)).toEqual([sent.height]);
  });

  it("checks and broadcasts signed transfers by POST and by GET, once each", async () => {
    const check = await chain.checkTx({ tx: checkOnly, via: "POST" });
    expect(check.code).toBe(0);
    const sync = await chain.broadcastTxSync({ tx: signed[0]!, via: "GET" });
    expect(sync.code).toBe(0);
    const async_ = await chain.broadcastTxAsync({ tx: signed[1]!, via: "POST" });
    expect(async_.hash).toMatch(/^[0-9A-F]{64}$/);
    const commit = await chain.broadcastTxCommit({ tx: signed[2]!, via: "POST" });
    expect(commit.txResult.code).toBe(0);
    expect(BigInt(commit.height)).toBeGreaterThan(0n);
  });

  it("names the node's validators with the staking module's monikers", async () => {
    const set = await chain.validators({});
    // `validators` answers for the next height; the staking state is read at the last committed one.
    const committed = String(BigInt(set.blockHeight) - 1n);
    const named = await chain.validatorMonikers({ height: committed });
    expect(named.available).toBe(true);
    expect(named.height).toBe(committed);
    const byAddress = new Map(named.validators.map((v) => [v.address, v.moniker]));
    for (const v of set.validators) expect(byAddress.get(v.address), v.address).toMatch(/^node\d+$/);
    // With what a delegator picks by, as CosmJS reads the same validator: whether it is in the
    // active set, and its commission rate (LegacyDec atomics there, a decimal here).
    const comet = await Comet38Client.connect(rpc);
    try {
      const staking = QueryClient.withExtensions(comet, setupStakingExtension).staking;
      for (const v of named.validators) {
        const { validator } = await staking.validator(v.operatorAddress);
        // Other suites add validators of their own (bob's, unbonding): each as the chain has it.
        expect(v.status, v.moniker).toBe(["unspecified", "unbonded", "unbonding", "bonded"][validator.status as number]);
        expect(v.jailed, v.moniker).toBe(validator.jailed);
        expect(decToAtomics(v.commissionRate), v.moniker).toBe(BigInt(validator.commission.commissionRates.rate));
      }
    } finally {
      comet.disconnect();
    }
  });

  it("says names are unavailable, rather than failing, where the node cannot answer the staking query", async () => {
    const named = await chain.validatorMonikers({ height: "999999999" });
    expect(named).toMatchObject({ available: false, validators: [] });
    expect(named.reason).toBeTruthy();
  });

  it("says a height the node has not reached as that, for every read at a height, and other node errors in its words", async () => {
    const ahead = { code: "rpc_height_ahead", rpcCode: -32603, message: expect.stringMatching(/^height 999999999 is not on the chain yet: the node's newest block is \d+$/) };
    for (const c of viaAccess ? [chain, viaAccess] : [chain]) {
      await expect(c.block({ height: "999999999" })).rejects.toMatchObject(ahead);
      await expect(c.blockResults({ height: "999999999" })).rejects.toMatchObject(ahead);
      await expect(c.commit({ height: "999999999" })).rejects.toMatchObject(ahead);
      await expect(c.validators({ height: "999999999" })).rejects.toMatchObject(ahead);
      await expect(c.consensusParams({ height: "999999999" })).rejects.toMatchObject(ahead);
    }
    await expect(chain.tx({ hash: "AB".repeat(32) })).rejects.toMatchObject({ code: "rpc_error", rpcCode: -32603, message: expect.stringMatching(/not found/) });
  });

  it("fails over from a dead node to a live one and says why", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const dead = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((r) => closed.close(r)); // nothing listens there any more
    const twoNodes = registerChainHandlers({
      transport: createRpcTransport({ endpoints: () => [{ url: dead, kind: "node" }, { url: rpc, kind: "node" }], backoffMs: 1 }),
      defaultMethod: () => "POST",
      connection: () => ({ networkId: "devnet", endpoint: null, state: "idle", lastHeight: null, reason: null }),
    });
    expect((await twoNodes.status({})).nodeInfo.network).toBe(info.chainId);
    expect((await twoNodes.connection({})).failover).toMatchObject({ from: dead, reason: expect.stringMatching(/^connection refused: .*\(ECONNREFUSED\)$/) });
  });

  it("runs console calls as typed, in either form", async () => {
    const get = await chain.rawCall({ route: "abci_query", params: { path: '"/app/version"' }, method: "GET" });
    expect(get.result).toMatchObject({ response: { code: 0 } });
    const post = await chain.rawCall({ route: "block", params: { height: "1" }, method: "POST" });
    expect(post.result).toMatchObject({ block: { header: { height: "1" } } });
    expect(post.endpoint).toBe(rpc);
  });
});
