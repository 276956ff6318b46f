/**
 * `npm run bench [-- --only startup,wallet --port-offset 3500 --runs 3]`: every benchmark, or the
 * chosen ones, each rewriting its own section of docs/benchmarks.md and its rows of the goals
 * table. Starts and stops its own devnet and access service. Never part of the tests.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { accessSection } from "./bench/access.js";
import { bridgeSection } from "./bench/bridge.js";
import { bundleSection } from "./bench/bundle.js";
import { replicasSection } from "./bench/replicas.js";
import { signedTxSection } from "./bench/signed-tx.js";
import { soakSection } from "./bench/soak.js";
import { type GoalRow, mergeGoalRows, readGoalRows, renderGoalTable, replaceSection } from "./bench/doc-sections.js";
import { journalSection } from "./bench/journal.js";
import { currentCommit, load1, machineFacts } from "./bench/machine.js";
import type { Section } from "./bench/section.js";
import { heavySection } from "./bench/heavy.js";
import { liveSection } from "./bench/live.js";
import { watchSection } from "./bench/watch.js";
import { remoteWatchSection } from "./bench/remote-watch.js";
import { requestsSection } from "./bench/requests.js";
import { validatorSetSection } from "./bench/validator-set.js";
import { firstScreenSection } from "./bench/firstscreen.js";
import { startupSection } from "./bench/startup.js";
import { walletSection } from "./bench/wallet.js";
import { type BenchWorld, startWorld } from "./bench/world.js";

const DOC = "docs/benchmarks.md";
const USAGE = `usage: npm run bench [-- options]

Runs every benchmark, or those of --only, on a devnet and access service of its own, and rewrites
their sections of docs/benchmarks.md (its overview lists the sections and what each flag sizes).

options:
  --only A,B               the sections to run (default: all)
  --port-offset N          the bench devnet's port offset (default 3500, or COMETDESK_BENCH_PORT_OFFSET)
  --runs N                 runs per figure (default 3)
  --duration S --connections N --probe N     access: seconds and connections under load, probes
  --submissions N          replicas: signed submissions
  --rows N --frames N      wallet: rows of the list, frames scrolled
  --renderer DIR,DIR       startup, live, wallet: builds (or sources) compared, runs alternating
  --profile                startup, firstscreen: CPU profiles after the timed runs
  --blocks N --transfers N live, watch, validators: blocks followed; live: transfers sent
  --journal-blocks N --records N             journal: blocks followed, transfers journaled
  --genesis-mb N --block-txs N               heavy: genesis size, transactions in the block
  --minutes N --quick      soak, watch: minutes watched; --quick, a short run
  --save FILE --before FILE                  requests: write the figures, show another run's beside
  --help                   this text`;
const { values } = parseArgs({
  options: {
    help: { type: "boolean" },
    only: { type: "string" },
    "port-offset": { type: "string" },
    runs: { type: "string" },
    duration: { type: "string" },
    connections: { type: "string" },
    probe: { type: "string" },
    rows: { type: "string" },
    frames: { type: "string" },
    renderer: { type: "string" },
    submissions: { type: "string" },
    blocks: { type: "string" },
    transfers: { type: "string" },
    records: { type: "string" },
    "journal-blocks": { type: "string" },
    "genesis-mb": { type: "string" },
    "block-txs": { type: "string" },
    minutes: { type: "string" },
    save: { type: "string" },
    before: { type: "string" },
    quick: { type: "boolean" },
    profile: { type: "boolean" },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const num = (v: string | undefined, fallback: number, min = 1) => {
  const n = Number(v ?? fallback);
  if (!Number.isInteger(n) || n < min) throw new Error(`expected a whole number ≥ ${min}, got ${v}`);
  return n;
};
// The test suites use offsets 1000 and 2000 (and the developer's devnet 0): 3500 stays clear of them.
const offset = num(values["port-offset"] ?? process.env.COMETDESK_BENCH_PORT_OFFSET, 3500, 0);
const runs = num(values.runs, 3);
const rows = num(values.rows, 100_000);

// Bundle first: the cold start measures the renderer it builds.
const SECTIONS: Section[] = [
  bundleSection(),
  accessSection({ durationS: num(values.duration, 10), connections: num(values.connections, 10), probeCount: num(values.probe, 2000) }),
  // PostgreSQL on 15432 + offset/1000 (15435 by default), replicas on the ports after the world's access service.
  replicasSection({ durationS: num(values.duration, 10), connections: num(values.connections, 10), submissions: num(values.submissions, 400), pgPort: 15432 + Math.floor(offset / 1000), basePort: 26650 + offset + 2 }),
  bridgeSection({ pings: 1000, lists: 200, funds: 200 }),
  startupSection({ rendererDirs: values.renderer?.split(",").filter(Boolean), profile: values.profile }),
  firstScreenSection({ profile: values.profile }),
  walletSection({ rows, frames: num(values.frames, 600), sourceDirs: values.renderer?.split(",").filter(Boolean) }),
  journalSection({ blocks: num(values["journal-blocks"], 100_000), records: num(values.records, 100_000), concurrent: 100 }),
  liveSection({ blocks: num(values.blocks, 50), transfers: values.transfers ? num(values.transfers, 10) : undefined, rendererDirs: values.renderer?.split(",").filter(Boolean) }),
  heavySection({ genesisMb: num(values["genesis-mb"], 200), blockTxs: num(values["block-txs"], 10_000) }),
  soakSection({ minutes: values.quick ? 5 : num(values.minutes, 30), sampleS: values.quick ? 15 : 30 }),
  // Its cost run brings up a four-validator devnet 100 ports above the world's.
  watchSection({ blocks: num(values.blocks, 50), minutes: values.quick ? 2 : num(values.minutes, 10), costOffset: offset + 100 }),
  remoteWatchSection({ alerts: 30 }),
  signedTxSection({ count: 500 }),
  // Its two devnets (four validators, then 214) 200 ports above the world's.
  validatorSetSection({ offset: offset + 200, blocks: num(values.blocks, 50), extra: 150, unbonded: 60 }),
  // `--save` writes its figures as JSON; `--before` shows such a file's (another checkout's) beside its own.
  requestsSection({ settleS: 10, windowS: 30, save: values.save, before: values.before }),
  // The same through a node that refuses websockets, for the pages that read the head themselves.
  requestsSection({ settleS: 10, windowS: 30, refuseWebsockets: true, routes: ["dashboard", "blocks", "validators", "mempool", "consensus", "console", "node"] }),
];
const only = values.only?.split(",").map((s) => s.trim()).filter(Boolean);
const unknown = only?.filter((id) => !SECTIONS.some((s) => s.id === id)) ?? [];
if (unknown.length) throw new Error(`unknown section ${unknown.join(", ")}; the sections are ${SECTIONS.map((s) => s.id).join(", ")}`);
const chosen = SECTIONS.filter((s) => !only || only.includes(s.id));

const commandFor = (id: string) => `npm run bench -- --only ${id} --port-offset ${offset}${runs !== 3 ? ` --runs ${runs}` : ""}${(id === "live" || id === "watch" || id === "validators") && values.blocks ? ` --blocks ${values.blocks}` : ""}${id === "live" && values.transfers ? ` --transfers ${values.transfers}` : ""}${(id === "startup" || id === "live" || id === "wallet") && values.renderer ? ` --renderer ${values.renderer}` : ""}${(id === "soak" || id === "watch") && values.quick ? " --quick" : ""}${(id === "startup" || id === "firstscreen") && values.profile ? " --profile" : ""}${id === "requests" && values.before ? ` --before ${values.before}` : ""}${(id === "soak" || id === "watch") && values.minutes && !values.quick ? ` --minutes ${values.minutes}` : ""}`;
let world: Promise<BenchWorld> | undefined;
const ctxFor = (s: Section) => ({
  runs,
  command: commandFor(s.id),
  // 30 transfers from each of the devnet's five accounts: over 100 for a 100-row `tx.list`.
  world: () => (world ??= startWorld(offset, 30)),
});

/** Whether every budget (a goal with `check`) was met: the run's exit status says so. */
async function main(): Promise<boolean> {
  const commit = currentCommit();
  const at = `${commit.sha.slice(0, 7)}${commit.dirty ? "+changes" : ""}`;
  const goals: GoalRow[] = [];
  const ran: string[] = [];
  const broken: string[] = [];
  for (const s of chosen) {
    console.log(`\n== ${s.heading} (${s.id})`);
    const loadStart = load1();
    const result = await s.run(ctxFor(s));
    const loadEnd = load1();
    console.log(`load average ${loadStart.toFixed(2)} → ${loadEnd.toFixed(2)}`);
    const date = new Date().toISOString().slice(0, 16).replace("T", " ");
    const facts = `*Measured ${date} UTC at commit \`${at}\` on ${machineFacts()}. One-minute load average ${loadStart.toFixed(2)} at the start of this section and ${loadEnd.toFixed(2)} at its end (2.00 means both cores busy; the machine is shared, and figures move with its load).*`;
    writeSection(s.heading, `# ${s.heading}\n\n${facts}\n\n${result.body}`);
    for (const g of result.goals) goals.push({ section: s.heading, goal: g.goal, measured: g.measured, met: g.met, run: `${date.slice(0, 10)}, ${at}` });
    for (const g of result.goals) if (g.check && !g.met) broken.push(`${s.heading}: ${g.goal}: ${g.measured}`);
    ran.push(s.heading);
    for (const g of result.goals) console.log(`${g.met ? "met    " : "MISSED "} ${g.goal}: ${g.measured}`);
  }
  writeOverview(ran, goals);
  console.log(`\nWrote ${DOC}`);
  for (const b of broken) console.error(`Budget exceeded: ${b}`);
  return broken.length === 0;
}

function readDoc(): string {
  return existsSync(DOC) ? readFileSync(DOC, "utf8") : "";
}

// Written after each section, so a failure later in the run keeps the figures already made.
function writeSection(heading: string, section: string): void {
  writeFileSync(DOC, replaceSection(readDoc(), heading, section));
}

function writeOverview(ran: readonly string[], fresh: readonly GoalRow[]): void {
  const doc = readDoc();
  const goals = mergeGoalRows(readGoalRows(doc), ran, fresh);
  const overview = `# Benchmarks

Written by \`npm run bench\` (\`scripts/bench.ts\`, \`scripts/bench/\`, \`server/bench/\`). It starts its own
single-validator devnet and access service on the ports of \`--port-offset\` (default 3500, clear of
the developer's devnet and of the test suites' 1000 and 2000), runs every section or those named by
\`--only\` (${SECTIONS.map((s) => `\`${s.id}\``).join(", ")}), stops what it started, and rewrites
only those sections here and their rows below. Each figure is a median over several runs
(\`--runs\`, default 3; the cold start takes at least 5). Each section says when, at which commit,
on what machine and under what load it was measured, and the command that reproduces it.

Speed goals live here, never in timed tests. A goal that is a budget (the first page's JavaScript,
in \`firstscreen\`) fails the run: \`npm run bench\` exits non-zero when one is missed. The \`heavy\` and \`soak\` sections also run as quick
variants in the integration tier (\`scripts/bench/quick-sections.integration.test.ts\`: a 20 MB
genesis and a block of 500 transactions, one minute of soak), which check that each runs end to
end and reports every figure, not the figures themselves. The last section, *Investigations*, is written by
hand (before/after comparisons of changes made to meet the goals); the bench never touches it.

## Goals

${renderGoalTable(goals)}
`;
  const next = replaceSection(doc, "Benchmarks", overview);
  // The overview leads the file.
  const start = next.indexOf("# Benchmarks\n");
  const end = next.indexOf("\n# ", start + 1);
  const head = end === -1 ? next.slice(start) : next.slice(start, end + 1);
  const rest = (next.slice(0, start) + (end === -1 ? "" : next.slice(end + 1))).trim();
  writeFileSync(DOC, `${head.trimEnd()}\n\n${rest}\n`);
}

const stopWorld = async () => {
  if (world) await (await world.catch(() => undefined))?.close();
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void stopWorld().finally(() => process.exit(130)));
}
main().then(
  (withinBudgets) => stopWorld().then(() => process.exit(withinBudgets ? 0 : 1)),
  (err: unknown) => {
    console.error(err);
    void stopWorld().finally(() => process.exit(1));
  },
);
