/**
 * Requests per minute per page, through one public endpoint: the app's real services in browser
 * mode on a network whose only endpoint is a counting proxy in front of the bench's node (direct
 * mode, no access service), as a user of a public RPC node runs it, with the watch following the
 * devnet's validator. Each page of the navigation is opened in a fresh window and the proxy's HTTP
 * requests counted in its first 10 s and then over a fixed window, each against the page's budget;
 * main with no window open is counted first. Only the proxy counts are used, so the same
 * files also measure code from before the app counted its own requests (`--save`, `--before`).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Browser } from "playwright-core";
import { repoRoot } from "../../devnet/lib/layout.js";
import { type RateLimitProxy, startRateLimitProxy } from "../../devnet/test/rate-limit-proxy.js";
import { launchChromium } from "../../e2e/support/browser.js";
import { type BrowserMode, startBrowserMode } from "../../electron/bridge/browser-mode.js";
import { createServices } from "../../electron/services/create-services.js";
import { networkMethods } from "../../shared/contract/network.js";
import { currentCommit, load1 } from "./machine.js";
import { budgetOf, busiest, DEFAULT_BUDGET_PER_MINUTE, FIRST_WINDOW_BUDGET, FIRST_WINDOW_S, firstWindow, type PageRate, pageRate, rateTable, readRun, type RequestRun, saveRun, withinBudget } from "./request-rates.js";
import type { Goal, Section } from "./section.js";
import type { BenchWorld } from "./world.js";

export interface RequestsOptions {
  /** Seconds main is left with no window open before it is counted (the watch's first reads are not). */
  readonly settleS: number;
  /** Seconds counted per page; the counts are scaled to a minute. */
  readonly windowS: number;
  /** Only these routes (the quick variant); all of the navigation's pages by default. */
  readonly routes?: readonly string[];
  /** Where to write this run's figures as JSON, for a later `--before`. */
  readonly save?: string;
  /** Another run's figures (`--save` on another checkout, done by the time this run ends), shown beside this run's. */
  readonly before?: string;
  /**
   * The proxy refuses websockets, as many public nodes do: main's feed polls for blocks and the
   * Consensus page polls the round state. A section of its own (`requests-polling`).
   */
  readonly refuseWebsockets?: boolean;
}

/**
 * Through a node that refuses websockets, main follows by polling and the watch reads each block
 * (no frames), so the pages are held to the default budget alone, not to their own budgets,
 * which are for the websocket a node offers by default.
 */
const defaultBudget = () => DEFAULT_BUDGET_PER_MINUTE;

const VIEWPORT = { width: 1280, height: 800 };

/** A devnet.json whose one node is the proxy and which names no access service: "Local devnet" in direct mode. */
function proxiedDevnetJson(w: BenchWorld, proxy: RateLimitProxy, dir: string): string {
  // `access` undefined is left out of the JSON: the network reads straight from its node.
  const info = { ...w.info, nodes: [{ ...w.info.nodes[0]!, rpc: proxy.url }], access: undefined };
  const path = join(dir, "devnet.json");
  writeFileSync(path, JSON.stringify(info));
  return path;
}

/** The navigation's pages as the renderer lists them: each link of the sidebar, in its order. */
async function navigationPages(browser: Browser, mode: BrowserMode): Promise<Array<{ route: string; label: string }>> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(mode.link(""));
    await page.waitForSelector("nav.sidenav a", { timeout: 60_000 });
    const links = await page.$$eval("nav.sidenav a", (as) => as.map((a) => ({ href: a.getAttribute("href") ?? "", label: (a.textContent ?? "").trim() })));
    return links.filter((l) => l.href.startsWith("#/")).map((l) => ({ route: l.href.slice(2), label: l.label }));
  } finally {
    await context.close();
  }
}

/** The node's height, asked of it directly (not through the proxy, which would count it). */
async function height(rpc: string): Promise<{ height: number; at: number }> {
  const answer = (await (await fetch(`${rpc}/status`)).json()) as { result: { sync_info: { latest_block_height: string } } };
  return { height: Number(answer.result.sync_info.latest_block_height), at: performance.now() };
}

/** The bench devnet's validator, as CometBFT names it (upper-case hex), asked of the node directly. */
async function validatorHex(rpc: string): Promise<string> {
  const body = (await (await fetch(`${rpc}/status`)).json()) as { result: { validator_info: { address: string } } };
  return body.result.validator_info.address.toUpperCase();
}

/** The proxy's counts over `windowS`, scaled by the time that really passed. */
async function countWindow(proxy: RateLimitProxy, route: string, label: string, windowS: number): Promise<PageRate> {
  proxy.reset();
  const start = performance.now();
  await sleep(windowS * 1000);
  const counts = proxy.stats();
  return pageRate(route, label, counts, (performance.now() - start) / 1000);
}

export function requestsSection(o: RequestsOptions): Section {
  return {
    id: o.refuseWebsockets ? "requests-polling" : "requests",
    heading: `Requests per minute per page, through one public endpoint${o.refuseWebsockets ? " that refuses websockets" : ""}`,
    async run(ctx) {
      const w = await ctx.world();
      const loadStart = load1();
      const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-bench-requests-"));
      const proxy = await startRateLimitProxy(w.rpc, { kind: "pass" });
      proxy.refuseWebsockets(o.refuseWebsockets === true);
      const services = await createServices({ dataDir, tokenStore: { kind: "memory" }, devnetJsonPath: proxiedDevnetJson(w, proxy, dataDir), bridge: true });
      const pages: PageRate[] = [];
      let blocksPerMinute: number;
      let mode: BrowserMode | undefined;
      let browser: Browser | undefined;
      try {
        services.start();
        const listed = await services.dispatcher.dispatch("network.list", {});
        if (!listed.ok) throw new Error(`network.list: ${listed.error.message}`);
        const { networks, selectedId } = networkMethods.list.result.parse(listed.value);
        const selected = networks.find((n) => n.id === selectedId);
        if (!selected || selected.rpcVia !== "direct" || selected.accessUrl !== null || selected.rpcUrls.join(" ") !== proxy.url) {
          throw new Error(`the selected network must read through the proxy alone; it is ${JSON.stringify(selected)}`);
        }
        // A seeded account, so the wallet's pages have balances, delegations and transactions to show.
        const imported = await services.dispatcher.dispatch("wallet.import", { mnemonic: w.info.accounts[0]!.mnemonic, password: "bench requests password" });
        if (!imported.ok) throw new Error(`wallet.import: ${imported.error.message}`);
        // The default auto-lock (10 min) would lock the wallet midway through the pages: later windows would show the gate.
        const kept = await services.dispatcher.dispatch("settings.update", { autoLockMinutes: 24 * 60 });
        if (!kept.ok) throw new Error(`settings.update: ${kept.error.message}`);
        // The watch following the devnet's validator, as an operator has it: its reads go through the proxy too.
        const watched = await services.dispatcher.dispatch("watch.addValidator", { networkId: selected.id, address: await validatorHex(w.rpc) });
        if (!watched.ok) throw new Error(`watch.addValidator: ${watched.error.message}`);
        const following = await services.dispatcher.dispatch("watch.networks", {});
        const followed = following.ok ? (following.value as { networks: Array<{ networkId: string }> }).networks : [];
        if (!followed.some((f) => f.networkId === selected.id)) throw new Error(`the watch does not follow ${selected.id}: ${JSON.stringify(following)}`);
        mode = await startBrowserMode({ dispatcher: services.dispatcher, events: services.events, rendererDir: join(repoRoot, "dist", "renderer") });
        browser = await launchChromium({ record: false });
        const routes = (await navigationPages(browser, mode)).filter((p) => !o.routes || o.routes.includes(p.route));
        if (routes.length === 0) throw new Error("the sidebar lists none of the pages asked for");

        // Main alone first: its own loops (the block feed) are in every page's figure too.
        await sleep(o.settleS * 1000);
        const start = await height(w.rpc);
        pages.push(await countWindow(proxy, "", "no window open (main alone)", o.windowS));
        console.log(`requests: main alone, ${pages[0]!.requestsPerMinute}/min`);
        for (const { route, label } of routes) {
          const context = await browser.newContext({ viewport: VIEWPORT });
          try {
            const page = await context.newPage();
            // The first 10 s: what opening the page costs, its first reads and main's for the window.
            proxy.reset();
            const opened = performance.now();
            await page.goto(mode.link(route));
            // A page that does not show still asks what it asks: counted, and said in its row.
            const shown = await page.waitForSelector(`nav.sidenav a[href="#/${route}"][aria-current="page"]`, { state: "attached", timeout: FIRST_WINDOW_S * 1000 }).then(() => true, () => false);
            await sleep(Math.max(0, FIRST_WINDOW_S * 1000 - (performance.now() - opened)));
            const first = firstWindow(proxy.stats());
            const rate = { ...(await countWindow(proxy, route, shown ? label : `${label} (not shown after ${FIRST_WINDOW_S} s)`, o.windowS)), first };
            pages.push(rate);
            console.log(`requests: ${label}, first ${FIRST_WINDOW_S} s ${first.requests}, then ${rate.requestsPerMinute}/min of ${o.refuseWebsockets ? DEFAULT_BUDGET_PER_MINUTE : budgetOf(route)} (${rate.batchItemsPerMinute} batch items/min; ${rate.topRoutes.map(([r, n]) => `${r} ${n}`).join(", ")})`);
          } finally {
            await context.close();
          }
        }
        const last = await height(w.rpc);
        blocksPerMinute = Math.round(((last.height - start.height) * 60_000) / (last.at - start.at));
      } finally {
        await browser?.close();
        await mode?.close();
        await services.close();
        await proxy.close();
        rmSync(dataDir, { recursive: true, force: true });
      }

      // Read only now, so the other checkout's run may go on beside this one and finish first.
      const before = o.before ? readRun(o.before) : undefined;
      const commit = currentCommit();
      const budget = o.refuseWebsockets ? defaultBudget : budgetOf;
      const run: RequestRun = { commit: `${commit.sha.slice(0, 7)}${commit.dirty ? "+changes" : ""}`, date: new Date().toISOString().slice(0, 16).replace("T", " "), load: loadStart, settleS: o.settleS, windowS: o.windowS, blocksPerMinute, pages };
      if (o.save) saveRun(o.save, run);
      const table = rateTable(run, before, budget);
      console.log(table);
      const worst = busiest({ ...run, pages: pages.filter((p) => p.route) });
      const worstBefore = before ? busiest({ ...before, pages: before.pages.filter((p) => p.route) }) : undefined;
      const over = pages.filter((p) => !withinBudget(p, budget));
      const refused = pages.reduce((n, p) => n + p.refusedPerMinute, 0);
      const goals: Goal[] = worst
        ? [{
            goal: o.refuseWebsockets
              ? `every page that reads the head inside the default budget with the watch running, through a node that refuses websockets: ≤ ${FIRST_WINDOW_BUDGET} requests in its first ${FIRST_WINDOW_S} s, and ≤ ${DEFAULT_BUDGET_PER_MINUTE} a minute after`
              : `every page inside its budget with the watch running: ≤ ${FIRST_WINDOW_BUDGET} requests in its first ${FIRST_WINDOW_S} s, and per minute after ≤ its own budget (each ≤ ${DEFAULT_BUDGET_PER_MINUTE}, the default 8/s)`,
            measured: `busiest ${worst.label} ${worst.requestsPerMinute.toFixed(0)}/min of ${budget(worst.route)}${worstBefore ? ` (before: ${worstBefore.label} ${worstBefore.requestsPerMinute.toFixed(0)}/min)` : ""}${over.length ? `; over: ${over.map((p) => p.label).join(", ")}` : ""}`,
            met: over.length === 0,
          }]
        : [];
      const beforeText = before
        ? `\n*Before* is the same bench on another checkout (\`${before.commit}\`, the bench's files copied
into it and run with \`--save\`, beside this run on a devnet of its own), measured ${before.date} UTC at a
load average of ${before.load.toFixed(2)}; *after* is this commit. Both columns are in bold against this
commit's budgets.\n`
        : "";
      const body = `The app's real services (\`createServices\`, the wallet unlocked with a seeded devnet account) in
browser mode, on a network whose only endpoint is a counting proxy (\`devnet/test/rate-limit-proxy.ts\`,
passing everything) in front of the bench's node: the "Local devnet" network in direct mode, with
no access service, selected. That is the app as a user of one public RPC node runs it, with the watch
following the devnet's validator (\`watch.addValidator\` on that network: its reads go through the
proxy too). Each page of the sidebar, as the renderer lists it, opens in a fresh headless Chromium
window; the proxy's HTTP requests are counted in its first ${FIRST_WINDOW_S} s (what opening it costs), then for
${o.windowS} s and scaled to a minute (per minute after); the window is closed before the next page opens. A JSON-RPC batch is one
request, its items counted beside it; a route is a GET's path or a POST's method, each item of a
batch counted. Main with no window open is counted first, after ${o.settleS} s: its own loops and the watch's are in every
page's figure. ${o.refuseWebsockets
  ? `Each page's budget per minute after is the default request budget of one endpoint, ${DEFAULT_BUDGET_PER_MINUTE} a minute (8 a second): without
frames main follows by polling and the watch reads each block's commit and evidence, which the pages' own budgets
(\`PAGE_BUDGETS\` in \`scripts/bench/request-rates.ts\`, for a node with its websocket) leave out`
  : `Each page has a budget (\`PAGE_BUDGETS\` in \`scripts/bench/request-rates.ts\`): per minute after,
its own figure, each under the default request budget of one endpoint, ${DEFAULT_BUDGET_PER_MINUTE} a minute (8 a second)`}; in
its first ${FIRST_WINDOW_S} s, ${FIRST_WINDOW_BUDGET} (the default rate for ${FIRST_WINDOW_S} s and the bucket's burst of one second).
A figure over its budget is in bold. The devnet made ${blocksPerMinute} blocks a minute over the run${before ? ` (${before.blocksPerMinute} in the run before)` : ""}; a
public chain makes about ten, so main's per-block reads weigh more here than there. One window per
page: figures move by a few requests with where the window falls between blocks.
${beforeText}
${table}

${over.length ? `Over their budget: ${over.map((p) => p.label).join(", ")}.` : `No page is over its budget; the busiest is ${worst?.label ?? "none"} at ${worst?.requestsPerMinute.toFixed(0) ?? "—"} a minute.`}
The proxy refused nothing (pass mode; ${refused.toFixed(0)} refused a minute in all), and
${o.refuseWebsockets
  ? `the proxy refused every websocket (${pages.reduce((n, p) => n + p.websockets, 0)} asked for during the windows): main's feed follows by polling, and the Consensus page polls the round state.`
  : `${pages.reduce((n, p) => n + p.websockets, 0)} websockets were opened during the windows (main's block feed keeps one open from before them).`}

Command: \`${ctx.command}\`
`;
      return { body, goals };
    },
  };
}
