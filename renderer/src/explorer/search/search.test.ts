import { describe, expect, it } from "vitest";
import { chainMethods } from "../../../../shared/contract/chain.js";
import { addressQueries, classifyInput } from "./classify-input.js";
import { buildQuery } from "./query-builder.js";

const HASH = "A".repeat(64);

describe("classifyInput", () => {
  it("reads heights, trimming spaces and leading zeros", () => {
    expect(classifyInput(" 42 ")).toEqual({ kind: "height", height: "42" });
    expect(classifyInput("007")).toEqual({ kind: "height", height: "7" });
    expect(classifyInput("0").kind).toBe("invalid");
  });

  it("refuses heights past int64, which the node cannot read, saying the highest there can be", () => {
    expect(classifyInput("9223372036854775807")).toEqual({ kind: "height", height: "9223372036854775807" });
    expect(classifyInput("9223372036854775808")).toMatchObject({ kind: "invalid", reason: expect.stringContaining("at most 9223372036854775807") });
    expect(classifyInput("123456789012345678901234")).toMatchObject({ kind: "invalid", reason: expect.stringContaining("at most 9223372036854775807") });
    expect(classifyInput("0009223372036854775807")).toEqual({ kind: "height", height: "9223372036854775807" });
  });

  it("reads 64-digit hashes with or without 0x, upper-cased", () => {
    expect(classifyInput(HASH.toLowerCase())).toEqual({ kind: "hash", hash: HASH });
    expect(classifyInput(`0x${HASH}`)).toEqual({ kind: "hash", hash: HASH });
    expect(classifyInput("abcdef")).toMatchObject({ kind: "invalid", reason: expect.stringContaining("64") });
  });

  it("accepts bech32 addresses with a valid checksum only", () => {
    const addr = "cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu";
    expect(classifyInput(addr)).toEqual({ kind: "address", address: addr, prefix: "cosmos" });
    expect(classifyInput(addr.toUpperCase())).toEqual({ kind: "address", address: addr, prefix: "cosmos" });
    expect(classifyInput(`${addr.slice(0, -1)}q`).kind).toBe("invalid");
    expect(classifyInput("").kind).toBe("invalid");
  });

  it("refuses look-alikes of an address with the reason, never as the address they imitate", () => {
    const addr = "cosmos1edhrppagujenjy8s82rplhj85atl5v7eeusulc";
    expect(classifyInput(addr.replace("a", "\u0430"))).toMatchObject({ kind: "invalid", reason: expect.stringContaining("a (Cyrillic)") });
    expect(classifyInput(addr.replace("pp", "\u03c1p"))).toMatchObject({ kind: "invalid", reason: expect.stringContaining("p (Greek)") });
    expect(classifyInput(addr.slice(0, 9) + "\u200b" + addr.slice(9))).toMatchObject({ kind: "invalid", reason: expect.stringContaining("U+200B") });
    expect(classifyInput(addr.replace("edh", "EDH"))).toMatchObject({ kind: "invalid", reason: expect.stringContaining("one case") });
  });

  it("lists an address's transactions both ways", () => {
    expect(addressQueries("cosmos1x")).toEqual({ sent: "message.sender='cosmos1x'", received: "transfer.recipient='cosmos1x'" });
  });
});

describe("buildQuery", () => {
  it("quotes strings, keeps heights numeric and joins with AND", () => {
    expect(buildQuery([{ key: "transfer.recipient", op: "=", value: "cosmos1x" }, { key: "tx.height", op: ">=", value: "5" }])).toEqual({
      ok: true, query: "transfer.recipient = 'cosmos1x' AND tx.height >= 5",
    });
    expect(buildQuery([{ key: "tx.height", op: "=", value: "7" }])).toEqual({ ok: true, query: "tx.height = 7" });
    expect(buildQuery([{ key: "message.action", op: "EXISTS", value: "" }])).toEqual({ ok: true, query: "message.action EXISTS" });
  });

  it("refuses quotes that would break out of a string, bad keys and empty queries", () => {
    expect(buildQuery([{ key: "a.b", op: "=", value: "x' OR 'y" }]).ok).toBe(false);
    expect(buildQuery([{ key: "a b", op: "=", value: "x" }]).ok).toBe(false);
    expect(buildQuery([{ key: "a.b", op: ">", value: "x" }]).ok).toBe(false);
    expect(buildQuery([]).ok).toBe(false);
  });

  it("names the condition and the field a problem is in, so the form can say it there", () => {
    const fine = { key: "tx.height", op: ">=", value: "1" } as const;
    expect(buildQuery([fine, { key: "a b", op: "=", value: "x" }])).toMatchObject({ ok: false, at: { index: 1, field: "key" } });
    expect(buildQuery([fine, { key: "", op: "=", value: "" }])).toEqual({ ok: false, error: "Name an event key, like transfer.recipient or tx.height.", at: { index: 1, field: "key" } });
    expect(buildQuery([{ key: "a.b", op: "=", value: "x'" }])).toMatchObject({ ok: false, at: { index: 0, field: "value" } });
    expect(buildQuery([fine, { key: "a.b", op: ">", value: "x" }])).toMatchObject({ ok: false, at: { index: 1, field: "value" } });
    expect(buildQuery([])).not.toHaveProperty("at");
  });

  it("refuses a height past int64 at its value, leading zeros or not, and takes the highest there can be", () => {
    for (const value of ["9223372036854775808", "0009223372036854775808", "99999999999999999999999"]) {
      expect(buildQuery([{ key: "tx.height", op: ">=", value }]), value).toEqual({ ok: false, error: "No chain is that high: a height is at most 9223372036854775807.", at: { index: 0, field: "value" } });
    }
    expect(buildQuery([{ key: "block.height", op: "<=", value: "9223372036854775807" }])).toEqual({ ok: true, query: "block.height <= 9223372036854775807" });
    expect(buildQuery([{ key: "tx.height", op: "=", value: "007" }])).toEqual({ ok: true, query: "tx.height = 007" });
  });
});

describe("a built query's length", () => {
  const long = (n: number) => ({ key: "transfer.recipient", op: "CONTAINS" as const, value: "x".repeat(n) });
  it("says how long the query is against the node's limit instead of sending it", () => {
    // `transfer.recipient CONTAINS '…'` is 30 characters around the value.
    expect(buildQuery([long(482)])).toEqual({ ok: true, query: `transfer.recipient CONTAINS '${"x".repeat(482)}'` });
    expect(buildQuery([long(483)])).toEqual({ ok: false, error: "The query is 513 characters; a search takes at most 512. Remove a condition or shorten a value." });
    const many = Array.from({ length: 12 }, () => ({ key: "message.sender", op: "=" as const, value: "cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu" }));
    expect(buildQuery(many)).toMatchObject({ ok: false, error: expect.stringMatching(/^The query is \d+ characters; a search takes at most 512\./) });
  });

  it("builds only queries main takes", () => {
    for (const n of [0, 1, 100, 481, 482, 483, 600]) {
      for (const kind of ["txSearch", "blockSearch"] as const) {
        const built = buildQuery([long(n)]);
        if (built.ok) expect(chainMethods[kind].args.safeParse({ query: built.query }).success, `${kind} ${n}`).toBe(true);
        else expect(chainMethods[kind].args.safeParse({ query: `transfer.recipient CONTAINS '${"x".repeat(n)}'` }).success).toBe(false);
      }
    }
  });
});

