import { describe, expect, it } from "vitest";
import { walletMethods } from "../contract/wallet.js";
import { MAX_PASSWORD, newPasswordProblem } from "./password-rules.js";

describe("the new password's limits", () => {
  it("finds a problem exactly where main refuses a new password", () => {
    for (const password of ["", "short", "1234567", "12345678", "x".repeat(MAX_PASSWORD), "x".repeat(MAX_PASSWORD + 1), "ü".repeat(MAX_PASSWORD + 1)]) {
      const taken = walletMethods.changePassword.args.safeParse({ oldPassword: "old password", newPassword: password }).success;
      expect(newPasswordProblem(password) === undefined, `${password.length} characters`).toBe(taken);
    }
  });

  it("says what to do", () => {
    expect(newPasswordProblem("1234567")).toBe("Use at least 8 characters.");
    expect(newPasswordProblem("x".repeat(1025))).toBe("Use at most 1,024 characters; this one has 1,025.");
  });
});
