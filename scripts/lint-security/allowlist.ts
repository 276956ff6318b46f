import { z } from "zod";

/** One Electronegativity finding; `file` is empty for the tool's global checks. */
export interface Finding {
  readonly check: string;
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

/** An explained finding: which check, in which file ("" for global), and why it is acceptable. */
export const AllowlistSchema = z.array(
  z.strictObject({
    check: z.string().regex(/^[A-Z_]+$/),
    file: z.string(),
    reason: z.string().min(20, "say why the finding is acceptable"),
  }),
);
export type AllowEntry = z.infer<typeof AllowlistSchema>[number];

/** Splits findings into explained and unexplained, and names allowlist entries that match nothing. */
export function matchFindings(findings: readonly Finding[], allowlist: unknown): { explained: Finding[]; unexplained: Finding[]; unused: AllowEntry[] } {
  const entries = AllowlistSchema.parse(allowlist ?? []);
  const used = new Set<AllowEntry>();
  const explained: Finding[] = [];
  const unexplained: Finding[] = [];
  for (const f of findings) {
    const entry = entries.find((e) => e.check === f.check && e.file === f.file);
    if (entry) {
      used.add(entry);
      explained.push(f);
    } else {
      unexplained.push(f);
    }
  }
  return { explained, unexplained, unused: entries.filter((e) => !used.has(e)) };
}
