import { toBase64, toBech32 } from "@cosmjs/encoding";
import { QueryParamsResponse, QuerySigningInfosResponse } from "cosmjs-types/cosmos/slashing/v1beta1/query";
import { describe, expect, it } from "vitest";
import { readSigningInfos, readSlashingParams } from "./queries.js";

// Answers of the slashing module made with the real encoders: these tests are about what the
// reader does with the answers (addresses, the decimal encoding, paging, refusals).
const answer = (value: string, code = 0, height = "9") => ({ code, codespace: "", log: code ? "unknown query path" : "", key: "", value, height, index: "0" });
const valcons = (byte: number) => toBech32("cosmosvalcons", new Uint8Array(20).fill(byte));
const infos = (bytes: number[], nextKey = new Uint8Array()) =>
  toBase64(QuerySigningInfosResponse.encode(QuerySigningInfosResponse.fromPartial({
    info: bytes.map((b) => ({ address: valcons(b), missedBlocksCounter: BigInt(b), tombstoned: b === 2, jailedUntil: { seconds: 0n, nanos: 0 } })),
    pagination: { nextKey, total: 0n },
  })).finish());

describe("x/slashing reads", () => {
  it("keys each signing info by the CometBFT hex address of its valcons address", async () => {
    const r = await readSigningInfos(async () => answer(infos([1, 2])));
    expect(r).toEqual([
      { address: "01".repeat(20), missedBlocks: 1, tombstoned: false, jailedUntil: "1970-01-01T00:00:00.000Z" },
      { address: "02".repeat(20), missedBlocks: 2, tombstoned: true, jailedUntil: "1970-01-01T00:00:00.000Z" },
    ]);
  });

  it("follows pages at the first page's height, and stops a node that pages forever", async () => {
    const heights: Array<string | undefined> = [];
    const r = await readSigningInfos(async (q) => (heights.push(q.height), answer(infos([3], new Uint8Array([1])))));
    expect(heights).toHaveLength(50);
    expect(new Set(heights.slice(1))).toEqual(new Set(["9"]));
    expect(r).toHaveLength(50);
  });

  it("reads the window and the jail threshold, a LegacyDec carried as its value times 10^18", async () => {
    const params = toBase64(QueryParamsResponse.encode(QueryParamsResponse.fromPartial({
      params: { signedBlocksWindow: 100n, minSignedPerWindow: new TextEncoder().encode("500000000000000000"), downtimeJailDuration: { seconds: 600n, nanos: 0 } },
    })).finish());
    expect(await readSlashingParams(async () => answer(params))).toEqual({ signedBlocksWindow: 100, minSignedPerWindow: 0.5 });
  });

  it("says which read failed, and why, when the chain refuses or answers garbage", async () => {
    await expect(readSigningInfos(async () => answer("", 6))).rejects.toThrow("the slashing module's signing infos could not be read: unknown query path");
    await expect(readSlashingParams(async () => answer(toBase64(new Uint8Array([0xff, 0xff]))))).rejects.toThrow(/parameters could not be read/);
  });
});
