/**
 * `npm run bundle-size`: the renderer's initial JavaScript (every script index.html loads,
 * plus the modules they import statically), gzipped, from a fresh production build. Writes the
 * figure into docs/benchmarks.md under "Renderer".
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
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
const sizes = (files: readonly string[]) =>
  files.reduce((acc, file) => {
    const bytes = readFileSync(join(DIST, file));
    return { raw: acc.raw + bytes.length, gzip: acc.gzip + gzipSync(bytes, { level: 9 }).length };
  }, { raw: 0, gzip: 0 });
const kib = (n: number) => (n / 1024).toFixed(1);
const row = (what: string, files: readonly string[]) => {
  const s = sizes(files);
  return `| ${what} (${files.length} file${files.length === 1 ? "" : "s"}) | ${kib(s.raw)} KiB | ${kib(s.gzip)} KiB |`;
};
const onDemand = readdirSync(join(DIST, "assets")).filter((f) => f.endsWith(".js")).map((f) => join("assets", f)).filter((f) => !seen.has(f));
const line = row("initial JS", [...seen]);
const lazyLine = row("loaded on demand: the bridge client, browser mode only", onDemand);
console.log(`${line}\n${lazyLine}`);

const section = [
  "# Renderer",
  "",
  "The JavaScript the renderer loads before first paint: the scripts `index.html` names and the",
  "chunks they import statically, from a production build (`npm run bundle-size`, gzip level 9).",
  "",
  "| what | raw | gzipped (-9) |",
  "|---|---|---|",
  line,
  lazyLine,
  "",
  "Inside Electron the preload parses every answer against the contract, so the renderer loads",
  "no zod and no schemas; the browser mode (e2e, `npm start` without Electron) loads the bridge",
  "client, which does that parsing, on top.",
  "",
  `Measured ${new Date().toISOString().slice(0, 10)} with Vite ${viteVersion()}, React 19 and @tanstack/react-query 5.`,
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
