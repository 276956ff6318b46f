/**
 * `npm test`: typecheck, lint, unit tests, then integration tests against a devnet that the
 * integration suite starts and stops itself. Stops at the first failing phase.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { z } from "zod";

interface Phase {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  /** A vitest JSON report the phase writes, counted into the closing line. */
  readonly report?: string;
}

const RESULTS = ".test-results";
const vitest = (project: string): Phase => ({
  name: project,
  command: "npx",
  args: ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${RESULTS}/${project}.json`],
  report: `${RESULTS}/${project}.json`,
});

const phases: Phase[] = [
  { name: "typecheck", command: "npx", args: ["tsc", "-p", "tsconfig.json", "--noEmit"] },
  { name: "lint", command: "npx", args: ["eslint", "."] },
  vitest("unit"),
  vitest("integration"),
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

for (const phase of selected) {
  process.stderr.write(`\n=== ${phase.name} ===\n`);
  const t0 = Date.now();
  const result = spawnSync(phase.command, [...phase.args], { stdio: "inherit" });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  timings.push(`${phase.name.padEnd(12)} ${seconds.padStart(7)}s  ${result.status === 0 ? "ok" : "FAILED"}`);
  if (phase.report && existsSync(phase.report)) {
    const report = ReportSchema.parse(JSON.parse(readFileSync(phase.report, "utf8")));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
  if (result.status !== 0) {
    failed = phase.name;
    break;
  }
}

process.stderr.write(`\n=== summary ===\n${timings.join("\n")}\ntotal        ${((Date.now() - started) / 1000).toFixed(1).padStart(7)}s\n`);
if (failed) process.stderr.write(`\nnpm test failed in the ${failed} phase.\n`);
// The plain closing line: every test counted, whichever runner ran it.
process.stdout.write(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(failed ? 1 : 0);
