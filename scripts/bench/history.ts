/**
 * docs/bench-history.json: one entry per bundle measurement, so docs/benchmarks.md can show the
 * initial JavaScript's trend. The file is read as hostile input (zod); a file that does not parse
 * is renamed aside and reported, never silently replaced.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { z } from "zod";

export const HistoryEntry = z.strictObject({
  date: z.iso.datetime({ offset: true }),
  commit: z.string().regex(/^[0-9a-f]{7,40}$/),
  /** "bench": measured by `npm run bench`; "docs": read back from docs/benchmarks.md at that commit. */
  source: z.enum(["bench", "docs"]),
  initialJsGzipBytes: z.number().int().nonnegative(),
  initialJsRawBytes: z.number().int().nonnegative(),
  lazyJsGzipBytes: z.number().int().nonnegative().optional(),
  note: z.string().max(300).optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

const HistoryFile = z.strictObject({ version: z.literal(1), entries: z.array(HistoryEntry).max(10_000) });

export interface HistoryRead {
  readonly entries: readonly HistoryEntry[];
  /** Set when the file was damaged: what was wrong and where it was moved. */
  readonly problem?: string;
}

/** The history; a missing file is an empty one, a damaged one is set aside and reported. */
export function readHistory(path: string, now = new Date()): HistoryRead {
  if (!existsSync(path)) return { entries: [] };
  const text = readFileSync(path, "utf8");
  let parsed: z.ZodSafeParseResult<z.infer<typeof HistoryFile>>;
  try {
    parsed = HistoryFile.safeParse(JSON.parse(text));
  } catch (error) {
    return setAside(path, now, `it is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!parsed.success) return setAside(path, now, `it does not match the expected shape (${parsed.error.issues[0]?.path.join(".") ?? ""}: ${parsed.error.issues[0]?.message ?? ""})`);
  return { entries: parsed.data.entries };
}

function setAside(path: string, now: Date, why: string): HistoryRead {
  const aside = `${path}.corrupt-${now.toISOString().replaceAll(":", "-")}`;
  renameSync(path, aside);
  return { entries: [], problem: `${path} could not be read: ${why}. It was moved to ${aside}; the history starts again from this run.` };
}

/** Appends one entry (read, validate, write to a temporary file and rename over). */
export function appendHistory(path: string, entry: HistoryEntry, now = new Date()): HistoryRead {
  const read = readHistory(path, now);
  const entries = [...read.entries, HistoryEntry.parse(entry)];
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ version: 1, entries }, null, 2)}\n`);
  renameSync(tmp, path);
  return { entries, problem: read.problem };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** The last `limit` entries as a markdown table, oldest first, with the change from the one before. */
export function renderTrend(entries: readonly HistoryEntry[], limit = 12): string {
  const shown = entries.slice(-limit);
  const first = entries.length - shown.length;
  const rows = shown.map((e, i) => {
    const prev = entries[first + i - 1];
    const delta = prev ? e.initialJsGzipBytes - prev.initialJsGzipBytes : undefined;
    const change = delta === undefined ? "" : `${delta >= 0 ? "+" : "−"}${kib(Math.abs(delta))}`;
    return `| ${e.date.slice(0, 16).replace("T", " ")} | \`${e.commit.slice(0, 7)}\` | ${kib(e.initialJsGzipBytes)} | ${change} | ${e.source === "docs" ? "read from docs/benchmarks.md" : "measured"}${e.note ? `: ${e.note.replaceAll("|", "/")}` : ""} |`;
  });
  return ["| date (UTC) | commit | initial JS gzipped (KiB) | change (KiB) | source |", "|---|---|---:|---:|---|", ...rows].join("\n");
}
