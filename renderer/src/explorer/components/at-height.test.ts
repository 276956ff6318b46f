import { describe, expect, it } from "vitest";
import { chainMethods } from "../../../../shared/contract/chain.js";
import { ApiError } from "../../api/unwrap.js";
import { atHeightProblem, heightRefusal, parseAtHeight } from "./at-height.js";

const VARIANTS = ["", " ", "1", " 42 ", "007", "0", "00", "-1", "- 1", "1,000", "1.000", "1 000", "1_000", "abc", "1e6", "1E6", "0x10", "1.5", "12a", "+5", "٣",
  "9223372036854775807", "9223372036854775808", "1".repeat(78), "1".repeat(79), `0${"1".repeat(78)}`];

describe("a height typed in an At height field", () => {
  it("sends only what the contract takes, and never another height than the one typed", () => {
    for (const [method, zero] of [["abciQuery", true], ["validators", false], ["consensusParams", false]] as const) {
      const schema = chainMethods[method].args;
      const base = method === "abciQuery" ? { path: "/app/version" } : {};
      for (const text of VARIANTS) {
        const r = parseAtHeight(text, { zero });
        if (!r.ok) continue;
        expect(schema.safeParse(r.height === undefined ? base : { ...base, height: r.height }).success, `${method} ${text}`).toBe(true);
        // Empty is the latest; otherwise the height typed, less its leading zeros.
        expect(r.height, `${method} ${text}`).toBe(text.trim() === "" ? undefined : text.trim().replace(/^0+(?=\d)/, ""));
      }
    }
  });

  it("reads heights: empty is the latest, leading zeros go, 0 only where the node takes it", () => {
    expect(parseAtHeight("")).toEqual({ ok: true, height: undefined });
    expect(parseAtHeight(" 42 ")).toEqual({ ok: true, height: "42" });
    expect(parseAtHeight("007")).toEqual({ ok: true, height: "7" });
    expect(parseAtHeight("0", { zero: true })).toEqual({ ok: true, height: "0" });
    expect(parseAtHeight("9223372036854775807")).toEqual({ ok: true, height: "9223372036854775807" });
  });

  it("says what is wrong, instead of falling back to the latest height", () => {
    expect(parseAtHeight("0")).toEqual({ ok: false, error: "Heights start at 1; leave the field empty for the latest." });
    expect(parseAtHeight("1,000")).toEqual({ ok: false, error: "Digits only, without separators: 1000, not 1,000." });
    expect(parseAtHeight("-1", { zero: true })).toEqual({ ok: false, error: "A height is 0 (the latest) or more." });
    expect(parseAtHeight("1 000 000")).toEqual({ ok: false, error: "Digits only, without separators: 1000000, not 1 000 000." });
    expect(parseAtHeight("1.5").ok && "taken").toBe(false);
    expect(parseAtHeight("1.5")).not.toMatchObject({ error: expect.stringContaining("separators") });
    expect(parseAtHeight("1e6")).toEqual({ ok: false, error: "Digits only, written out: 1000000, not 1e6." });
    expect(parseAtHeight("abc")).toEqual({ ok: false, error: "A block height is a whole number, like 1000; leave the field empty for the latest." });
    expect(parseAtHeight("9223372036854775808")).toEqual({ ok: false, error: "No chain is that high: a height is at most 9223372036854775807." });
  });

  it("says the node's refusal of a height at the field, and nothing for other failures", () => {
    const ahead = new ApiError({ code: "rpc_height_ahead", message: "height 999999 is not on the chain yet: the node's newest block is 226" });
    expect(heightRefusal(ahead)).toBe("Height 999999 is not on the chain yet: the node's newest block is 226. Choose a height up to it, or leave the field empty for the latest.");
    const pruned = new ApiError({ code: "rpc_height_pruned", message: "height 5 is no longer kept by this node: its oldest block is 1200 (an archive node keeps every block)" });
    expect(heightRefusal(pruned)).toBe("Height 5 is no longer kept by this node: its oldest block is 1200 (an archive node keeps every block).");
    expect(heightRefusal(new ApiError({ code: "rpc_unreachable", message: "no node answered" }))).toBeUndefined();
    expect(heightRefusal(new Error("height 1 must be less than or equal to the current blockchain height 0"))).toBeUndefined();
    expect(heightRefusal(null)).toBeUndefined();
    // The typed text's own problem comes first; the node's refusal is marked as arriving later.
    expect(atHeightProblem(parseAtHeight("1e6"), ahead)).toEqual({ problem: "Digits only, written out: 1000000, not 1e6.", fromNode: false });
    expect(atHeightProblem(parseAtHeight("999999"), ahead)).toMatchObject({ fromNode: true, problem: expect.stringMatching(/^Height 999999 is not on the chain yet/) });
    expect(atHeightProblem(parseAtHeight("7"), undefined)).toEqual({ problem: undefined, fromNode: false });
  });
});
