import { coin } from "@cosmjs/stargate";
import { describe, expect, inject, it } from "vitest";
import { fixedFee, signingClient } from "../../../devnet/test/chain-client.js";
import { contract } from "../../../shared/contract/index.js";
import { registerChainHandlers } from "./chain-handlers.js";
import { createRpcTransport } from "./rpc-transport.js";

/**
 * The generation-dependent readings against the real devnet (Cosmos SDK 0.53 on CometBFT 0.38):
 * a delegation changes a validator's voting power, and that block's results carry the update
 * with the key the node encodes as {"Sum":{…}}, read as its type and base64 key.
 */
const info = inject("devnet");
const rpc = info.nodes[0]!.rpc;
const chain = registerChainHandlers({
  transport: createRpcTransport({ endpoints: () => [{ url: rpc, kind: "node" }] }),
  defaultMethod: () => "POST",
  connection: () => ({ networkId: "devnet", endpoint: rpc, state: "idle", lastHeight: null, reason: null }),
  expectedChainId: () => info.chainId,
});

describe("a delegation's validator update on the devnet", () => {
  it("is read from block_results with the key type and key of the validator's consensus key", async () => {
    const set = await chain.validators({});
    const monikers = await chain.validatorMonikers({});
    const target = set.validators[0]!;
    const operator = monikers.validators.find((v) => v.address === target.address.toUpperCase())!.operatorAddress;
    const { client, address } = await signingClient(info, "carol");
    let height: string;
    try {
      // 3 tokens of 10^6 base units: the voting power (tokens / 10^6) goes up by 3.
      const result = await client.delegateTokens(address, operator, coin(3_000_000, info.stakeDenom), fixedFee(info));
      expect(result.code).toBe(0);
      height = String(result.height);
    } finally {
      client.disconnect();
    }
    const results = contract.chain.blockResults.result.parse(await chain.blockResults({ height }));
    expect(results.notes).toEqual([]);
    expect(results.validatorUpdates).toEqual([{ pubKey: { type: "ed25519", value: target.pubKey.value }, power: String(BigInt(target.votingPower) + 3n) }]);
    // The `validators` route names the same key in amino JSON.
    expect(target.pubKey.type).toBe("tendermint/PubKeyEd25519");
    // CometBFT 0.38 emits the block's own events from FinalizeBlock, none from BeginBlock or EndBlock.
    expect(results.finalizeBlockEvents.length).toBeGreaterThan(0);
    expect([results.beginBlockEvents, results.endBlockEvents]).toEqual([[], []]);
    // The new power holds from two blocks on.
    await expect.poll(async () => (await chain.validators({})).validators.find((v) => v.address === target.address)?.votingPower, { timeout: 30_000 }).toBe(results.validatorUpdates[0]!.power);
  });
});

describe("chain.generation on the devnet", () => {
  it("names CometBFT and the Cosmos SDK version the chain was built with", async () => {
    const g = contract.chain.generation.result.parse(await chain.generation({}));
    const status = await chain.status({});
    expect(g).toMatchObject({ generation: "cometbft-0.38", consensusVersion: status.nodeInfo.version, notes: [] });
    expect(g.sdkVersion).toMatch(/^v0\.53\.\d+$/);
    expect(g.label).toBe(`CometBFT ${status.nodeInfo.version} · Cosmos SDK ${g.sdkVersion}`);
  });
});
