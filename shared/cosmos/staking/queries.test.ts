import { toBase64 } from "@cosmjs/encoding";
import { PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { QueryValidatorsResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { describe, expect, it } from "vitest";
import { consensusAddress, readMonikers } from "./queries.js";

// Recorded answers of a staking query, made with the real encoders: these tests are about
// what the reader does with odd answers (no staking module, garbage, endless paging).
const answer = (value: string, code = 0, height = "7") => ({ code, codespace: "", log: code ? "unknown query path" : "", key: "", value, height, index: "0" });
const ed25519 = (byte: number) => ({ typeUrl: "/cosmos.crypto.ed25519.PubKey", value: PubKey.encode({ key: new Uint8Array(32).fill(byte) }).finish() });
const page = (monikers: string[], nextKey = new Uint8Array()) =>
  toBase64(QueryValidatorsResponse.encode(QueryValidatorsResponse.fromPartial({
    validators: monikers.map((m, i) => ({ operatorAddress: `cosmosvaloper1x${i}`, consensusPubkey: ed25519(i + 1), description: { moniker: m }, jailed: false })),
    pagination: { nextKey, total: 0n },
  })).finish());

describe("validator monikers", () => {
  it("names a validator by the CometBFT address of its ed25519 consensus key (sha256, first 20 bytes)", () => {
    // sha256 of 32 bytes of 0x01, cut to 20 bytes.
    expect(consensusAddress(ed25519(1))).toBe("72CD6E8422C407FB6D098690F1130B7DED7EC2F7");
    expect(consensusAddress({ typeUrl: "/some.other.Key", value: new Uint8Array(3) })).toBeUndefined();
  });

  it("says the names are unavailable, without failing, when the chain has no staking module", async () => {
    const r = await readMonikers(async () => answer("", 6));
    expect(r).toMatchObject({ available: false, reason: "unknown query path", validators: [] });
  });

  it("says the names are unavailable when the answer does not decode", async () => {
    const r = await readMonikers(async () => answer(toBase64(new Uint8Array([0xff, 0xff, 0xff]))));
    expect(r.available).toBe(false);
  });

  it("follows pages at the first page's height, and stops a node that pages forever", async () => {
    const heights: Array<string | undefined> = [];
    const r = await readMonikers(async (q) => (heights.push(q.height), answer(page(["a"], new Uint8Array([1])))));
    expect(heights.length).toBe(50);
    expect(heights[0]).toBeUndefined();
    expect(new Set(heights.slice(1))).toEqual(new Set(["7"]));
    expect(r.validators.length).toBe(50);
  });

  it("keeps hostile monikers as data, cut to a bounded length", async () => {
    const hostile = `<img src=x onerror="x()">\u202Eevil${"z".repeat(1000)}`;
    const r = await readMonikers(async () => answer(page([hostile])));
    expect(r.validators[0]!.moniker).toBe(hostile.slice(0, 256));
    expect(r.validators[0]!.address).toMatch(/^[0-9A-F]{40}$/);
  });

  it("carries each validator's status and commission rate, a rate that is not a number read as 0", async () => {
    const value = toBase64(QueryValidatorsResponse.encode(QueryValidatorsResponse.fromPartial({
      validators: [
        { operatorAddress: "cosmosvaloper1a", consensusPubkey: ed25519(1), status: 3, commission: { commissionRates: { rate: "50000000000000000", maxRate: "0", maxChangeRate: "0" } } },
        { operatorAddress: "cosmosvaloper1b", consensusPubkey: ed25519(2), status: 1, jailed: true, commission: { commissionRates: { rate: "1e18; drop", maxRate: "0", maxChangeRate: "0" } } },
        { operatorAddress: "cosmosvaloper1c", consensusPubkey: ed25519(3) },
      ],
      pagination: { nextKey: new Uint8Array(), total: 0n },
    })).finish());
    const r = await readMonikers(async () => answer(value));
    expect(r.validators.map((v) => [v.operatorAddress, v.status, v.jailed, v.commissionRate])).toEqual([
      ["cosmosvaloper1a", "bonded", false, "0.05"],
      ["cosmosvaloper1b", "unbonded", true, "0"],
      ["cosmosvaloper1c", "unspecified", false, "0"],
    ]);
  });
});
