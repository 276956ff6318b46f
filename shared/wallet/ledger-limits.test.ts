import { describe, expect, it } from "vitest";
import { jsonTokenCount, LEDGER_LIMITS, ledgerSignDocProblem, sortedJson, splitForLedger, withdrawBatchesForLedger, withdrawSignDocJson } from "./ledger-limits.js";

const delegator = "cosmos1tzhdkuc328cgh2hycyfddtdpqfwwu42yc2g32j";
/** n distinct operator addresses (bech32-shaped: the split reads only their length). */
const validators = (n: number, prefix = "cosmosvaloper1") => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(38, "q")}`);

describe("a Ledger's sign doc limits", () => {
  it("counts JSON tokens as jsmn does: objects, arrays, keys and values", () => {
    expect(jsonTokenCount('{"a":[1,{"b":"c"}],"d":""}')).toBe(9); // {} a [] 1 {} b c d ""
    expect(jsonTokenCount("[]")).toBe(1);
  });

  it("refuses 20 messages, too many tokens and too many bytes, and takes what is under all three", () => {
    const doc = (n: number) => withdrawSignDocJson(delegator, validators(n), "cosmoshub-4", "uatom");
    expect(ledgerSignDocProblem(doc(19))).toBeUndefined();
    expect(ledgerSignDocProblem(doc(20))).toBe("too_many_messages");
    expect(ledgerSignDocProblem(doc(10), { ...LEDGER_LIMITS, maxTokens: 50 })).toBe("too_many_messages");
    expect(ledgerSignDocProblem(doc(10), { ...LEDGER_LIMITS, maxBytes: 1000 })).toBe("too_large");
  });

  it("writes JSON as serializeSignDoc does: sorted keys, no spaces", () => {
    expect(sortedJson({ b: [{ d: 1, c: "é" }], a: "x" })).toBe('{"a":"x","b":[{"c":"é","d":1}]}');
  });
});

describe("withdraw all rewards on a Ledger", () => {
  it("stays one transaction up to 19 validators", () => {
    expect(withdrawBatchesForLedger(delegator, validators(19), "cosmoshub-4", "uatom")).toEqual([validators(19)]);
  });

  it("cuts 50 validators into 19, 19 and 12, in order, each under every limit", () => {
    const all = validators(50);
    const batches = withdrawBatchesForLedger(delegator, all, "cosmoshub-4", "uatom");
    expect(batches.map((b) => b.length)).toEqual([19, 19, 12]);
    expect(batches.flat()).toEqual(all);
    for (const b of batches) expect(ledgerSignDocProblem(withdrawSignDocJson(delegator, b, "cosmoshub-4", "uatom"))).toBeUndefined();
  });

  it("cuts by bytes where addresses are long enough for the size to bind before the count", () => {
    const long = validators(30, `${"v".repeat(60)}valoper1`);
    const limits = { ...LEDGER_LIMITS, maxBytes: 2500 };
    const batches = withdrawBatchesForLedger(`${"v".repeat(60)}1${"q".repeat(38)}`, long, "c", "u", limits);
    expect(batches.length).toBeGreaterThan(2);
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThan(19);
    expect(batches.flat()).toEqual(long);
  });

  it("refuses a message that alone is more than the device takes", () => {
    expect(() => splitForLedger(["x"], () => `{"msgs":[1],"m":"${"x".repeat(9000)}"}`)).toThrow(/one message alone/);
  });
});
