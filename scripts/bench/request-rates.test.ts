import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_RATE_PER_SECOND } from "../../shared/net/request-budget.js";
import { budgetOf, DEFAULT_BUDGET_PER_MINUTE, FIRST_WINDOW_BUDGET, firstWindow, OTHER_PAGE_BUDGET, PAGE_BUDGETS, pageRate, rateTable, readRun, type RequestRun, saveRun, withinBudget } from "./request-rates.js";

const dir = mkdtempSync(join(tmpdir(), "cometdesk-request-rates-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const counts = { requests: 130, refused: 0, batchItems: 40, websockets: 0, byRoute: { status: 20, consensus_state: 100, block: 20 } };
const run = (pages: RequestRun["pages"]): RequestRun => ({ commit: "abc1234", date: "2026-11-29 03:00", load: 1.2, settleS: 10, windowS: 30, blocksPerMinute: 120, pages });

describe("requests per page", () => {
  it("holds the same budget as the app's default", () => {
    expect(DEFAULT_BUDGET_PER_MINUTE).toBe(DEFAULT_RATE_PER_SECOND * 60);
  });

  it("scales a window's counts to a minute and names the routes asked most", () => {
    const rate = pageRate("consensus", "Consensus", counts, 15, 2);
    expect(pageRate("consensus", "Consensus", counts, 15).topRoutes.map(([r]) => r)).toEqual(["consensus_state", "block", "status"]);
    expect(rate).toMatchObject({ requestsPerMinute: 520, batchItemsPerMinute: 160, refusedPerMinute: 0 });
    // Ties are broken by name, so the table does not change between equal runs.
    expect(rate.topRoutes).toEqual([["consensus_state", 400], ["block", 80]]);
  });

  it("puts a saved run beside this one, page by page, each figure over its budget in bold", () => {
    const path = join(dir, "before.json");
    saveRun(path, run([{ ...pageRate("consensus", "Consensus", counts, 15), first: firstWindow({ ...counts, requests: 100 }) }]));
    const after = run([
      { ...pageRate("consensus", "Consensus", { ...counts, requests: 60, byRoute: { status: 60 } }, 30), first: firstWindow({ ...counts, requests: 50, byRoute: { status: 30, block: 20 } }) },
      pageRate("watch", "Watch", counts, 30),
    ]);
    const table = rateTable(after, readRun(path)).split("\n");
    expect(table[2]).toBe(`| Consensus (\`#/consensus\`) | **100** | **520** | 50 | 120 | ${budgetOf("consensus")} | yes | 80 | \`status\` 30, \`block\` 20 | \`consensus_state\` 400, \`block\` 80, \`status\` 80 | \`status\` 120 |`);
    // A page the earlier run did not have is a dash there.
    expect(table[3]).toMatch(/^\| Watch \(`#\/watch`\) \| — \| — \| — \| \*\*260\*\* \| 240 \| \*\*no\*\* \|/);
  });

  it("gives each page a budget inside the default, and fails a page over it in either window", () => {
    for (const budget of [...Object.values(PAGE_BUDGETS), OTHER_PAGE_BUDGET]) expect(budget).toBeLessThanOrEqual(DEFAULT_BUDGET_PER_MINUTE);
    expect(budgetOf("no-such-page")).toBe(OTHER_PAGE_BUDGET);
    const at = (perMinute: number, first?: number) => ({ ...pageRate("validators", "Validators", { ...counts, requests: perMinute / 2 }, 30), ...(first === undefined ? {} : { first: { requests: first, routes: [] } }) });
    expect(withinBudget(at(budgetOf("validators")))).toBe(true);
    expect(withinBudget(at(budgetOf("validators") + 2))).toBe(false);
    expect(withinBudget(at(100, FIRST_WINDOW_BUDGET))).toBe(true);
    expect(withinBudget(at(100, FIRST_WINDOW_BUDGET + 1))).toBe(false);
    // Bold in the table too, against the page's own budget rather than the default.
    expect(rateTable(run([at(budgetOf("validators") + 2)]))).toContain(`| **${budgetOf("validators") + 2}** | ${budgetOf("validators")} | **no** |`);
    // Held to another budget (the default, through a node without websockets), the same figure is inside it.
    expect(withinBudget(at(budgetOf("validators") + 2), () => DEFAULT_BUDGET_PER_MINUTE)).toBe(true);
    expect(rateTable(run([at(budgetOf("validators") + 2)]), undefined, () => DEFAULT_BUDGET_PER_MINUTE)).toContain(`| ${budgetOf("validators") + 2} | ${DEFAULT_BUDGET_PER_MINUTE} | yes |`);
  });

  it("refuses a saved file that is not a run, naming it", () => {
    const path = join(dir, "other.json");
    writeFileSync(path, JSON.stringify({ commit: "abc1234" }));
    expect(() => readRun(path)).toThrow(/other\.json is not a requests run/);
    expect(() => readRun(join(dir, "missing.json"))).toThrow(/no such file/);
  });
});
