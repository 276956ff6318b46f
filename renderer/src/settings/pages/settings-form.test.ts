import { describe, expect, it } from "vitest";
import { settingsMethods } from "../../../../shared/contract/settings.js";
import { type NumberSetting, settingPatch, settingProblem, typedSetting } from "./settings-form.js";

/** What main decides: the contract's schema for `settings.update`. */
const mainTakes = (key: NumberSetting, text: string) => settingsMethods.update.args.safeParse(settingPatch(key, typedSetting(text))).success;

describe("the number settings' own checks", () => {
  const variants = [
    "", " ", "-", "1e", "1e1", "+5", "-5", "-0", "0", "00", " 7 ", "1", "1.5", "1.0", ".5", "5.", "0x10", "1,000", "ten", "10 min", "٣",
    "120", "121", "1440", "1441", "2000", "99999999999999999999", "Infinity", "NaN",
  ];
  for (const key of ["autoLockMinutes", "undoWindowSeconds"] as const) {
    it(`finds a problem in ${key} exactly where main would refuse it`, () => {
      for (const text of variants) expect(settingProblem(key, text) === undefined, JSON.stringify(text)).toBe(mainTakes(key, text));
    });
  }

  it("never reads an empty or unfinished entry as 0, which would turn auto-lock off", () => {
    for (const text of ["", "  ", "-", "1e", "+", "."]) {
      expect(Number.isNaN(typedSetting(text)), JSON.stringify(text)).toBe(true);
      expect(settingProblem("autoLockMinutes", text)).toBeDefined();
    }
  });

  it("says at the field what to type", () => {
    expect(settingProblem("autoLockMinutes", "")).toBe("Nothing was typed: type a whole number of minutes from 0 to 1,440 (0: never lock).");
    expect(settingProblem("autoLockMinutes", "1.5")).toBe("“1.5” is not a whole number of minutes from 0 to 1,440 (0: never lock).");
    expect(settingProblem("undoWindowSeconds", "2000")).toBe("“2000” is not a whole number of seconds from 0 to 120 (0: send at once).");
    expect(settingProblem("autoLockMinutes", "1440")).toBeUndefined();
  });
});
