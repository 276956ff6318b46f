import { describe, expect, it } from "vitest";
import recordedBlock from "../../shared/cosmos/evidence/duplicate-vote-block.recorded.json" with { type: "json" };
import { networkRpcReads, nodeRpcClient } from "./node-rpc.js";

// The service's reads of `status` (the key a node signs with) and `block` (its evidence), parsed
// from answers a node gave: a devnet node's status, and the recorded block with a duplicate vote.
const KEY = { type: "tendermint/PubKeyEd25519", value: "MbsLR5vADzFPNsY8USuoihCdktIYkQJC/VsnWWp7gyc=" };
const status = (validatorInfo: unknown) => ({
  node_info: { id: "a06d7b808b4211b53bf0c67d16a8a366c75b2a5b", moniker: "copy2", version: "0.38.22", network: "cometdesk-devnet" },
  sync_info: { latest_block_height: "0", earliest_block_height: "0", latest_block_time: "2026-11-27T22:11:04.035Z", catching_up: false },
  validator_info: validatorInfo,
});
const answering = (result: unknown): typeof fetch => async () => new Response(JSON.stringify({ jsonrpc: "2.0", id: 1, result }), { status: 200 });

describe("the service's node reads", () => {
  it("reads the validator key and power a node's status names, and its node id", async () => {
    const s = await nodeRpcClient("http://node", { fetchImpl: answering(status({ address: "CD293886582ABDAAD8D467D3485B7E9A791100C5", pub_key: KEY, voting_power: "0" })) }).status();
    expect(s.validatorKey).toEqual({ ...KEY, votingPower: "0" });
    expect(s.nodeId).toBe("a06d7b808b4211b53bf0c67d16a8a366c75b2a5b");
  });

  it("probes a node whose status says no key, or a key of a shape not known, all the same (no key)", async () => {
    for (const odd of [undefined, null, { address: "X" }, { pub_key: { type: 1 }, voting_power: "x" }, { pub_key: { type: "t", value: "v".repeat(300) }, voting_power: "1" }]) {
      const s = await nodeRpcClient("http://node", { fetchImpl: answering(status(odd)) }).status();
      expect(s.validatorKey).toBeNull();
      expect(s.height).toBe("0");
    }
  });

  it("reads the evidence of a recorded block, and none from a block that says null", async () => {
    const withEvidence = await networkRpcReads(["http://node"], { fetchImpl: answering(recordedBlock.result) }).chain.block({ height: "32" });
    expect(withEvidence.evidence.map((e) => [e.kind, e.validators])).toEqual([["duplicate_vote", ["A898CAF0CA46E6C8C5A0736CDC6945D91EF2683C"]]]);
    const none = await networkRpcReads(["http://node"], { fetchImpl: answering({ block: { evidence: { evidence: null } } }) }).chain.block({ height: "33" });
    expect(none.evidence).toEqual([]);
  });
});
