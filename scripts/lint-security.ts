/**
 * `npm run lint:security`: Electronegativity over electron/ and renderer/, failing on any finding
 * that security/electronegativity-allowlist.yml does not explain. An allowlist entry that no
 * longer matches anything also fails, so the list cannot rot.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { type Finding, matchFindings } from "./lint-security/allowlist.js";

const WORK = join(".test-results", "electronegativity");
const INPUT = join(WORK, "input");
const SARIF = join(WORK, "results.sarif");
const ALLOWLIST = "security/electronegativity-allowlist.yml";

const Sarif = z.object({
  runs: z.array(z.object({
    results: z.array(z.object({
      ruleId: z.string(),
      message: z.object({ text: z.string() }),
      locations: z.array(z.object({ physicalLocation: z.object({ artifactLocation: z.object({ uri: z.string() }), region: z.object({ startLine: z.number() }) }) })),
    })),
  })),
});

// One input folder holding both trees, so the global checks (CSP, navigation limits,
// permission handler) see main and renderer together, as in the app. Tests are left out.
rmSync(WORK, { recursive: true, force: true });
mkdirSync(INPUT, { recursive: true });
for (const dir of ["electron", "renderer"]) {
  cpSync(dir, join(INPUT, dir), { recursive: true, filter: (src) => !src.includes("node_modules") && !/\.test\.tsx?$/.test(src) });
}
const electronVersion = z.object({ version: z.string() }).parse(JSON.parse(readFileSync("node_modules/electron/package.json", "utf8"))).version;
// Offline and deterministic: no translations fetched (electronegativity-offline.cjs says why), and
// the one check that reads Electron's release list from GitHub is skipped. With no package.json
// in the scanned tree it reports nothing anyway; scripts/toolchain/toolchain.test.ts keeps
// Electron inside its support window instead.
const run = spawnSync(
  process.execPath,
  ["scripts/lint-security/electronegativity-offline.mjs", "-i", INPUT, "-o", SARIF, "-r", "-v", "false", "-e", electronVersion, "-x", "AvailableSecurityFixesGlobalCheck"],
  { encoding: "utf8", timeout: 5 * 60_000 },
);
if (run.status !== 0) {
  process.stderr.write(`${run.stdout}\n${run.stderr}\nelectronegativity failed to run (exit ${run.status})\n`);
  process.exit(1);
}
const findings: Finding[] = Sarif.parse(JSON.parse(readFileSync(SARIF, "utf8"))).runs.flatMap((r) =>
  r.results.map((x) => {
    const loc = x.locations[0]?.physicalLocation;
    const uri = loc?.artifactLocation.uri ?? "";
    return { check: x.ruleId, file: uri.startsWith("file:") ? "" : uri, line: loc?.region.startLine ?? 0, message: x.message.text };
  }),
);
const { unexplained, unused, explained } = matchFindings(findings, parse(readFileSync(ALLOWLIST, "utf8")));
for (const f of explained) process.stdout.write(`  allowed  ${f.check} ${f.file || "(global)"}:${f.line}\n`);
for (const f of unexplained) process.stdout.write(`  FINDING  ${f.check} ${f.file || "(global)"}:${f.line}  ${f.message}\n`);
for (const e of unused) process.stdout.write(`  STALE    allowlist entry ${e.check} ${e.file} matches nothing; remove it\n`);
process.stdout.write(`electronegativity: ${findings.length} finding(s), ${explained.length} explained, ${unexplained.length} unexplained, ${unused.length} stale allowlist entries\n`);
process.exit(unexplained.length === 0 && unused.length === 0 ? 0 : 1);
