/**
 * The layout table of docs/contributing.md against the repository's top-level folders:
 * `scripts/doc-layout.test.ts` fails when a folder with code is missing from it, so a new
 * top-level folder is described where a contributor looks first.
 */
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs";
import { join } from "node:path";

/** Files that are code: the project's languages, and any file that starts with `#!` (`.ci/run`). */
const CODE_FILE = /\.(ts|tsx|js|mjs|cjs|go)$/;

/** The top-level folders the first column of the table under `heading` names (`shared/cosmos/` counts as `shared`). */
export function layoutFolders(markdown: string, heading = "## Layout"): string[] {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no "${heading}" section`);
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(/\n#{1,2} /);
  const section = end < 0 ? rest : rest.slice(0, end);
  const named = section
    .split("\n")
    .filter((l) => /^\|\s*`/.test(l))
    .flatMap((l) => [...l.split("|")[1]!.matchAll(/`([^`\s]+)\/`/g)].map((m) => m[1]!.split("/")[0]!));
  return [...new Set(named)];
}

/** Whether a top-level name matches one line of a .gitignore (the simple forms: `name`, `name/`, `/name`, with `*`). */
function ignoredBy(name: string, pattern: string): boolean {
  const p = pattern.trim().replace(/^\//, "").replace(/\/$/, "");
  if (p === "" || p.startsWith("#") || p.startsWith("!") || p.includes("/")) return false;
  return new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`).test(name);
}

function startsWithShebang(path: string): boolean {
  const fd = openSync(path, "r");
  try {
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && head.toString() === "#!";
  } finally {
    closeSync(fd);
  }
}

function holdsCode(dir: string): boolean {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && holdsCode(path)) return true;
    } else if (entry.isFile() && (CODE_FILE.test(entry.name) || (!entry.name.includes(".") && startsWithShebang(path)))) {
      return true;
    }
  }
  return false;
}

/** The top-level folders of `root` that hold code, leaving out `.git`, node_modules and what the root .gitignore ignores (build output, devnet state). */
export function codeFolders(root: string): string[] {
  const gitignore = existsSync(join(root, ".gitignore")) ? readFileSync(join(root, ".gitignore"), "utf8").split("\n") : [];
  return readdirSync(root)
    .filter((name) => name !== ".git" && name !== "node_modules" && statSync(join(root, name)).isDirectory())
    .filter((name) => !gitignore.some((pattern) => ignoredBy(name, pattern)))
    .filter((name) => holdsCode(join(root, name)))
    .sort();
}
