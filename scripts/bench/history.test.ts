import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { appendHistory, type HistoryEntry, readHistory, renderTrend } from "./history.js";

const entry = (over: Partial<HistoryEntry> = {}): HistoryEntry => ({
  date: "2026-11-21T10:00:00.000Z",
  commit: "89304ba53354fd86dcc73759ddde83aa73711107",
  source: "bench",
  initialJsGzipBytes: 100_000,
  initialJsRawBytes: 300_000,
  ...over,
});
const dir = () => mkdtempSync(join(tmpdir(), "cometdesk-history-"));

describe("bench history file", () => {
  it("starts empty when there is no file, and appends entries in order", () => {
    const path = join(dir(), "h.json");
    expect(readHistory(path).entries).toEqual([]);
    appendHistory(path, entry());
    appendHistory(path, entry({ commit: "abcdef1", initialJsGzipBytes: 90_000 }));
    expect(readHistory(path).entries.map((e) => e.commit)).toEqual(["89304ba53354fd86dcc73759ddde83aa73711107", "abcdef1"]);
  });

  it("sets a file that is not JSON aside, says so, and keeps its bytes", () => {
    const d = dir();
    const path = join(d, "h.json");
    writeFileSync(path, "{\"version\": 1, \"entries\": [");
    const read = appendHistory(path, entry(), new Date("2026-11-21T12:00:00Z"));
    expect(read.problem).toMatch(/not JSON/);
    expect(read.entries).toHaveLength(1);
    const aside = readdirSync(d).find((f) => f.startsWith("h.json.corrupt-"))!;
    expect(readFileSync(join(d, aside), "utf8")).toBe("{\"version\": 1, \"entries\": [");
  });

  it("refuses entries of the wrong shape: a negative size, a commit that is not hex, an extra field", () => {
    for (const bad of [{ initialJsGzipBytes: -1 }, { commit: "main; rm -rf" }, { extra: 1 }]) {
      const path = join(dir(), "h.json");
      writeFileSync(path, JSON.stringify({ version: 1, entries: [{ ...entry(), ...bad }] }));
      const read = readHistory(path);
      expect(read.problem).toMatch(/expected shape/);
      expect(existsSync(path)).toBe(false);
    }
    expect(() => appendHistory(join(dir(), "h.json"), { ...entry(), initialJsGzipBytes: 1.5 })).toThrow();
  });

  it("renders the trend oldest first with the change from the entry before", () => {
    const table = renderTrend([entry({ initialJsGzipBytes: 102_400 }), entry({ commit: "abcdef1", initialJsGzipBytes: 81_920, source: "docs" })]);
    const lines = table.split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain("| 100.0 |");
    expect(lines[3]).toContain("`abcdef1` | 80.0 | −20.0 | read from docs/benchmarks.md");
  });
});
