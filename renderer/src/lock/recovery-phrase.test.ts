import { describe, expect, it } from "vitest";
import { walletMethods } from "../../../shared/contract/wallet.js";
import { normalPhrase, phraseProblem } from "./recovery-phrase.js";
import { passwordProblem } from "./PasswordFields.js";

const PASSWORD = "correct horse battery";
/** What main decides before reading a word: the contract's schema for `wallet.import`. */
const mainTakes = (text: string, password = PASSWORD) => walletMethods.import.args.safeParse({ mnemonic: normalPhrase(text), password }).success;

describe("the import form's own checks", () => {
  it("finds a problem in the phrase exactly where main would refuse it unread", () => {
    const words = "abandon ".repeat(23) + "art";
    const variants = ["", " ", "\n\t ", words, `  ${words.replace(/ /g, "\n")}  `, "one", "x".repeat(1024), "x".repeat(1025), `${"ab ".repeat(342)}`, `${"ab  ".repeat(342)}`, `${"ab ".repeat(400)}`];
    for (const text of variants) expect(phraseProblem(text) === undefined, JSON.stringify(text.slice(0, 40))).toBe(mainTakes(text));
  });

  it("finds a problem in a new password exactly where main would refuse it", () => {
    for (const password of ["", "short", "1234567", "12345678", "x".repeat(1024), "x".repeat(1025), "ü".repeat(1024), "ü".repeat(1025)]) {
      expect(passwordProblem(password, password) === undefined, `${password.length} characters`).toBe(walletMethods.create.args.safeParse({ password }).success);
    }
  });

  it("says what to do", () => {
    expect(phraseProblem("   ")).toBe("Type or paste the recovery phrase: its 12 or 24 words, with spaces between them.");
    expect(passwordProblem("x".repeat(1025), "x".repeat(1025))).toEqual({ field: "password", message: "Use at most 1,024 characters; this one has 1,025." });
  });
});
