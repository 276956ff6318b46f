/**
 * docs/benchmarks.md is written section by section: a run of some benchmarks replaces their
 * top-level sections and their rows of the goals table, and keeps everything else.
 */

/** Replaces the top-level `# heading` section (up to the next `# `), or appends it. */
export function replaceSection(doc: string, heading: string, section: string): string {
  const body = section.endsWith("\n") ? section : `${section}\n`;
  const lines = doc.split("\n");
  const start = lines.findIndex((l) => l === `# ${heading}`);
  if (start === -1) return `${doc.trimEnd()}${doc.trim() ? "\n\n" : ""}${body}`;
  let end = lines.findIndex((l, i) => i > start && /^# /.test(l));
  if (end === -1) end = lines.length;
  const before = lines.slice(0, start).join("\n");
  const after = lines.slice(end).join("\n");
  return `${before}${before ? "\n" : ""}${body}${after ? `\n${after}` : ""}`;
}

/** One goal of one section, as the goals table shows it. */
export interface GoalRow {
  readonly section: string;
  readonly goal: string;
  readonly measured: string;
  readonly met: boolean;
  /** When and where it was measured, e.g. "2026-11-21, abc1234". */
  readonly run: string;
}

const HEADER = "| section | goal | measured | met | measured on |";
// Table cells cannot hold a pipe; a goal's text never needs one.
const cell = (s: string) => s.replaceAll("|", "/");

/** The goals table's rows already in the document. */
export function readGoalRows(doc: string): GoalRow[] {
  const lines = doc.split("\n");
  const at = lines.indexOf(HEADER);
  if (at === -1) return [];
  const rows: GoalRow[] = [];
  for (const line of lines.slice(at + 2)) {
    if (!line.startsWith("|")) break;
    const c = line.split("|").slice(1, -1).map((s) => s.trim());
    if (c.length !== 5) continue;
    rows.push({ section: c[0]!, goal: c[1]!, measured: c[2]!, met: c[3] === "yes", run: c[4]! });
  }
  return rows;
}

/** The rows of sections that ran replace theirs; other sections' rows stay as they were. */
export function mergeGoalRows(existing: readonly GoalRow[], ran: readonly string[], fresh: readonly GoalRow[]): GoalRow[] {
  return [...existing.filter((r) => !ran.includes(r.section)), ...fresh];
}

/** The goals table in markdown. */
export function renderGoalTable(rows: readonly GoalRow[]): string {
  return [HEADER, "|---|---|---|---|---|", ...rows.map((r) => `| ${cell(r.section)} | ${cell(r.goal)} | ${cell(r.measured)} | ${r.met ? "yes" : "**no**"} | ${cell(r.run)} |`)].join("\n");
}
