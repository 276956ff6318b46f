import { describe, expect, it } from "vitest";
import { inertText, middleEllipsis } from "./inert-text.js";

describe("inert chain text", () => {
  it("makes direction controls visible instead of letting them reorder the line", () => {
    expect(inertText("pay \u202Egnp.exe")).toBe("pay [U+202E]gnp.exe");
    expect(inertText("a\u2066b\u2069c\u200F")).toBe("a[U+2066]b[U+2069]c[U+200F]");
    expect(inertText("<img src=x onerror=alert(1)>")).toBe("<img src=x onerror=alert(1)>");
  });

  it("makes zero-width characters visible, so two memos that differ do not look the same", () => {
    expect(inertText("a\u200Bb\u200Cc\u200Dd\u2060e\uFEFF")).toBe("a[U+200B]b[U+200C]c[U+200D]d[U+2060]e[U+FEFF]");
  });

  it("shortens long values in the middle", () => {
    expect(middleEllipsis("cosmos1edhrppagujenjy8s82rplhj85atl5v7eeusulc")).toBe("cosmos1edh…7eeusulc");
    expect(middleEllipsis("short")).toBe("short");
  });
});
