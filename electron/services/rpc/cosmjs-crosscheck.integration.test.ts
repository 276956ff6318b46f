import { toHex } from "@cosmjs/encoding";
import { Comet38Client } from "@cosmjs/tendermint-rpc";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { registerChainHandlers } from "./chain-handlers.js";
import { createRpcTransport } from "./rpc-transport.js";

/**
 * Our adaptor against CosmJS's Comet38Client, an independent reading of the same node answers:
 * where both cover a route, they must agree on what a user sees.
 */
const info = inject("devnet");
const rpc = info.nodes[0]!.rpc;
const chain = registerChainHandlers({
  transport: createRpcTransport({ endpoints: () => [{ url: rpc, kind: "node" }] }),
  defaultMethod: () => "POST",
  connection: () => ({ networkId: "devnet", endpoint: rpc, state: "idle", lastHeight: null, reason: null }),
});
let cosmjs: Comet38Client;
beforeAll(async () => {
  cosmjs = await Comet38Client.connect(rpc);
});
afterAll(() => cosmjs?.disconnect());

describe("the chain adaptor agrees with CosmJS", () => {
  it("on a block: hash, height, chain, proposer, time to the millisecond and transactions", async () => {
    const ours = await chain.block({ height: "2" });
    const theirs = await cosmjs.block(2);
    expect(ours.blockId.hash).toBe(toHex(theirs.blockId.hash).toUpperCase());
    expect(ours.header.height).toBe(String(theirs.block.header.height));
    expect(ours.header.chainId).toBe(theirs.block.header.chainId);
    expect(ours.header.proposerAddress).toBe(toHex(theirs.block.header.proposerAddress).toUpperCase());
    expect(new Date(ours.header.time).getTime()).toBe(theirs.block.header.time.getTime());
    expect(ours.txs.length).toBe(theirs.block.txs.length);
  });

  it("on status and validators", async () => {
    const [ours, theirs] = await Promise.all([chain.status({}), cosmjs.status()]);
    expect(ours.nodeInfo.network).toBe(theirs.nodeInfo.network);
    expect(ours.validatorInfo.address).toBe(toHex(theirs.validatorInfo.address).toUpperCase());
    expect(BigInt(ours.validatorInfo.votingPower)).toBe(theirs.validatorInfo.votingPower);
    const [v1, v2] = await Promise.all([chain.validators({ height: "2" }), cosmjs.validators({ height: 2 })]);
    expect(v1.validators.map((v) => v.address)).toEqual(v2.validators.map((v) => toHex(v.address).toUpperCase()));
  });

  it("on block results: events and their attributes", async () => {
    const [ours, theirs] = await Promise.all([chain.blockResults({ height: "2" }), cosmjs.blockResults(2)]);
    expect(ours.finalizeBlockEvents.map((e) => e.type)).toEqual(theirs.finalizeBlockEvents.map((e) => e.type));
    expect(ours.finalizeBlockEvents.flatMap((e) => e.attributes.map((a) => a.key))).toEqual(theirs.finalizeBlockEvents.flatMap((e) => e.attributes.map((a) => a.key)));
  });
});
