import { describe, expect, it } from "vitest";
import { chainMethods } from "../../../../shared/contract/chain.js";
import { SAFE_ROUTES } from "../../../../shared/contract/safe-routes.js";
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
    expect(encodeParams("block", { height: "-1" }, "POST")).toEqual({ ok: false, name: "height", error: "A whole number, like 42." });
    expect(encodeParams("tx", { hash: "abc" }, "POST")).toEqual({ ok: false, name: "hash", error: "A hash is 64 hex digits; this has 3." });
  });

  it("refuses a number past int64, which the node cannot read, and takes int64's largest", () => {
    for (const method of ["GET", "POST"] as const) {
      expect(encodeParams("block", { height: "9223372036854775808" }, method)).toEqual({ ok: false, name: "height", error: "At most 9223372036854775807: the node reads no larger number." });
      expect(encodeParams("validators", { per_page: "1".repeat(30) }, method)).toMatchObject({ ok: false, name: "per_page" });
      expect(encodeParams("block", { height: "9223372036854775807" }, method)).toEqual({ ok: true, params: { height: "9223372036854775807" } });
      expect(encodeParams("block", { height: "0009223372036854775807" }, method)).toEqual({ ok: true, params: { height: "0009223372036854775807" } });
    }
  });
});

describe("a transaction typed as base64", () => {
  it("says what is wrong with base64 typed so far, in both forms, instead of throwing", () => {
    for (const method of ["GET", "POST"] as const) {
      expect(encodeParams("check_tx", { tx: "C" }, method)).toEqual({ ok: false, name: "tx", error: "Not whole base64 yet: 1 character, and base64 comes in groups of 4 (ending in = or == where needed)." });
      expect(encodeParams("check_tx", { tx: "Cg=" }, method)).toMatchObject({ ok: false, name: "tx", error: expect.stringContaining("3 characters") });
      expect(encodeParams("check_tx", { tx: "AQ!=" }, method)).toEqual({ ok: false, name: "tx", error: "Base64 is A–Z, a–z, 0–9, + and /, with = or == only at the end." });
      expect(encodeParams("check_tx", { tx: "A=AA" }, method)).toMatchObject({ ok: false, name: "tx" });
    }
  });

  it("takes base64 pasted across lines", () => {
    expect(encodeParams("check_tx", { tx: "AQID\nBA==" }, "GET")).toEqual({ ok: true, params: { tx: "0x01020304" } });
    expect(encodeParams("check_tx", { tx: "AQID\nBA==" }, "POST")).toEqual({ ok: true, params: { tx: "AQIDBA==" } });
  });

  it("never throws on any text typed one character at a time, and what it passes, main takes", () => {
    const rawCall = chainMethods.rawCall.args;
    const alphabet = "AQIDBAgh+/=0xC!é ,-.\n";
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let round = 0; round < 300; round++) {
      const text = Array.from({ length: 1 + (next() % 12) }, () => alphabet[next() % alphabet.length]).join("");
      for (const route of SAFE_ROUTES) {
        for (const method of ["GET", "POST"] as const) {
          for (let end = 1; end <= text.length; end++) {
            const values = Object.fromEntries(ROUTE_PARAMS[route].map((p) => [p.name, text.slice(0, end)]));
            const r = encodeParams(route, values, method);
            if (r.ok) expect(rawCall.safeParse({ route, method, params: r.params }).success).toBe(true);
            else expect(r.error).not.toBe("");
          }
        }
      }
    }
  });

  it("refuses a value longer than main takes, saying how long", () => {
    const tx = "AQID".repeat(20_000);
    expect(encodeParams("check_tx", { tx }, "POST")).toEqual({ ok: true, params: { tx } });
    // As 0x-hex the same bytes take 120,002 characters, over the 100,000 main takes per value.
    expect(encodeParams("check_tx", { tx }, "GET")).toEqual({ ok: false, name: "tx", error: "Too long to send: 120,002 characters as sent; the console sends at most 100,000." });
    expect(encodeParams("abci_query", { data: "ab".repeat(50_001) }, "POST")).toMatchObject({ ok: false, name: "data", error: expect.stringContaining("100,002 characters") });
  });
});
