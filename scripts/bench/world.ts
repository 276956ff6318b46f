/**
 * The benchmarks' world: their own single-validator devnet (never the developer's, never the
 * test suites'), the access service run as an operator runs it, and transfers seeded through it.
 * Started once on first use and stopped at the end of `npm run bench`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { accessPort } from "../../devnet/lib/access.js";
import { reset, up } from "../../devnet/lib/devnet.js";
import { layoutFromEnv, repoRoot } from "../../devnet/lib/layout.js";
import { consoleProgress } from "../../devnet/lib/progress.js";
import type { DevnetInfo } from "../../devnet/lib/state.js";
import { seedTransfers } from "../../server/bench/seed.js";
import { TokenFile } from "../../server/lib/tokens.js";
import { dataPaths } from "../../server/service.js";

export interface BenchWorld {
  readonly info: DevnetInfo;
  /** The node's CometBFT RPC. */
  readonly rpc: string;
  /** The benchmarked access service and a token of it. */
  readonly serviceUrl: string;
  readonly token: string;
  /** A devnet.json naming the benchmarked service, for the app's services to read. */
  readonly devnetJsonPath: string;
  /** Committed transfers seeded through the service. */
  readonly seeded: number;
  close(): Promise<void>;
}

/** Starts the world on `offset` (ports shifted by it) and seeds `perSender` transfers per account. */
export async function startWorld(offset: number, perSender: number): Promise<BenchWorld> {
  const progress = consoleProgress();
  const layout = layoutFromEnv({ ...process.env, COMETDESK_DEVNET_DIR: join(repoRoot, ".devnet-bench"), COMETDESK_DEVNET_PORT_OFFSET: String(offset) });
  const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-bench-"));
  let child: ChildProcess | undefined;
  const close = async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    await reset(layout);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await reset(layout);
    const { info } = await up(layout, { validators: 1 }, progress);
    const rpc = info.nodes[0]!.rpc;
    const { token } = new TokenFile(dataPaths(dataDir).tokens).create("bench");
    const port = accessPort(layout) + 1;
    // No hold window and no practical rate limit: the benchmark measures the service, not its throttle.
    const args = ["--import", "tsx", "server/cli.ts", "--node", rpc, "--port", String(port), "--data-dir", dataDir, "--store", "journal", "--hold-ms", "0", "--rate-limit", "1000000000", "--rate-burst", "1000000000", "--log-level", "warn"];
    child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ["ignore", "inherit", "inherit"] });
    const serviceUrl = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    while (!(await fetch(`${serviceUrl}/health`).then((r) => r.ok, () => false))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error("the benchmarked access service did not start");
      await new Promise((r) => setTimeout(r, 200));
    }
    progress.step("Seeding transfers through the access service");
    const seeded = await seedTransfers(info, serviceUrl, token, perSender);
    const devnetJsonPath = join(dataDir, "devnet.json");
    writeFileSync(devnetJsonPath, JSON.stringify({ ...info, access: { url: serviceUrl, token } }));
    return { info, rpc, serviceUrl, token, devnetJsonPath, seeded, close };
  } catch (error) {
    await close();
    throw error;
  }
}
