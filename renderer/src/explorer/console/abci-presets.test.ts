import { toBase64, toHex } from "@cosmjs/encoding";
import { QueryBalanceRequest, QueryBalanceResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { describe, expect, it } from "vitest";
import { ABCI_PRESETS, dataAsHex } from "./abci-presets.js";

const preset = (id: string) => ABCI_PRESETS.find((p) => p.id === id)!;

describe("abci presets", () => {
  it("encodes a balance request as the protobuf the bank module reads", () => {
    const hex = preset("balance").encode({ address: "cosmos1x", denom: "ustake" });
    expect(hex).toBe(toHex(QueryBalanceRequest.encode({ address: "cosmos1x", denom: "ustake" }).finish()));
  });

  it("decodes a balance answer to JSON", () => {
    const value = toBase64(QueryBalanceResponse.encode({ balance: { denom: "ustake", amount: "42" } }).finish());
    expect(preset("balance").decode(value)).toEqual({ balance: { denom: "ustake", amount: "42" } });
    expect(preset("version").decode(toBase64(new TextEncoder().encode("0.50.1")))).toBe("0.50.1");
  });
});

describe("dataAsHex", () => {
  it("takes hex as is (0x optional) and text as its UTF-8 bytes", () => {
    expect(dataAsHex("0xAB cd", "hex")).toBe("abcd");
    expect(dataAsHex("abc", "hex")).toBeUndefined();
    expect(dataAsHex("hi", "text")).toBe("6869");
  });
});
