import { describe, expect, it } from "vitest";
import { toUriQuery, uriPath } from "./uri-form.js";

describe("the URI form of CometBFT RPC parameters", () => {
  it("turns base64 byte parameters into 0x-hex and quotes strings", () => {
    expect(toUriQuery("tx", { hash: "3q2+7w==", prove: true })).toEqual({ hash: "0xdeadbeef", prove: "true" });
    expect(toUriQuery("broadcast_tx_sync", { tx: "AQI=" })).toEqual({ tx: "0x0102" });
    expect(toUriQuery("tx_search", { query: "tx.height >= 1", page: "2" })).toEqual({ query: '"tx.height >= 1"', page: "2" });
  });

  it("keeps header_by_hash's hex hash (JSON-RPC hex) and prefixes it", () => {
    expect(toUriQuery("header_by_hash", { hash: "ABCD" })).toEqual({ hash: "0xABCD" });
    expect(toUriQuery("abci_query", { path: "/app/version", data: "0a0b" })).toEqual({ path: '"/app/version"', data: "0x0a0b" });
  });

  it("percent-encodes the query", () => {
    expect(uriPath("abci_query", { path: '"/a b"' })).toBe("abci_query?path=%22%2Fa%20b%22");
    expect(uriPath("status", {})).toBe("status");
  });
});
