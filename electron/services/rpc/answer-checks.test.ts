import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { assertChain, assertTxHash, chainIdsOf } from "./answer-checks.js";

const header = (chainId: string) => ({ chain_id: chainId, height: "5" });
const tx = Buffer.from("a transaction's bytes").toString("base64");
const hash = bytesToHex(sha256(Buffer.from(tx, "base64"))).toUpperCase();

describe("answer checks", () => {
  it("finds the chain id wherever each route's answer names it", () => {
    expect(chainIdsOf("status", { node_info: { network: "a-1" } })).toEqual(["a-1"]);
    expect(chainIdsOf("block", { block: { header: header("a-1") } })).toEqual(["a-1"]);
    expect(chainIdsOf("commit", { signed_header: { header: header("a-1") } })).toEqual(["a-1"]);
    expect(chainIdsOf("blockchain", { block_metas: [{ header: header("a-1") }, { header: header("b-2") }] })).toEqual(["a-1", "b-2"]);
    expect(chainIdsOf("block_search", { blocks: [{ block: { header: header("b-2") } }] })).toEqual(["b-2"]);
    expect(chainIdsOf("health", {})).toEqual([]);
  });

  it("refuses an answer naming another chain, even one item of a list", () => {
    expect(() => assertChain("http://n", "a-1", "status", { node_info: { network: "a-1" } })).not.toThrow();
    expect(() => assertChain("http://n", "a-1", "blockchain", { block_metas: [{ header: header("a-1") }, { header: header("b-2") }] })).toThrow(
      expect.objectContaining({ code: "rpc_wrong_chain", message: expect.stringContaining('is on chain "b-2", but this network is "a-1"') }),
    );
    expect(() => assertChain("http://n", undefined, "status", { node_info: { network: "b-2" } })).not.toThrow(); // nothing configured to compare with
  });

  it("accepts a transaction whose bytes hash to its hash, in either case, and refuses any other", () => {
    expect(() => assertTxHash("http://n", { hash, tx }, hash.toLowerCase())).not.toThrow();
    expect(() => assertTxHash("http://n", { hash: "A".repeat(64), tx })).toThrow(expect.objectContaining({ code: "rpc_hash_mismatch" }));
    // The node may even claim the hash of its bytes: it must still be the one asked for.
    expect(() => assertTxHash("http://n", { hash, tx }, "B".repeat(64))).toThrow(/whose hash does not match/);
  });
});
