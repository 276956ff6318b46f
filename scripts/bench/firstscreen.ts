/**
 * The first screen: how soon a fresh browser-mode window can be acted on, against the floor of
 * its own bridge. One renderer server and one bridge server (one `startBrowserMode` on the
 * app's real services) serve both the production build and a floor page beside it
 * (`renderer/bench/floor-page.ts`: the app's own socket code opens the bridge with the link's
 * ticket and shows one `chain.status` height, nothing else). Their loads alternate, a fresh
 * Chromium context each, in the gate's three states: first run (no vault), locked, unlocked.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { repoRoot } from "../../devnet/lib/layout.js";
import { launchChromium } from "../../e2e/support/browser.js";
import { startBrowserMode } from "../../electron/bridge/browser-mode.js";
import { createServices } from "../../electron/services/create-services.js";
import { ownedSamples, selfTimeByOwner, sourceMapLookup, type SourceOf } from "./cpu-profile.js";
import { FIRST_PAGE_JS_BUDGET_BYTES, scriptsBefore, sizeScripts, withinBudget } from "./first-page-js.js";
import { COLLECT, observeScript, type PageNotes } from "./firstscreen-observe.js";
import { ownersByStep, type ProfiledLoad, roadTable, roadTo, sessionAt, walletStatusTrip } from "./firstscreen-steps.js";
import type { Goal, Section } from "./section.js";
import { median } from "./stats.js";

type State = "first run" | "locked" | "unlocked";
const STATES: readonly State[] = ["first run", "locked", "unlocked"];
const PASSWORD = "bench password";
const FLOOR_PAGE = "bench-floor.html";

/** The first actionable screen of each state, and when it showed in one load. */
const ACTIONABLE: Record<State, { readonly what: string; readonly at: (n: PageNotes) => number }> = {
  "first run": { what: "welcome (\"Explore without a wallet\")", at: (n) => n.welcome },
  locked: { what: "lock screen's password field", at: (n) => n.lockForm },
  unlocked: { what: "app shell (dashboard page)", at: (n) => n.shell },
};

/** The production build and the floor page in one folder, for one renderer server. */
async function servedDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "cometdesk-bench-firstscreen-"));
  cpSync(join(repoRoot, "dist", "renderer"), dir, { recursive: true });
  await build({
    entryPoints: [join(repoRoot, "renderer/bench/floor-page.ts")],
    bundle: true,
    format: "esm",
    minify: true,
    outfile: join(dir, "bench-floor", "floor.js"),
    logLevel: "warning",
  });
  // Static text, so it paints before its script runs, as the app's loading screen does; no stylesheet.
  writeFileSync(join(dir, FLOOR_PAGE), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title></head><body><main><p>Node height: <output id="floor-height">reading…</output></p></main><script type="module" src="/bench-floor/floor.js"></script></body></html>`);
  return dir;
}

/** One load in a fresh context: the notes, and with `profile` a CPU profile up to the first actionable screen. */
async function load(browser: Browser, url: string, state: State | "floor", profile: boolean): Promise<{ notes: PageNotes; profile?: unknown; navigationStart?: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: observeScript({ clickExplore: state === "first run" && !profile }) });
    const cdp = profile ? await context.newCDPSession(page) : undefined;
    if (cdp) {
      // Navigation start on the profiler's clock (Chromium's monotonic one), to place samples among the page's times.
      await cdp.send("Performance.enable");
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
      await cdp.send("Profiler.start");
    }
    await page.goto(url);
    await until(page, ({ floor: "floorHeight", "first run": "welcome", locked: "lockForm", unlocked: "shell" } as const)[state]);
    const taken = cdp ? (await cdp.send("Profiler.stop")).profile : undefined;
    const metrics = cdp ? (await cdp.send("Performance.getMetrics")).metrics : [];
    const navigationStart = metrics.find((m) => m.name === "NavigationStart")?.value;
    if (!profile && state !== "floor") await toHeight(page, state);
    return { notes: (await page.evaluate(COLLECT)) as PageNotes, profile: taken, navigationStart: navigationStart === undefined ? undefined : navigationStart * 1000 };
  } finally {
    await context.close();
  }
}

/** On to the dashboard's height: the first run's click is the page's own (observeScript); the lock screen is unlocked. */
async function toHeight(page: Page, state: State): Promise<void> {
  if (state === "locked") {
    await page.fill("#unlock-password", PASSWORD);
    await page.press("#unlock-password", "Enter");
  }
  await until(page, "height");
}

// A function, not a string: the page's CSP forbids evaluating strings, which a string predicate needs.
const until = (page: Page, field: keyof PageNotes) =>
  page.waitForFunction((f) => (window as unknown as { __cdBench?: Record<string, unknown> }).__cdBench?.[f] !== undefined, field, { timeout: 60_000 });

interface Phase {
  readonly state: State;
  readonly floor: PageNotes[];
  readonly app: PageNotes[];
  readonly owners: Map<string, number>[];
  readonly profiled: ProfiledLoad[];
}

/**
 * `profile`: after each state's timed loads, as many again of the first-run and locked screens,
 * each with a CPU profile, and the section says where their main thread went.
 */
export function firstScreenSection(o: { profile?: boolean } = {}): Section {
  return {
    id: "firstscreen",
    heading: "First screen",
    async run(ctx) {
      const w = await ctx.world();
      const runs = Math.max(5, ctx.runs);
      const dir = await servedDir();
      const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-bench-firstscreen-data-"));
      const services = await createServices({ dataDir, tokenStore: { kind: "memory" }, devnetJsonPath: w.devnetJsonPath, bridge: true });
      services.start();
      const mode = await startBrowserMode({ dispatcher: services.dispatcher, events: services.events, rendererDir: dir });
      const floorLink = () => {
        const url = new URL(mode.link());
        url.pathname = `/${FLOOR_PAGE}`;
        url.hash = "";
        return url.href;
      };
      const dispatch = async (method: string, args: unknown) => {
        const r = await services.dispatcher.dispatch(method, args);
        if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
      };
      const browser = await launchChromium({ record: false });
      const lookup = sourceMapLookup(dir);
      const phases: Phase[] = [];
      try {
        for (const state of STATES) {
          // The gate's state, set through main as a user's actions would: a vault made (it opens
          // unlocked), then locked; unlocked again for the last state.
          if (state === "locked") {
            await dispatch("wallet.create", { password: PASSWORD, words: 12 });
            await dispatch("wallet.lock", {});
          } else if (state === "unlocked") await dispatch("wallet.unlock", { password: PASSWORD });
          phases.push(await runPhase(browser, state, runs, floorLink, () => mode.link("dashboard"), dispatch, o.profile === true, lookup));
        }
      } finally {
        await browser.close();
        await mode.close();
        await services.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
      // Every load's notes, for a closer look than the section's medians.
      const notesFile = join(tmpdir(), "cometdesk-bench-firstscreen-notes.json");
      writeFileSync(notesFile, JSON.stringify(phases.map((p) => ({ state: p.state, floor: p.floor, app: p.app }))));
      console.log(`firstscreen: every load's notes in ${notesFile}`);
      try {
        return report(phases, runs, dir, ctx.command, o.profile === true);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

async function runPhase(browser: Browser, state: State, runs: number, floorLink: () => string, appLink: () => string, dispatch: (method: string, args: unknown) => Promise<void>, profile: boolean, lookup: SourceOf): Promise<Phase> {
  const phase: Phase = { state, floor: [], app: [], owners: [], profiled: [] };
  for (let run = 0; run <= runs; run++) {
    // Floor and app alternate, and which goes first alternates too.
    const order = run % 2 ? (["app", "floor"] as const) : (["floor", "app"] as const);
    for (const which of order) {
      const { notes } = await load(browser, which === "floor" ? floorLink() : appLink(), which === "floor" ? "floor" : state, false);
      // The unlock from the lock screen opened the vault: locked again for the next load.
      if (which === "app" && state === "locked") await dispatch("wallet.lock", {});
      // The first loads warm the services and Chromium's own start-up: not counted.
      if (run > 0) (which === "floor" ? phase.floor : phase.app).push(notes);
      const at = which === "floor" ? notes.floorHeight : ACTIONABLE[state].at(notes);
      console.log(`firstscreen: ${state}, ${which}, run ${run}/${runs}${run === 0 ? " (warm-up)" : ""}: ${which === "floor" ? "height" : "screen"} at ${at.toFixed(0)} ms, height at ${notes.height.toFixed(0)} ms`);
    }
  }
  // The profiler slows the page: profiled loads of their own, after the timed ones.
  for (let run = 0; profile && state !== "unlocked" && run < runs; run++) {
    const { profile: taken, notes, navigationStart } = await load(browser, appLink(), state, true);
    phase.owners.push(selfTimeByOwner(taken, lookup));
    if (navigationStart !== undefined) phase.profiled.push({ notes, samples: ownedSamples(taken, lookup).map((x) => ({ ...x, at: x.at - navigationStart })) });
  }
  return phase;
}

const ms = (n: number) => (Number.isNaN(n) ? "—" : n.toFixed(0));
const ratio = (x: number, floor: number) => `${(x / floor).toFixed(2)}×`;
const kib = (n: number) => (n / 1024).toFixed(1);

function spread(values: readonly number[]): { med: number; fast: number; slow: number } {
  const v = values.filter((x) => !Number.isNaN(x));
  return { med: median(v), fast: Math.min(...v), slow: Math.max(...v) };
}

function report(phases: readonly Phase[], runs: number, dir: string, command: string, profile: boolean): { body: string; goals: Goal[] } {
  const rows: string[] = [];
  const goals: Goal[] = [];
  const row = (what: string, values: readonly number[], floor: number) => {
    const s = spread(values);
    rows.push(`| ${what} | ${ms(s.med)} | ${ms(s.fast)} | ${ms(s.slow)} | ${Number.isNaN(floor) ? "" : ratio(s.med, floor)} |`);
    return s.med;
  };
  let worstFcp = 0;
  let floorFcpAll = Number.POSITIVE_INFINITY;
  for (const p of phases) {
    const floorHeight = median(p.floor.map((n) => n.floorHeight));
    const floorFcp = median(p.floor.map((n) => n.firstContentfulPaint));
    rows.push(`| **${p.state}** | | | | |`);
    row("floor: first contentful paint", p.floor.map((n) => n.firstContentfulPaint), Number.NaN);
    row("floor: bridge socket open", p.floor.map((n) => n.wsOpen), Number.NaN);
    row("floor: **height shown** (the ratios' 1×)", p.floor.map((n) => n.floorHeight), Number.NaN);
    const fcp = row("app: first contentful paint (index.html's loading screen)", p.app.map((n) => n.firstContentfulPaint), floorFcp);
    row("app: bridge socket open", p.app.map((n) => n.wsOpen), floorHeight);
    row("app: first React render", p.app.map((n) => n.firstRender), floorHeight);
    const screen = row(`app: **${ACTIONABLE[p.state].what}**`, p.app.map(ACTIONABLE[p.state].at), floorHeight);
    const height = row(`app: dashboard's height${p.state === "first run" ? ", from navigation (clicked in the first frame after the welcome)" : p.state === "locked" ? ", from navigation (unlocked by the bench, scrypt included)" : ""}`, p.app.map((n) => n.height), floorHeight);
    if (p.state === "first run") row("app: dashboard's height, from the click", p.app.map((n) => n.height - n.click), Number.NaN);
    if (p.state === "locked") row("app: dashboard's height, from the password's submit", p.app.map((n) => n.height - n.submit), Number.NaN);
    worstFcp = Math.max(worstFcp, fcp);
    floorFcpAll = Math.min(floorFcpAll, floorFcp);
    goals.push({ goal: `${p.state}: first actionable screen (${ACTIONABLE[p.state].what}) ≤ 1.3× the floor's height`, measured: `${ms(screen)} ms against ${ms(floorHeight)} ms (${ratio(screen, floorHeight)})`, met: screen <= 1.3 * floorHeight });
    if (p.state !== "locked") goals.push({ goal: `${p.state}: the dashboard's height ≤ 1.5× the floor's height${p.state === "first run" ? " (from navigation, the click in the first frame after the welcome)" : ""}`, measured: `${ms(height)} ms against ${ms(floorHeight)} ms (${ratio(height, floorHeight)})`, met: height <= 1.5 * floorHeight });
  }
  goals.unshift({ goal: "first contentful paint no later than the floor's, in every state", measured: `${ms(worstFcp)} ms at the latest state's median against the floor's ${ms(floorFcpAll)} ms`, met: worstFcp <= floorFcpAll });

  const firstRun = phases.find((p) => p.state === "first run")!;
  const lists = firstRun.app.map((n) => sizeScripts(dir, scriptsBefore(n.resources, n.welcome)));
  const largest = lists.reduce((a, b) => (withinBudget(b, 0).gzip > withinBudget(a, 0).gzip ? b : a));
  const budget = withinBudget(largest, FIRST_PAGE_JS_BUDGET_BYTES);
  const stem = (path: string) => path.replace(/^\/assets\//, "").replace(/-[\w-]{8}\.js$/, "");
  goals.push({ goal: `JS asked for before the first-run welcome ≤ ${kib(FIRST_PAGE_JS_BUDGET_BYTES)} KiB gzip -9 (a budget: the run fails past it)`, measured: `${kib(budget.gzip)} KiB in ${largest.length} files`, met: budget.met, check: true });

  const locked = phases.find((p) => p.state === "locked")!;
  const trips = (p: Phase) => ms(median(p.app.map(walletStatusTrip)));
  const ticket = (p: Phase, side: "app" | "floor") => ms(median(p[side].map((n) => sessionAt(n) - n.wsCreated)));
  const body = `One renderer server and one bridge server (\`startBrowserMode\` on the app's real services,
\`createServices\`, on the bench's devnet) serve both the production build and a floor page beside
it in the same folder (\`renderer/bench/floor-page.ts\`, ${kib(sizeScripts(dir, ["/bench-floor/floor.js"])[0]!.raw)} KiB of script: the app's own
\`bridge-params\` and \`bridge-socket\` code takes the link's one-time ticket, opens the bridge,
sends \`chain.status\` as the socket opens, and shows the height from the answer; no React, no
zod, no stylesheet). Each load is a fresh headless Chromium context (no cache, no storage) on a
fresh ticket; floor and app loads alternate (A B A B, which goes first alternating too), ${runs}
of each per state after one uncounted pair, in the gate's three states, set through main: first run (no vault),
locked (a vault, locked), unlocked. Times are ms from navigation start, noted in the page by a
script injected before the page's own (a \`MutationObserver\` for the markers, a wrapped
\`WebSocket\` for the socket and each frame); paint times from the Paint Timing API. On first run
the injected script presses "Explore without a wallet" in the first frame after the welcome
showed, as the quickest user would; the lock screen is unlocked by the bench typing the password
(the vault's scrypt included) and locked again through main after the load. Ratios are to the
floor's height in the same state's loads.

| milestone | median (ms) | fastest | slowest | × floor |
|---|---:|---:|---:|---:|
${rows.join("\n")}

The ticket exchange, from the socket made to the session frame: ${ticket(firstRun, "app")} ms in the app, ${ticket(firstRun, "floor")} ms at the floor (first run).
The vault's status read, \`wallet.status\` from its frame sent to its answer: ${trips(firstRun)} ms (first run), ${trips(locked)} ms (locked).

## Where the time goes before the first actionable screen

Each step's time is how long it held the road after the steps listed before it were done (0 when
it finished earlier, in parallel), median over the timed loads; one load's steps add up to its
time to the screen, and the share is of the median time to it. *Road* says whether Electron's
window has the step too (its preload answers over IPC: no socket, no ticket, no zod in the
renderer) or only the browser mode.

First run (welcome):

${roadTable(roadTo("welcome"), firstRun.app)}

Locked (lock screen):

${roadTable(roadTo("lock form"), locked.app)}
${profile ? ownersTable(phases) + stepOwners(phases) : ""}
## First page's JavaScript

Every script the first-run window asked for before the welcome showed (Resource Timing), gzip -9
as a server would send it (this one does not compress): **${kib(budget.gzip)} KiB** in ${largest.length} files
(${kib(largest.reduce((s, x) => s + x.raw, 0))} KiB raw; the largest of the loads' sets): ${largest.map((s) => `\`${stem(s.path)}\` ${kib(s.gzip)}`).join(", ")}.
Budget ${kib(FIRST_PAGE_JS_BUDGET_BYTES)} KiB (\`scripts/bench/first-page-js.ts\`), ${budget.met ? `${kib(budget.headroom)} KiB to spare` : `**over by ${kib(-budget.headroom)} KiB**`}; past it, \`npm run bench\` exits non-zero.

Command: \`${command}\`
`;
  return { body, goals };
}

/** CPU self time per owner up to the screen, median ms per profiled load, first run and locked. */
function ownersTable(phases: readonly Phase[]): string {
  const profiled = phases.filter((p) => p.owners.length > 0);
  const total = new Map<string, number>();
  for (const p of profiled) for (const run of p.owners) for (const [owner, t] of run) total.set(owner, (total.get(owner) ?? 0) + t);
  const top = [...total].sort((a, b) => b[1] - a[1]).slice(0, 16).map(([owner]) => owner);
  const med = (p: Phase, owner: string) => median(p.owners.map((run) => run.get(owner) ?? 0)).toFixed(1);
  const sum = (p: Phase) => median(p.owners.map((run) => [...run.values()].reduce((s, x) => s + x, 0))).toFixed(0);
  return `
Where the main thread went (\`--profile\`: ${profiled[0]?.owners.length ?? 0} loads of each screen again, after the timed
ones, each with a CPU profile sampled every 0.1 ms from before the navigation to the screen; a
built script's frame counts for its source's package or app folder through the build's source
maps; \`(program)\` is the browser's own work outside JavaScript, \`(idle)\` the thread waiting,
for the network or for main). Median ms per load:

| owner | ${profiled.map((p) => p.state).join(" | ")} |
|---|${profiled.map(() => "---:").join("|")}|
${top.map((owner) => `| ${owner} | ${profiled.map((p) => med(p, owner)).join(" | ")} |`).join("\n")}
| all samples | ${profiled.map(sum).join(" | ")} |
`;
}

/** Each step of the two gated roads with what the main thread did meanwhile, from the profiled loads. */
function stepOwners(phases: readonly Phase[]): string {
  const of = (state: State, screen: "welcome" | "lock form") => {
    const p = phases.find((x) => x.state === state);
    return p && p.profiled.length ? `\n${state} (${p.profiled.length} profiled loads; the profiler slows the page, so steps take longer than above):\n\n${ownersByStep(roadTo(screen), p.profiled)}\n` : "";
  };
  return `
Each step again, in the profiled loads, with the owners of the main thread's samples while it held
the road (samples placed by the page's navigation start on the profiler's clock, CDP
\`Performance.getMetrics\`):
${of("first run", "welcome")}${of("locked", "lock form")}`;
}
