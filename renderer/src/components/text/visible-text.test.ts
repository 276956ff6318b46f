import { describe, expect, it } from "vitest";
import { hasInvisible, shorten, visibleText } from "./visible-text.js";

describe("visibleText", () => {
  it("marks bidi overrides so a moniker cannot reorder what is shown", () => {
    expect(visibleText("val\u202Eoper")).toBe("val⟨U+202E⟩oper");
    expect(visibleText("a\u2066b\u2069")).toBe("a⟨U+2066⟩b⟨U+2069⟩");
  });

  it("marks zero-width and control characters, keeps ordinary text, newlines and emoji", () => {
    expect(visibleText("co\u200Bsmos")).toBe("co⟨U+200B⟩smos");
    expect(visibleText("\uFEFFx\u0007")).toBe("⟨U+FEFF⟩x⟨U+0007⟩");
    expect(visibleText("memo: héllo\n🚀 <b>x</b>")).toBe("memo: héllo\n🚀 <b>x</b>");
  });

  it("says whether a string hides anything, repeatably", () => {
    expect(hasInvisible("ab\u200Dc")).toBe(true);
    expect(hasInvisible("ab\u200Dc")).toBe(true);
    expect(hasInvisible("plain")).toBe(false);
  });

  it("shortens long values with an ellipsis", () => {
    expect(shorten("abcdef", 4)).toBe("abc…");
    expect(shorten("abc", 4)).toBe("abc");
  });
});
