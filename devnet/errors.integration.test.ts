import { execFile } from "node:child_process";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "./lib/layout.js";
import { TEST_PORT_BASE } from "./test/global-setup.js";

const run = promisify(execFile);
const cliPath = join(repoRoot, "devnet", "cli.ts");

/** Runs the devnet CLI and returns its exit code and output instead of throwing. */
async function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", cliPath, ...args], { env, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("devnet errors a user can act on", () => {
  const blockers: Server[] = [];
  afterAll(() => blockers.forEach((s) => s.close()));

  it("says Go is missing, and where to get it, when go is not on PATH", async () => {
    const env = { ...process.env, PATH: "/usr/bin:/bin", COMETDESK_DEVNET_DIR: join(repoRoot, ".devnet-test", "nogo") };
    const result = await cli(["build"], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Go is not installed");
    expect(result.stderr).toContain("https://go.dev/dl");
  });

  it("names the port that is taken instead of starting a node that cannot listen", async () => {
    const offset = TEST_PORT_BASE + 500;
    const rpcPort = 26657 + offset;
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(rpcPort, "127.0.0.1", r));
    blockers.push(blocker);
    const env = { ...process.env, COMETDESK_DEVNET_DIR: join(repoRoot, ".devnet-test", "busy"), COMETDESK_DEVNET_PORT_OFFSET: String(offset) };
    await cli(["reset"], env);
    const result = await cli(["up"], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`port ${rpcPort} on 127.0.0.1 is already in use`);
    expect(result.stderr).toContain("COMETDESK_DEVNET_PORT_OFFSET");
    const status = await cli(["status"], env);
    expect(status.code).toBe(1); // nothing was left running
  });

  it("explains a bad --block-time and an unknown command", async () => {
    const env = { ...process.env, COMETDESK_DEVNET_DIR: join(repoRoot, ".devnet-test", "busy") };
    const bad = await cli(["up", "--block-time", "fast"], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("--block-time must look like 500ms or 1s");
    const unknown = await cli(["launch"], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "launch"');
  });
});
