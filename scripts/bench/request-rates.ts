/**
 * The figures of the requests bench (requests.ts): one page's proxy counts over a window, scaled
 * to a minute; a run's figures saved as JSON, so a run on older code can stand beside a run on
 * this one (read back as hostile input, with zod); and the table that compares them.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { z } from "zod";

/**
 * The default request budget of one endpoint, per minute: 60 × `DEFAULT_RATE_PER_SECOND` of
 * shared/net/request-budget.ts. Not imported from there, so that the bench also runs on code from
 * before the budget existed; request-rates.test.ts keeps the two equal.
 */
export const DEFAULT_BUDGET_PER_MINUTE = 480;

/** The first window after a page opens, counted apart: what opening it costs. */
export const FIRST_WINDOW_S = 10;

/**
 * What a page may ask in its first 10 s: the default rate for 10 s plus the bucket's burst of one
 * second (request-budget.ts holds at most `rate` tokens), so a page that stays inside it never
 * waits on main's budget to open.
 */
export const FIRST_WINDOW_BUDGET = 88;

/**
 * Each page's budget, requests a minute after it settled, main's own reads and the watch's
 * included, on the bench's devnet (about 117 blocks a minute, ten times a public chain's, so a
 * read per block weighs ten times more here). Each is under the default budget, with room left
 * for a second window or another network's watch. Main alone: the feed's block reads, the
 * watch's x/slashing reads and the endpoint checks. A page with no read of its own per block
 * (the wallet's, the watch's, settings) has `OTHER_PAGE_BUDGET`. The requests section fails a
 * page over its budget, so a new per-block read shows as a goal missed, not as a slower page.
 */
export const PAGE_BUDGETS: Readonly<Record<string, number>> = {
  "": 200,
  // The newest 20 blocks, peers, mempool count and health, one read each per block.
  dashboard: 320,
  blocks: 320,
  // The set and its names on a change of the set's hash and every 30 s; who signed, from the feed's frames.
  validators: 240,
  // Pending transactions every second and with each block.
  mempool: 360,
  // The round state at most once a second (once a second polled, without a websocket).
  consensus: 300,
  console: 320,
  node: 360,
};

/** The budget of a page not named in `PAGE_BUDGETS`: half the default, main's reads and a few of its own. */
export const OTHER_PAGE_BUDGET = 240;

/** The per-minute budget of `route` (`""` for main alone). */
export const budgetOf = (route: string): number => PAGE_BUDGETS[route] ?? OTHER_PAGE_BUDGET;

/** What the proxy counted over one window (devnet/test/rate-limit-proxy.ts's `stats()`). */
export interface ProxyCounts {
  readonly requests: number;
  readonly refused: number;
  readonly batchItems: number;
  readonly websockets: number;
  readonly byRoute: Readonly<Record<string, number>>;
}

export const PageRate = z.strictObject({
  /** The route (`dashboard`), or `""` for main with no window open. */
  route: z.string().max(64),
  label: z.string().max(80),
  requestsPerMinute: z.number().nonnegative(),
  /** JSON-RPC items sent in batches, per minute (a batch is one request and several items). */
  batchItemsPerMinute: z.number().nonnegative(),
  refusedPerMinute: z.number().nonnegative(),
  websockets: z.number().int().nonnegative(),
  /** The routes asked, per minute, most first (each item of a batch counted). */
  topRoutes: z.array(z.tuple([z.string().max(200), z.number().nonnegative()])).max(40),
  /** The requests in the page's first 10 s, and their routes (counts, not rates); absent in runs made before it was counted. */
  first: z.strictObject({ requests: z.number().int().nonnegative(), routes: z.array(z.tuple([z.string().max(200), z.number().int().nonnegative()])).max(40) }).optional(),
});
export type PageRate = z.infer<typeof PageRate>;

export const RequestRun = z.strictObject({
  commit: z.string().max(60),
  date: z.string().max(40),
  load: z.number().nonnegative(),
  settleS: z.number().positive(),
  windowS: z.number().positive(),
  /** The devnet's blocks per minute over the run: main's own reads follow them. */
  blocksPerMinute: z.number().nonnegative(),
  pages: z.array(PageRate).max(100),
});
export type RequestRun = z.infer<typeof RequestRun>;

const byCount = (byRoute: Readonly<Record<string, number>>) => Object.entries(byRoute).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));

/** The first window's counts as they are, its routes most first. */
export function firstWindow(counts: ProxyCounts): NonNullable<PageRate["first"]> {
  return { requests: counts.requests, routes: byCount(counts.byRoute).slice(0, 40) };
}

/** One window's counts as rates per minute, with its `top` routes. */
export function pageRate(route: string, label: string, counts: ProxyCounts, windowS: number, top = 40): PageRate {
  const perMinute = (n: number) => Math.round((n * 600) / windowS) / 10;
  return {
    route,
    label,
    requestsPerMinute: perMinute(counts.requests),
    batchItemsPerMinute: perMinute(counts.batchItems),
    refusedPerMinute: perMinute(counts.refused),
    websockets: counts.websockets,
    topRoutes: byCount(counts.byRoute)
      .slice(0, top)
      .map(([r, n]): [string, number] => [r, perMinute(n)]),
  };
}

export function saveRun(path: string, run: RequestRun): void {
  writeFileSync(path, `${JSON.stringify(run, null, 2)}\n`);
}

/** An earlier run's figures (`--save` of another checkout); a file that does not parse is an error, said with its path. */
export function readRun(path: string): RequestRun {
  if (!existsSync(path)) throw new Error(`${path}: no such file (write it with --save on the other checkout)`);
  const parsed = RequestRun.safeParse(JSON.parse(readFileSync(path, "utf8")));
  if (!parsed.success) throw new Error(`${path} is not a requests run: ${parsed.error.issues[0]?.path.join(".") ?? ""}: ${parsed.error.issues[0]?.message ?? ""}`);
  return parsed.data;
}

const figure = (n: number | undefined) => (n === undefined ? "—" : n.toFixed(0));
const bold = (n: number | undefined, text: string, budget = DEFAULT_BUDGET_PER_MINUTE) => (n !== undefined && n > budget ? `**${text}**` : text);
const routes = (p: PageRate | undefined) => (p ? p.topRoutes.map(([r, n]) => `\`${r}\` ${n.toFixed(0)}`).join(", ") || "none" : "—");
const firstRoutes = (p: PageRate | undefined) => (p?.first ? p.first.routes.map(([r, n]) => `\`${r}\` ${n}`).join(", ") || "none" : "—");
const pageName = (p: PageRate) => (p.route ? `${p.label} (\`#/${p.route}\`)` : p.label);

/** A page's per-minute budget: `budgetOf`, or the default budget for every page (`() => DEFAULT_BUDGET_PER_MINUTE`). */
export type BudgetOf = (route: string) => number;

/** Whether a page kept to its budgets: per minute after it settled, and in its first 10 s. */
export function withinBudget(p: PageRate, budget: BudgetOf = budgetOf): boolean {
  return p.requestsPerMinute <= budget(p.route) && (!p.first || p.first.requests <= FIRST_WINDOW_BUDGET);
}

/**
 * The table: each page's requests in its first 10 s and per minute after, against its budget,
 * with the routes of each (JSON-RPC methods, batch items counted); when `before` is given, its
 * requests (its pages matched by route) beside them. A figure over its budget is bold.
 */
export function rateTable(after: RequestRun, before?: RequestRun, budget: BudgetOf = budgetOf): string {
  const find = (route: string) => before?.pages.find((p) => p.route === route);
  const b = before !== undefined;
  return [
    `| page |${b ? " first 10 s before | per min before |" : ""} first 10 s | per min after | budget/min | met | JSON-RPC items/min (in batches) | first 10 s by route |${b ? " per min by route before |" : ""} per min by route |`,
    `|---|${b ? "---:|---:|" : ""}---:|---:|---:|---|---:|---|${b ? "---|" : ""}---|`,
    ...after.pages.map((p) => {
      const o = find(p.route);
      const was = b ? ` ${bold(o?.first?.requests, figure(o?.first?.requests), FIRST_WINDOW_BUDGET)} | ${bold(o?.requestsPerMinute, figure(o?.requestsPerMinute), budget(p.route))} |` : "";
      const routesBefore = b ? ` ${routes(o)} |` : "";
      return `| ${pageName(p)} |${was} ${bold(p.first?.requests, figure(p.first?.requests), FIRST_WINDOW_BUDGET)} | ${bold(p.requestsPerMinute, figure(p.requestsPerMinute), budget(p.route))} | ${budget(p.route)} | ${withinBudget(p, budget) ? "yes" : "**no**"} | ${figure(p.batchItemsPerMinute)} | ${firstRoutes(p)} |${routesBefore} ${routes(p)} |`;
    }),
  ].join("\n");
}

/** The page that asked most, of the run's pages. */
export function busiest(run: RequestRun): PageRate | undefined {
  return [...run.pages].sort((a, b) => b.requestsPerMinute - a.requestsPerMinute)[0];
}
