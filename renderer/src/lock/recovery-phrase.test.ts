import { describe, expect, it } from "vitest";
import { walletMethods } from "../../../shared/contract/wallet.js";
import { normalPhrase, phraseProblem } from "./recovery-phrase.js";
import { passwordProblem } from "./PasswordFields.js";

const PASSWORD = "correct horse battery";
/** What main decides before reading a word: the contract's schema for `wallet.import`. */
const mainTakes = (text: string, password = PASSWORD) => walletMethods.import.args.safeParse({ mnemonic: normalPhrase(text), password }).success;

describe("the import form's own checks", () => {
  it("finds a problem in the phrase exactly where main would refuse it unread, or by its word count", () => {
    const words = "abandon ".repeat(23) + "art";
    const twelve = Array(12).fill("x".repeat(85)).join(" "); // 1,031 characters: too long though twelve words
    const variants = ["", " ", "\n\t ", words, `  ${words.replace(/ /g, "\n")}  `, "one", "x".repeat(1024), "x".repeat(1025), `${"ab ".repeat(342)}`, `${"ab  ".repeat(342)}`, `${"ab ".repeat(400)}`, twelve, "ab ".repeat(12), "ab\n".repeat(15)];
    const countTaken = (text: string) => [12, 15, 18, 21, 24].includes(normalPhrase(text).split(" ").length);
    for (const text of variants) expect(phraseProblem(text) === undefined, JSON.stringify(text.slice(0, 40))).toBe(mainTakes(text) && countTaken(text));
  });

  it("finds a problem in a new password exactly where main would refuse it", () => {
    for (const password of ["", "short", "1234567", "12345678", "x".repeat(1024), "x".repeat(1025), "ü".repeat(1024), "ü".repeat(1025)]) {
      expect(passwordProblem(password, password) === undefined, `${password.length} characters`).toBe(walletMethods.create.args.safeParse({ password }).success);
    }
  });

  it("says what to do", () => {
    expect(phraseProblem("   ")).toBe("Type or paste the recovery phrase: its 12 or 24 words, with spaces between them.");
    expect(phraseProblem("abandon\n".repeat(11))).toBe("A recovery phrase has 12 or 24 words (15, 18 or 21 in some wallets); this one has 11.");
    expect(passwordProblem("x".repeat(1025), "x".repeat(1025))).toEqual({ field: "password", message: "Use at most 1,024 characters; this one has 1,025." });
  });
});
