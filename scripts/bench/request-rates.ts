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
  /** The routes asked most, per minute, most first. */
  topRoutes: z.array(z.tuple([z.string().max(200), z.number().nonnegative()])).max(20),
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

/** One window's counts as rates per minute, with its `top` routes. */
export function pageRate(route: string, label: string, counts: ProxyCounts, windowS: number, top = 3): PageRate {
  const perMinute = (n: number) => Math.round((n * 600) / windowS) / 10;
  return {
    route,
    label,
    requestsPerMinute: perMinute(counts.requests),
    batchItemsPerMinute: perMinute(counts.batchItems),
    refusedPerMinute: perMinute(counts.refused),
    websockets: counts.websockets,
    topRoutes: Object.entries(counts.byRoute)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
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
const bold = (n: number | undefined, text: string) => (n !== undefined && n > DEFAULT_BUDGET_PER_MINUTE ? `**${text}**` : text);
const routes = (p: PageRate | undefined) => (p ? p.topRoutes.map(([r, n]) => `\`${r}\` ${n.toFixed(0)}`).join(", ") || "none" : "—");
const pageName = (p: PageRate) => (p.route ? `${p.label} (\`#/${p.route}\`)` : p.label);

/**
 * The table: each page's requests and JSON-RPC items per minute, before and after when `before`
 * is given (its pages matched by route), and the top routes of each. A figure over the budget is bold.
 */
export function rateTable(after: RequestRun, before?: RequestRun): string {
  const find = (route: string) => before?.pages.find((p) => p.route === route);
  if (!before) {
    return [
      "| page | requests/min | JSON-RPC items/min (in batches) | top routes (per min) |",
      "|---|---:|---:|---|",
      ...after.pages.map((p) => `| ${pageName(p)} | ${bold(p.requestsPerMinute, figure(p.requestsPerMinute))} | ${figure(p.batchItemsPerMinute)} | ${routes(p)} |`),
    ].join("\n");
  }
  return [
    "| page | requests/min before | after | JSON-RPC items/min before | after | top routes before (per min) | top routes after (per min) |",
    "|---|---:|---:|---:|---:|---|---|",
    ...after.pages.map((p) => {
      const b = find(p.route);
      return `| ${pageName(p)} | ${bold(b?.requestsPerMinute, figure(b?.requestsPerMinute))} | ${bold(p.requestsPerMinute, figure(p.requestsPerMinute))} | ${figure(b?.batchItemsPerMinute)} | ${figure(p.batchItemsPerMinute)} | ${routes(b)} | ${routes(p)} |`;
    }),
  ].join("\n");
}

/** The page that asked most, of the run's pages. */
export function busiest(run: RequestRun): PageRate | undefined {
  return [...run.pages].sort((a, b) => b.requestsPerMinute - a.requestsPerMinute)[0];
}
