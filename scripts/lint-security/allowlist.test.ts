import { describe, expect, it } from "vitest";
import { matchFindings } from "./allowlist.js";

const finding = (check: string, file: string) => ({ check, file, line: 1, message: "m" });

describe("electronegativity allowlist", () => {
  it("explains findings by check and file, and reports the rest", () => {
    const result = matchFindings([finding("SANDBOX_JS_CHECK", "electron/main/window.ts"), finding("SANDBOX_JS_CHECK", "electron/main/other.ts")], [
      { check: "SANDBOX_JS_CHECK", file: "electron/main/window.ts", reason: "webPreferences come from the tested baseline" },
    ]);
    expect(result.explained.map((f) => f.file)).toEqual(["electron/main/window.ts"]);
    expect(result.unexplained.map((f) => f.file)).toEqual(["electron/main/other.ts"]);
    expect(result.unused).toEqual([]);
  });

  it("names entries that no longer match, and refuses entries without a reason", () => {
    expect(matchFindings([], [{ check: "X_CHECK", file: "a.ts", reason: "an explanation long enough" }]).unused).toHaveLength(1);
    expect(() => matchFindings([], [{ check: "X_CHECK", file: "a.ts", reason: "" }])).toThrow();
  });
});
