/**
 * The built renderer's chunks as the browser loads them: what `index.html` loads first, and what
 * each `import()` brings with it (the chunk and its static imports). Used to say which of those
 * loads a given package, from the chunks' source maps.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SourceMap } from "./chunk-contents.js";

// `import{a as b}from"./x.js"`, `import"./x.js"`, `export{…}from"./x.js"`: loaded with the chunk.
const STATIC = /\b(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g;
// `import("./x.js")`: loaded when the code asks for it.
const DYNAMIC = /\bimport\(\s*["']\.\/([^"']+\.js)["']\s*\)/g;

/** The chunk files (under `assets/`) a chunk imports statically. */
export function staticImports(code: string): string[] {
  return [...code.matchAll(STATIC)].map((m) => m[1]!);
}

/** The chunk files (under `assets/`) a chunk loads on demand. */
export function dynamicImports(code: string): string[] {
  return [...code.matchAll(DYNAMIC)].map((m) => m[1]!);
}

/** A file and every chunk it imports statically, as the browser fetches them together. */
export function withStaticImports(start: readonly string[], importsOf: (file: string) => readonly string[]): string[] {
  const queue = [...start];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  return [...seen];
}

/** What loads at once: `initial` (the window's first scripts) or a chunk named by some `import()`, with what comes along. */
export interface LoadUnit {
  readonly name: string;
  readonly files: readonly string[];
}

/** Every load unit of a built renderer (`dist`: the folder holding `index.html` and `assets/`). */
export function loadUnits(dist: string): LoadUnit[] {
  const assets = readdirSync(join(dist, "assets")).filter((f) => f.endsWith(".js"));
  const code = new Map(assets.map((f) => [f, readFileSync(join(dist, "assets", f), "utf8")]));
  const importsOf = (file: string) => staticImports(code.get(file) ?? "");
  const html = readFileSync(join(dist, "index.html"), "utf8");
  // The entry script, and what the page fetches beside it (modulepreload): the bridge's socket chunk.
  const first = [...new Set([...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\brel="modulepreload"[^>]*\bhref)="\/assets\/([^"]+)"/g)].map((m) => m[1]!))];
  const lazy = [...new Set([...code.values()].flatMap(dynamicImports))].sort();
  return [
    { name: "initial", files: withStaticImports(first, importsOf) },
    ...lazy.map((file) => ({ name: stem(file), files: withStaticImports([file], importsOf) })),
  ];
}

/** Whether a chunk carries code of an npm package, from its source map (a chunk without a usable map is said, not guessed). */
export function carries(dist: string, file: string, pkg: string): boolean {
  const map = SourceMap.parse(JSON.parse(readFileSync(join(dist, "assets", `${file}.map`), "utf8")));
  return map.sources.some((source) => source.includes(`node_modules/${pkg}/`));
}

/** The load units that bring a package with them: `["bridge-api"]` for zod when only the browser mode's bridge client needs it. */
export function unitsLoading(dist: string, pkg: string): string[] {
  const carrying = new Map<string, boolean>();
  const has = (file: string) => carrying.get(file) ?? carrying.set(file, carries(dist, file, pkg)).get(file)!;
  return loadUnits(dist).filter((unit) => unit.files.some(has)).map((unit) => unit.name);
}

// "DashboardPage-DgFPdYyQ.js" → "DashboardPage": Rollup names a chunk after its first module.
const stem = (file: string) => file.replace(/-[\w-]{8}\.js$/, "");
