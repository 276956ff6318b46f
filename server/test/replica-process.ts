import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { repoRoot } from "../../devnet/lib/layout.js";

/** One replica of the access service, run as an operator runs it (`npm run server -- …`), in its own process. */
export interface ReplicaProcess {
  readonly id: string;
  readonly url: string;
  readonly child: ChildProcess;
  /** kill -9: no shutdown, no answer finished, the database sees its sessions drop. */
  kill(): Promise<void>;
  /** SIGTERM and wait: the clean stop. Resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts `server/cli.ts --node <node> --replica-id <id> <args>` and resolves with its URL once
 * it listens (read from its log line), within 60 s. Its stdout is drained for its whole life.
 */
export async function startReplica(node: string, id: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<ReplicaProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/cli.ts", "--node", node, "--replica-id", id, ...args], { cwd: repoRoot, stdio: ["ignore", "pipe", "inherit"], env });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`replica ${id} did not start within 60 s`));
    }, 60_000);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`replica ${id} exited with ${code} while starting`));
    });
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const match = /"url":"(http:[^"]+)".*access service listening/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
  return {
    id,
    url,
    child,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
