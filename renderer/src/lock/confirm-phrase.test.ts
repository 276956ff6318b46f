import { describe, expect, it } from "vitest";
import { phraseQuestions } from "./confirm-phrase.js";

describe("recovery phrase confirmation", () => {
  it("asks distinct positions, each with its right word among distinct options", () => {
    const words = "voyage taxi dilemma float soda invest special ankle innocent bird roast enroll frame taxi sort shadow myth extend coral more sunny cover maple reveal".split(" ");
    for (let run = 0; run < 50; run++) {
      const qs = phraseQuestions(words);
      expect(new Set(qs.map((q) => q.position)).size).toBe(3);
      for (const q of qs) {
        expect(q.options).toContain(words[q.position - 1]);
        expect(new Set(q.options).size).toBe(4);
      }
    }
  });
});
