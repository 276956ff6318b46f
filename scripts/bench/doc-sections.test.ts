import { describe, expect, it } from "vitest";
import { mergeGoalRows, readGoalRows, renderGoalTable, replaceSection } from "./doc-sections.js";

const doc = "# Benchmarks\n\nintro\n\n# Wallet\n\nold wallet\n\n# Renderer\n\nold renderer\n";

describe("replaceSection", () => {
  it("replaces one top-level section and keeps the others and their order", () => {
    const next = replaceSection(doc, "Wallet", "# Wallet\n\nnew wallet\n");
    expect(next).toBe("# Benchmarks\n\nintro\n\n# Wallet\n\nnew wallet\n\n# Renderer\n\nold renderer\n");
  });

  it("keeps second-level headings inside the section it replaces from leaking out", () => {
    const withSub = "# A\n\n## sub\n\nx\n\n# B\n\ny\n";
    expect(replaceSection(withSub, "A", "# A\n\nz\n")).toBe("# A\n\nz\n\n# B\n\ny\n");
  });

  it("replaces the last section and appends a missing one", () => {
    expect(replaceSection(doc, "Renderer", "# Renderer\n\nnew\n")).toMatch(/# Renderer\n\nnew\n$/);
    expect(replaceSection(doc, "Startup", "# Startup\n\ns")).toMatch(/old renderer\n\n# Startup\n\ns\n$/);
    expect(replaceSection("", "Startup", "# Startup\n")).toBe("# Startup\n");
  });
});

describe("goals table", () => {
  const row = (section: string, met: boolean) => ({ section, goal: `${section} goal`, measured: "1 ms", met, run: "2026-11-21, abc1234" });

  it("reads back what it renders, a missed goal included", () => {
    const rows = [row("Startup", false), row("Wallet", true)];
    expect(readGoalRows(`intro\n\n${renderGoalTable(rows)}\n\nafter`)).toEqual(rows);
  });

  it("replaces only the rows of the sections that ran", () => {
    const merged = mergeGoalRows([row("Startup", false), row("Wallet", true)], ["Startup"], [row("Startup", true)]);
    expect(merged).toEqual([row("Wallet", true), row("Startup", true)]);
  });

  it("keeps a pipe in a measured figure from breaking the table", () => {
    const table = renderGoalTable([{ ...row("Bridge", true), measured: "a | b" }]);
    expect(readGoalRows(table)[0]!.measured).toBe("a / b");
  });
});
