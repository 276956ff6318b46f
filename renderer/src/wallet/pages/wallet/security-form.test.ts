import { describe, expect, it } from "vitest";
import { walletMethods } from "../../../../../shared/contract/wallet.js";
import { ERROR_CODES } from "../../../../../shared/error-codes.js";
import { changePasswordProblems, passwordRefusal, phraseWords, typedPasswordProblem } from "./security-form.js";

/** What main decides before it derives a key: the contract's schema for `wallet.changePassword`. */
const mainTakes = (oldPassword: string, newPassword: string) => walletMethods.changePassword.args.safeParse({ oldPassword, newPassword }).success;

describe("the change-password form's own checks", () => {
  it("refuses before sending all that main would refuse unread", () => {
    const cases: Array<[string, string]> = [["", "new password"], ["old password", ""], ["old password", "1234567"], ["x".repeat(1025), "new password"], ["old password", "x".repeat(1025)]];
    for (const [current, next] of cases) {
      expect(mainTakes(current, next), `${current.length}/${next.length}`).toBe(false);
      expect(Object.keys(changePasswordProblems({ current, next, confirm: next })).length, `${current.length}/${next.length}`).toBeGreaterThan(0);
    }
    expect(mainTakes("old password", "12345678")).toBe(true);
    expect(changePasswordProblems({ current: "old password", next: "12345678", confirm: "12345678" })).toEqual({});
  });

  it("says each problem at its own field, every field at once", () => {
    expect(changePasswordProblems({ current: "", next: "short", confirm: "" })).toEqual({ current: "Type the wallet's password.", next: "Use at least 8 characters." });
    expect(changePasswordProblems({ current: "old password", next: "new password", confirm: "new pasword" })).toEqual({ confirm: "The two new passwords differ." });
    expect(changePasswordProblems({ current: "old password", next: "old password", confirm: "old password" })).toEqual({ next: "That is the current password: choose another." });
  });

  it("does not ask for the confirmation to match a new password that cannot be used anyway", () => {
    expect(changePasswordProblems({ current: "old password", next: "short", confirm: "" })).toEqual({ next: "Use at least 8 characters." });
  });
});

describe("the password typed again", () => {
  it("is refused empty or longer than any wallet's password", () => {
    expect(typedPasswordProblem("")).toBe("Type the wallet's password.");
    expect(typedPasswordProblem("x".repeat(1025))).toMatch(/^That is not the wallet's password: .* at most 1,024 characters\.$/);
    expect(typedPasswordProblem("x".repeat(1024))).toBeUndefined();
  });
});

describe("main's refusals", () => {
  it("puts a wrong password at the password field and everything else under the form", () => {
    expect(passwordRefusal(ERROR_CODES.wrongPassword, "password")).toBe("That is not the wallet's password.");
    expect(passwordRefusal(ERROR_CODES.wrongPassword, "current password")).toBe("That is not the wallet's current password.");
    for (const code of [ERROR_CODES.vaultCorrupt, ERROR_CODES.walletMissing, "busy", undefined]) expect(passwordRefusal(code, "password")).toBeUndefined();
  });
});

describe("phraseWords", () => {
  it("gives the words in order, whatever the spacing", () => {
    expect(phraseWords(" abandon  ability\nable ")).toEqual(["abandon", "ability", "able"]);
  });
});
