import { describe, expect, it } from "vitest";
import { SAFE_ROUTES } from "../../../../shared/contract/chain.js";
import { encodeParams, ROUTE_PARAMS } from "./route-params.js";

const HASH = "0A".repeat(32);

describe("console parameters", () => {
  it("has a form for every safe route", () => {
    expect(Object.keys(ROUTE_PARAMS).sort()).toEqual([...SAFE_ROUTES].sort());
  });

  it("encodes for the URI form: quoted strings, 0x bytes", () => {
    expect(encodeParams("tx_search", { query: "tx.height=5", page: "1", prove: "true" }, "GET")).toEqual({ ok: true, params: { query: '"tx.height=5"', page: "1", prove: "true" } });
    expect(encodeParams("tx", { hash: HASH }, "GET")).toEqual({ ok: true, params: { hash: `0x${HASH}` } });
    expect(encodeParams("check_tx", { tx: "AQI=" }, "GET")).toEqual({ ok: true, params: { tx: "0x0102" } });
  });

  it("encodes for JSON-RPC: base64 []byte hashes, plain hex HexBytes, real booleans", () => {
    expect(encodeParams("tx", { hash: HASH, prove: "false" }, "POST")).toEqual({ ok: true, params: { hash: "CgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgo=", prove: false } });
    expect(encodeParams("header_by_hash", { hash: `0x${HASH}` }, "POST")).toEqual({ ok: true, params: { hash: HASH } });
    expect(encodeParams("block", { height: "" }, "POST")).toEqual({ ok: true, params: {} });
  });

  it("refuses values of the wrong kind, naming the parameter", () => {
    expect(encodeParams("block", { height: "-1" }, "POST")).toEqual({ ok: false, error: "height must be a whole number" });
    expect(encodeParams("tx", { hash: "abc" }, "POST")).toMatchObject({ ok: false, error: expect.stringContaining("hash") });
  });
});
