/**
 * `npm run bundle-size`: the renderer's initial JavaScript (every script index.html loads,
 * plus the modules they import statically), gzipped, from a fresh production build. Writes the
 * figure into docs/benchmarks.md under "Renderer".
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const DIST = "dist/renderer";
const DOC = "docs/benchmarks.md";
execFileSync("npx", ["tsx", "scripts/build.ts", "renderer"], { stdio: "inherit" });

const html = readFileSync(join(DIST, "index.html"), "utf8");
const entries = [...html.matchAll(/<script[^>]*\bsrc="\/([^"]+)"/g)].map((m) => m[1]!);
const seen = new Set<string>();
const queue = [...entries];
while (queue.length > 0) {
  const file = queue.shift()!;
  if (seen.has(file)) continue;
  seen.add(file);
  // Static imports between chunks load with the page; dynamic import() ones do not.
  for (const m of readFileSync(join(DIST, file), "utf8").matchAll(/\bimport\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) queue.push(join("assets", m[1]!));
}
let raw = 0;
let gzip = 0;
for (const file of seen) {
  const bytes = readFileSync(join(DIST, file));
  raw += bytes.length;
  gzip += gzipSync(bytes, { level: 9 }).length;
}
const kib = (n: number) => (n / 1024).toFixed(1);
const line = `| initial JS (${seen.size} file${seen.size === 1 ? "" : "s"}) | ${kib(raw)} KiB | ${kib(gzip)} KiB gzip -9 |`;
console.log(line);

const section = [
  "# Renderer",
  "",
  "The JavaScript the renderer loads before first paint: the scripts `index.html` names and the",
  "chunks they import statically, from a production build (`npm run bundle-size`, gzip level 9).",
  "",
  "| what | raw | gzipped |",
  "|---|---|---|",
  line,
  "",
  `Measured ${new Date().toISOString().slice(0, 10)} with Vite ${viteVersion()}, React 19, @tanstack/react-query 5 and zod 4 (the contract's schemas parse every answer in the renderer).`,
  "",
].join("\n");
const doc = existsSync(DOC) ? readFileSync(DOC, "utf8") : "# Benchmarks\n\n";
// The section runs to the next top-level heading (other parts keep their own figures here).
const SECTION = /^# Renderer\n[\s\S]*?(?=\n# |(?![\s\S]))/m;
const next = SECTION.test(doc) ? doc.replace(SECTION, section) : `${doc.trimEnd()}\n\n${section}`;
writeFileSync(DOC, next.endsWith("\n") ? next : `${next}\n`);
console.log(`updated ${DOC}`);

function viteVersion(): string {
  return (JSON.parse(readFileSync("node_modules/vite/package.json", "utf8")) as { version: string }).version;
}
