/**
 * A page's furniture: the words that make it the page it is (its headings, field labels, legends,
 * column headers, fact names and buttons), read from the DOM when its picture is taken, with the
 * chain's data (numbers, addresses, hashes, and everything inside lists and table bodies) left out.
 *
 * `npm run screenshots` writes each picture's furniture, and the SHA-256 of each PNG, to
 * `docs/images/pages.json`. The e2e tier takes the same pictures of the same fresh chain and
 * compares: a page whose furniture has changed since the committed pictures were taken makes the
 * tier fail, naming the pictures to take again. This is compared as text rather than by a
 * perceptual difference of the pixels, because the pixels of two runs differ by more than the
 * data (fonts' hinting, the block chart's bars, times, heights), so a pixel threshold either
 * flags every run or misses a renamed field; the words of a page are exact, and the check says
 * which ones changed. What it does not see is a change of style alone (a colour, a margin).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { Page } from "playwright-core";
import { z } from "zod";

/** The raw words of the page's furniture, in document order, as the page shows them. */
export async function readFurniture(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const FURNITURE = "h1, h2, h3, h4, h5, h6, label, legend, th, dt, button, summary";
    // Lists, table bodies and alerts hold the chain's data (blocks, delegations, proposals, alerts):
    // how many rows there are, and what they say, is no part of the page's design.
    const DATA = "ul, ol, tbody, [role=list], [role=listitem], [role=row]:not(:has(th)), [role=alert], [role=log], svg";
    return [...document.querySelectorAll<HTMLElement>(FURNITURE)]
      .filter((e) => e.closest(DATA) === null && e.checkVisibility())
      .map((e) => e.getAttribute("aria-label") ?? e.innerText);
  });
}

const ADDRESS = /\b[a-z]{2,}1[02-9ac-hj-np-z]{20,}\b/g;
const HEX = /\b(?:0x)?[0-9A-Fa-f]{16,}\b/g;

/** The furniture as compared: each line's whitespace collapsed, its data replaced by placeholders, empty and repeated lines dropped. */
export function normalizeFurniture(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const line of raw) {
    const words = line.replace(/\s+/g, " ").trim().replace(ADDRESS, "‹address›").replace(HEX, "‹hex›").replace(/\d+/g, "#");
    if (words !== "") seen.add(words);
  }
  return [...seen];
}

/** What changed between the committed furniture and the page's: lines added and lines gone. */
export function furnitureDiff(committed: readonly string[], now: readonly string[]): { readonly added: string[]; readonly gone: string[] } {
  const before = new Set(committed);
  const after = new Set(now);
  return { added: now.filter((l) => !before.has(l)), gone: committed.filter((l) => !after.has(l)) };
}

export const PagesFileSchema = z.object({
  /** What made the file, for a reader who opens it. */
  about: z.string(),
  /** Each picture's furniture, by its file name without `.png`. */
  pages: z.record(z.string().regex(/^[a-z-]+-(light|dark)$/), z.array(z.string().max(300)).max(500)),
  /** The SHA-256 (hex) of each picture, by file name: the pictures and the furniture are of one run. */
  pngs: z.record(z.string().regex(/^[a-z-]+\.png$/), z.string().regex(/^[0-9a-f]{64}$/)),
}).strict();
export type PagesFile = z.infer<typeof PagesFileSchema>;

export const PAGES_FILE = "pages.json";

export const sha256File = (path: string): string => createHash("sha256").update(readFileSync(path)).digest("hex");

/** Reads `dir/pages.json`; throws in words when it is missing or is not one. */
export function readPagesFile(dir: string): PagesFile {
  const path = join(dir, PAGES_FILE);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run screenshots\` to take the pictures and write it`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const parsed = PagesFileSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${path} is not a pages file: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return parsed.data;
}

/** Writes `dir/pages.json` for the pictures just taken: their furniture, and each PNG's hash. */
export function writePagesFile(dir: string, pages: Readonly<Record<string, readonly string[]>>, pngs: readonly string[]): string {
  const file: PagesFile = {
    about: "Written by `npm run screenshots` with the pictures in this folder; the e2e tier fails when a page's furniture no longer matches (scripts/screenshots/furniture.ts).",
    pages: Object.fromEntries(Object.entries(pages).map(([k, v]) => [k, [...v]])),
    pngs: Object.fromEntries(pngs.map((p) => [basename(p), sha256File(p)])),
  };
  const path = join(dir, PAGES_FILE);
  writeFileSync(path, `${JSON.stringify(PagesFileSchema.parse(file), null, 2)}\n`);
  return path;
}

/** The problems of the pictures in `dir` against their pages file: a picture missing, unlisted or changed since the file was written. */
export function picturesProblems(dir: string, file: PagesFile, expected: readonly string[]): string[] {
  const problems: string[] = [];
  for (const name of expected) {
    const hash = file.pngs[name];
    const path = join(dir, name);
    if (hash === undefined) problems.push(`${name} is not in ${PAGES_FILE}: run \`npm run screenshots\``);
    else if (!existsSync(path)) problems.push(`${name} is missing from ${dir}`);
    else if (sha256File(path) !== hash) problems.push(`${name} is not the picture ${PAGES_FILE} was written with: run \`npm run screenshots\` rather than editing a picture by hand`);
    if (file.pages[name.replace(/\.png$/, "")] === undefined) problems.push(`${name}'s page furniture is not in ${PAGES_FILE}`);
  }
  return problems;
}
