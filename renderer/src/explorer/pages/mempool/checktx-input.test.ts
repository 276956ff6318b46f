import { toBase64 } from "@cosmjs/encoding";
import { describe, expect, it } from "vitest";
import { chainMethods } from "../../../../../shared/contract/chain.js";
import { checkTxBase64, checkTxProblem, MAX_CHECKTX_BASE64 } from "./checktx-input.js";

describe("the check_tx paste's own check", () => {
  const tx = toBase64(Uint8Array.from({ length: 200 }, (_, i) => (i * 37) % 256));

  it("sends only what main takes, and says why it will not send the rest", () => {
    const samples = [tx, `${tx.slice(0, 60)}\n${tx.slice(60)}`, "AAAA", "AA==", "A===", "abc", tx.slice(0, -1), `${tx}-`, tx.replace(/\+|\//g, "_"), "0A8F01FF0A8F01FF0A8F01FF", "=AAA", "A".repeat(MAX_CHECKTX_BASE64), "A".repeat(MAX_CHECKTX_BASE64 + 4), "é".repeat(8)];
    for (const text of samples) {
      const problem = checkTxProblem(text);
      const mainTakes = chainMethods.checkTx.args.safeParse({ tx: checkTxBase64(text) }).success;
      // Anything sent is taken by main; main may take a length the node cannot decode, refused here.
      if (problem === undefined) expect(mainTakes, text.slice(0, 40)).toBe(true);
      if (!mainTakes) expect(problem, text.slice(0, 40)).toBeDefined();
    }
  });

  it("words each problem", () => {
    expect(checkTxProblem("")).toBeUndefined();
    expect(checkTxProblem(tx)).toBeUndefined();
    expect(checkTxProblem("0A8F01FF0A8F01FF0A8F01FF")).toMatch(/looks like hex/);
    expect(checkTxProblem("abc")).toBe("Base64 comes in groups of 4 characters; this has 3, so some of it is missing.");
    expect(checkTxProblem(`${tx.slice(0, 8)}-_`)).toMatch(/“-” \(U\+002D\) is not one of them/);
    expect(checkTxProblem("A".repeat(MAX_CHECKTX_BASE64 + 4))).toMatch(/^At most 4,000,000 characters of base64; this has 4,000,004\.$/);
  });
});
