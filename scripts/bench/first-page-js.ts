/**
 * The first page's JavaScript budget: every script the browser mode's window asks for before
 * its first actionable screen (the first-run welcome), gzipped at level 9 as a server would send
 * it. Measured by the `firstscreen` section from the page's own Resource Timing, so a chunk that
 * starts loading earlier than it did (a page preloaded, a library pulled into a first chunk)
 * counts as soon as it does.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { loadUnits } from "./chunk-graph.js";

/**
 * The budget, gzip -9 bytes: the figure measured when it was set (docs/benchmarks.md, "First
 * screen") and a margin of about 2 %, for small fixes that need not argue with it.
 */
export const FIRST_PAGE_JS_BUDGET_BYTES = 144_000;

/** The distinct scripts (paths under the page's origin) a page asked for before `at` ms, in the order asked. */
export function scriptsBefore(resources: ReadonlyArray<{ readonly path: string; readonly start: number }>, at: number): string[] {
  return [...new Set(resources.filter((r) => r.path.endsWith(".js") && r.start < at).sort((a, b) => a.start - b.start).map((r) => r.path))];
}

export interface SizedScript {
  readonly path: string;
  readonly raw: number;
  readonly gzip: number;
}

/** Each script's size as served from `dir` (the folder the renderer server serves), raw and gzip -9. */
export function sizeScripts(dir: string, paths: readonly string[]): SizedScript[] {
  return paths.map((path) => {
    const code = readFileSync(join(dir, path));
    return { path, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
  });
}

/** Whether scripts fit the budget, and by how much they miss or meet it. */
export function withinBudget(scripts: readonly SizedScript[], budget: number): { readonly gzip: number; readonly met: boolean; readonly headroom: number } {
  const gzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
  return { gzip, met: gzip <= budget, headroom: budget - gzip };
}

/**
 * The load units (chunk-graph.ts) the first-run window asks for before the welcome, as the
 * `firstscreen` section measured them on a `#/dashboard` link: the window's first scripts, the
 * bridge's socket and client, the route's page (main.tsx preloads it) and the gate's first-run chunk.
 */
export const FIRST_RUN_UNITS = ["initial", "first-socket", "bridge-api", "DashboardPage", "FirstRun"] as const;

/** The first page's scripts read from a build's chunk graph, without a browser: paths as the page asks for them. */
export function firstRunScripts(dist: string): string[] {
  const units = loadUnits(dist).filter((u) => (FIRST_RUN_UNITS as readonly string[]).includes(u.name));
  return [...new Set(units.flatMap((u) => u.files))].map((file) => `/assets/${file}`);
}

