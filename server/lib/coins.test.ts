import { describe, expect, it } from "vitest";
import { parseCoin, parseUint64 } from "./coins.js";
import { ApiError } from "./errors.js";

describe("parseCoin", () => {
  it.each([
    ["1000ucomet", { amount: 1000n, denom: "ucomet" }],
    ["1000", { amount: 1000n, denom: "udef" }],
    [42, { amount: 42n, denom: "udef" }],
    ["5ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2", { amount: 5n, denom: "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2" }],
  ])("reads %j", (input, coin) => {
    expect(parseCoin(input, "udef", "amount")).toEqual(coin);
  });

  it.each(["0", "-1", "1.5", "abc", "1e9", "", " ", "10 ucomet", `${1n << 256n}`, 1.5, -3, 2 ** 60])("refuses %j", (input) => {
    expect(() => parseCoin(input, "udef", "amount")).toThrow(ApiError);
  });

  it("accepts a zero fee", () => {
    expect(parseCoin("0ucomet", "udef", "fee", true)).toEqual({ amount: 0n, denom: "ucomet" });
  });
});

describe("parseUint64", () => {
  it("reads strings and safe integers up to 2^64 - 1", () => {
    expect(parseUint64("18446744073709551615", "n")).toBe(18446744073709551615n);
    expect(parseUint64(7, "n")).toBe(7n);
  });
  it.each(["18446744073709551616", "-1", "1.0", "x", -1, 0.5])("refuses %j", (input) => {
    expect(() => parseUint64(input, "n")).toThrow(ApiError);
  });
});
