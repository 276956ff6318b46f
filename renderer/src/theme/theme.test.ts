import { describe, expect, it } from "vitest";
import { parseThemePreference, resolveTheme, toggledPreference } from "./theme.js";

describe("theme", () => {
  it("follows the OS until the user picks a theme", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
  });
  it("reads unknown stored values as system, and toggles to the opposite of what is shown", () => {
    expect(parseThemePreference("purple")).toBe("system");
    expect(parseThemePreference(null)).toBe("system");
    expect(toggledPreference("dark")).toBe("light");
  });
});
