import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv.js";

describe("CSV writer", () => {
  it("neutralises cells a spreadsheet would run as formulas", () => {
    for (const f of ["=1+1", "+SUM(A1)", "-2+3", "@cmd", "\tx", "=HYPERLINK(\"http://x\")"]) expect(csvCell(f).replace(/^"/, "")).toMatch(/^'/);
    expect(csvCell("plain")).toBe("plain");
  });

  it("quotes commas, quotes and line breaks, and ends lines with CRLF", () => {
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(toCsv(["a", "b"], [["1", "x,y"], ["=2", ""]])).toBe('a,b\r\n1,"x,y"\r\n\'=2,\r\n');
  });
});
