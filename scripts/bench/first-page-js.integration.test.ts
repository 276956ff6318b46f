/**
 * The first page's JavaScript budget, read from the production build the integration tier
 * starts with (scripts/test.ts builds the renderer first), without a browser: the chunks the
 * `firstscreen` bench saw the first-run window ask for before its welcome. The bench measures
 * what the page really asks for; this catches a chunk of that list outgrowing the budget.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../devnet/lib/layout.js";
import { loadUnits } from "./chunk-graph.js";
import { FIRST_PAGE_JS_BUDGET_BYTES, FIRST_RUN_UNITS, firstRunScripts, sizeScripts, withinBudget } from "./first-page-js.js";

const dist = join(repoRoot, "dist", "renderer");

describe("the first page's JavaScript", () => {
  it("fits its budget: the window's first scripts, the bridge's chunks, the route's page and the first-run chunk, gzip -9", () => {
    expect(existsSync(join(dist, "index.html")), "dist/renderer is missing: run `npx tsx scripts/build.ts renderer` first (npm test does)").toBe(true);
    // Every unit must still exist, or the sum would shrink because a chunk was renamed.
    expect(loadUnits(dist).map((u) => u.name)).toEqual(expect.arrayContaining([...FIRST_RUN_UNITS]));
    const budget = withinBudget(sizeScripts(dist, firstRunScripts(dist)), FIRST_PAGE_JS_BUDGET_BYTES);
    expect(budget.gzip, `${budget.gzip} bytes gzip -9 against a budget of ${FIRST_PAGE_JS_BUDGET_BYTES} (docs/benchmarks.md, "First actionable screen")`).toBeLessThanOrEqual(FIRST_PAGE_JS_BUDGET_BYTES);
  });
});
