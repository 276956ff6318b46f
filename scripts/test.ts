/**
 * `npm test`: typecheck, lint (ESLint and Electronegativity), unit tests, integration tests
 * against a devnet that the integration suite starts and stops itself, the cross-generation
 * checks against each other devnet variant (matrix), then the e2e suite (the built renderer in
 * Chromium, through the bridge, on its own devnet). Stops at the first failing phase.
 */
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { z } from "zod";
import { DEFAULT_VARIANT, VARIANTS } from "../devnet/lib/variants.js";
import { postgresBinDir } from "../server/test/postgres-server.js";

interface Step {
  readonly command: string;
  readonly args: readonly string[];
  /** Set on top of this process's environment. */
  readonly env?: Readonly<Record<string, string>>;
}

interface Phase {
  readonly name: string;
  readonly steps: readonly Step[];
  /** The vitest JSON reports the phase writes, counted into the closing line. */
  readonly reports?: readonly string[];
  /** Why the phase cannot run on this machine, if it cannot; in CI that fails the run instead. */
  readonly missing?: () => string | undefined;
  /** Started in the background when reached, beside the phases after it, and waited for before `joinBefore`. */
  readonly alongside?: { readonly joinBefore: string };
}

const RESULTS = ".test-results";
const vitest = (project: string, before: readonly Step[] = []): Phase => ({
  name: project,
  steps: [
    ...before,
    { command: "npx", args: ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${RESULTS}/${project}.json`] },
  ],
  reports: [`${RESULTS}/${project}.json`],
});

/**
 * The cross-generation checks (devnet/matrix/) once per devnet variant other than the default,
 * which the integration phase covers in full; each variant on a fresh devnet of its own.
 */
const matrix: Phase = {
  name: "matrix",
  steps: VARIANTS.filter((v) => v.name !== DEFAULT_VARIANT).map((v) => ({
    command: "npx",
    args: ["vitest", "run", "--project", "matrix", "--reporter=default", "--reporter=json", `--outputFile.json=${RESULTS}/matrix-${v.name}.json`],
    env: { COMETDESK_DEVNET_VARIANT: v.name },
  })),
  reports: VARIANTS.filter((v) => v.name !== DEFAULT_VARIANT).map((v) => `${RESULTS}/matrix-${v.name}.json`),
};

const phases: Phase[] = [
  { name: "typecheck", steps: [{ command: "npx", args: ["tsc", "-p", "tsconfig.json", "--noEmit"] }, { command: "npx", args: ["tsc", "-p", "renderer/tsconfig.json", "--noEmit"] }] },
  { name: "lint", steps: [{ command: "npx", args: ["eslint", "."] }, { command: "npx", args: ["tsx", "scripts/lint-security.ts"] }] },
  vitest("unit"),
  // The soak benchmark's quick variant there drives the built renderer.
  vitest("integration", [{ command: "npx", args: ["tsx", "scripts/build.ts", "renderer"] }]),
  // Minutes of watching a rate-limiting node (its own devnet): beside the PostgreSQL and e2e phases, whose time it would otherwise add to.
  { ...vitest("soak"), alongside: { joinBefore: "matrix" } },
  // The access service's suite again on PostgreSQL, and the replica tests (a server is started from Debian's package).
  { ...vitest("integration-postgres"), missing: () => (postgresBinDir() ? undefined : "PostgreSQL is not installed (Debian: apt-get install postgresql)") },
  // The e2e suite drives the built renderer, so it builds it first.
  vitest("e2e", [{ command: "npx", args: ["tsx", "scripts/build.ts", "renderer"] }]),
  // Last, so the other variants' builds (started in the background below) have every phase before it to finish in.
  matrix,
];

const ReportSchema = z.object({ numPassedTests: z.number(), numFailedTests: z.number(), numPendingTests: z.number(), numTodoTests: z.number() });
const totals = { passed: 0, failed: 0, skipped: 0 };
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

const only = process.argv.slice(2);
const selected = only.length ? phases.filter((p) => only.includes(p.name)) : phases;
const timings: string[] = [];
const started = Date.now();
let failed: string | undefined;
const variantsBuild = selected.includes(matrix) ? buildOtherVariants() : undefined;

/** Phases running in the background, each with the phase it must end before. */
const running: Alongside[] = [];

for (const phase of selected) {
  for (const bg of running.filter((r) => r.joinBefore === phase.name)) {
    if (!(await join(bg))) break;
  }
  if (failed) break;
  if (phase.alongside && selected.some((p) => p.name === phase.alongside!.joinBefore)) {
    running.push(startAlongside(phase, phase.alongside.joinBefore));
    continue;
  }
  process.stderr.write(`\n=== ${phase.name} ===\n`);
  const t0 = Date.now();
  let status: number | null = 0;
  const missing = phase.missing?.();
  if (missing && !process.env.CI) {
    process.stderr.write(`skipped: ${missing}. CI runs this phase and fails without it.\n`);
    timings.push(`${phase.name.padEnd(12)}       -   SKIPPED (${missing})`);
    continue;
  }
  if (phase === matrix && variantsBuild) status = await variantsBuild.done;
  for (const step of status === 0 ? phase.steps : []) {
    status = spawnSync(step.command, [...step.args], { stdio: "inherit", env: { ...process.env, ...step.env } }).status;
    if (status !== 0) break;
  }
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  timings.push(`${phase.name.padEnd(12)} ${seconds.padStart(7)}s  ${status === 0 ? "ok" : "FAILED"}`);
  count(phase);
  if (status !== 0) {
    failed = phase.name;
    break;
  }
}
// A background phase whose join point was not reached (a run of chosen phases) is waited for at the end.
for (const bg of running.filter((r) => !r.joined)) if (failed || !(await join(bg))) stopAlongside(bg);

process.stderr.write(`\n=== summary ===\n${timings.join("\n")}\ntotal        ${((Date.now() - started) / 1000).toFixed(1).padStart(7)}s\n`);
if (failed) process.stderr.write(`\nnpm test failed in the ${failed} phase.\n`);
// The plain closing line: every test counted, whichever runner ran it.
process.stdout.write(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
variantsBuild?.stop();
process.exit(failed ? 1 : 0);

function count(phase: Phase): void {
  for (const path of (phase.reports ?? []).filter((p) => existsSync(p))) {
    const report = ReportSchema.parse(JSON.parse(readFileSync(path, "utf8")));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
}

interface Alongside {
  readonly phase: Phase;
  readonly joinBefore: string;
  readonly started: number;
  readonly log: string;
  readonly done: Promise<number>;
  readonly pid: number | undefined;
  joined?: boolean;
}

/** Starts a phase's steps one after another in the background, their output in a log shown when it is joined. */
function startAlongside(phase: Phase, joinBefore: string): Alongside {
  const log = `${RESULTS}/${phase.name}.log`;
  const fd = openSync(log, "w");
  process.stderr.write(`\n=== ${phase.name} (started in the background, joined before ${joinBefore}; log: ${log}) ===\n`);
  const script = phase.steps.map((s) => [s.command, ...s.args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ")).join(" && ");
  // Its own process group, so a run that stops early stops its devnet's test too.
  const child = spawn("sh", ["-c", script], { stdio: ["ignore", fd, fd], detached: true, env: process.env });
  closeSync(fd);
  const done = new Promise<number>((resolve) => {
    child.on("error", () => resolve(127));
    child.on("close", (code) => resolve(code ?? 1));
  });
  return { phase, joinBefore, started: Date.now(), log, done, pid: child.pid };
}

/** Waits for a background phase, shows its output, counts it; false when it failed. */
async function join(bg: Alongside): Promise<boolean> {
  bg.joined = true;
  const status = await bg.done;
  process.stderr.write(`\n=== ${bg.phase.name} (joined) ===\n${readFileSync(bg.log, "utf8")}`);
  timings.push(`${bg.phase.name.padEnd(12)} ${((Date.now() - bg.started) / 1000).toFixed(1).padStart(7)}s  ${status === 0 ? "ok" : "FAILED"} (in the background)`);
  count(bg.phase);
  if (status !== 0) failed ??= bg.phase.name;
  return status === 0;
}

function stopAlongside(bg: Alongside): void {
  if (bg.pid === undefined) return;
  try {
    process.kill(-bg.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

/**
 * Builds every variant but the default (which the integration phase builds on first use) in the
 * background, at low priority, while the phases before the matrix run: a cold build of each takes
 * minutes of both cores. Resolves to the build's exit status; on failure its log's end is shown.
 */
function buildOtherVariants(): { done: Promise<number>; stop: () => void } {
  const log = ".devnet/build-variants.log";
  mkdirSync(".devnet", { recursive: true });
  const fd = openSync(log, "w");
  const names = VARIANTS.filter((v) => v.name !== DEFAULT_VARIANT).map((v) => v.name);
  process.stderr.write(`(building the devnet variants ${names.join(", ")} in the background for the matrix phase; log: ${log})\n`);
  const script = names.map((name) => `npx tsx devnet/cli.ts build --variant ${name}`).join(" && ");
  // Its own process group, so a run that stops early stops the Go builds under it too.
  const child = spawn("nice", ["-n", "10", "sh", "-c", script], { stdio: ["ignore", fd, fd], detached: true });
  closeSync(fd);
  let running = true;
  const stop = () => {
    if (running && child.pid !== undefined) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
  };
  const done = new Promise<number>((resolve) => {
    const done = (code: number) => {
      if (code !== 0) process.stderr.write(`\nbuilding the devnet variants failed (exit ${code}); the end of ${log}:\n${readFileSync(log, "utf8").split("\n").slice(-30).join("\n")}\n`);
      resolve(code);
    };
    child.on("error", () => done(127));
    child.on("close", (code) => {
      running = false;
      done(code ?? 1);
    });
  });
  return { done, stop };
}
