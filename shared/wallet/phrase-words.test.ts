import { describe, expect, it } from "vitest";
import { phraseWordCountProblem } from "./phrase-words.js";

describe("phraseWordCountProblem", () => {
  it("takes the five BIP39 lengths and names the count of any other", () => {
    for (const n of [12, 15, 18, 21, 24]) expect(phraseWordCountProblem(Array(n).fill("abandon").join(" "))).toBeUndefined();
    expect(phraseWordCountProblem(Array(11).fill("abandon").join(" "))).toBe("A recovery phrase has 12 or 24 words (15, 18 or 21 in some wallets); this one has 11.");
    expect(phraseWordCountProblem(Array(25).fill("abandon").join(" "))).toMatch(/this one has 25\.$/);
    expect(phraseWordCountProblem("")).toMatch(/this one has 0\.$/);
  });
});
