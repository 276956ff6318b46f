import { execFile } from "node:child_process";
import { join } from "node:path";
import { DevnetError } from "./errors.js";
import { type Layout, repoRoot } from "./layout.js";
import { runningPid, sleep, startDetached } from "./processes.js";
import { tailLines } from "./tail.js";

/** The devnet's hold window: long enough to try "undo send" by hand. Its rate limit is raised (500/s) for test suites. */
export const DEVNET_HOLD_MS = 5_000;

/** Port of the devnet's access service: 26650 plus the port offset. */
export function accessPort(layout: Layout): number {
  return 26650 + layout.portOffset;
}

/** Where the devnet's access service keeps its journal and tokens; `reset` wipes it with the chain. */
export function accessDataDir(layout: Layout): string {
  return join(layout.nodesDir, "access");
}

/** The pid file `down` uses to stop the access service. */
export function accessPidFile(layout: Layout): string {
  return join(layout.nodesDir, "access.pid");
}

const CLI = join(repoRoot, "server", "cli.ts");

/**
 * Starts the Transaction Access Interface in front of `rpc` (the service's own CLI, detached,
 * with a pid file like the nodes) with a fresh dev token, and waits for it to answer.
 */
export async function startAccess(layout: Layout, rpc: string): Promise<{ url: string; token: string }> {
  const dataDir = accessDataDir(layout);
  const token = await createDevToken(dataDir);
  const port = accessPort(layout);
  const log = join(layout.nodesDir, "access.log");
  startDetached({
    name: "access",
    command: process.execPath,
    // The journal in the devnet's own folder, whatever DATABASE_URL says: `reset` wipes it with the chain.
    args: ["--import", "tsx", CLI, "--node", rpc, "--port", String(port), "--data-dir", dataDir, "--store", "journal", "--hold-ms", String(DEVNET_HOLD_MS), "--rate-limit", "500", "--rate-burst", "1000"],
    pidFile: accessPidFile(layout),
    logFile: log,
    marker: dataDir,
    cwd: repoRoot,
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (runningPid(accessPidFile(layout)) === undefined) {
      throw new DevnetError("the access service exited while starting", `Its log is ${log}.`, tailLines(log, 20));
    }
    const healthy = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1_000) }).then((r) => r.ok, () => false);
    if (healthy) return { url, token };
    if (Date.now() > deadline) throw new DevnetError("the access service did not answer within 60 s", `Its log is ${log}.`, tailLines(log, 20));
    await sleep(200);
  }
}

/** A new "devnet" token (earlier ones are revoked), made by the service's own CLI. */
function createDevToken(dataDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const args = ["--import", "tsx", CLI, "token", "create", "--name", "devnet", "--replace", "--data-dir", dataDir, "--store", "journal"];
    execFile(process.execPath, args, { cwd: repoRoot, encoding: "utf8", timeout: 60_000 }, (err, stdout, stderr) => {
      const token = stdout.trim();
      if (err || !token.startsWith("cdt_")) reject(new DevnetError("could not create the access service's dev token", undefined, `${stderr}${stdout}`.trim()));
      else resolve(token);
    });
  });
}
