import { readFileSync } from "node:fs";
import { join } from "node:path";
import { layoutFromEnv } from "../../devnet/lib/layout.js";
import { readDevnetInfo, type DevnetInfo } from "../../devnet/lib/state.js";
import { rpcPost } from "../../devnet/test/chain-client.js";

/** A route's `result`, read straight from a node: the truth a page is compared with. */
export async function rpc<T>(url: string, route: string, params: Record<string, unknown> = {}): Promise<T> {
  const body = await rpcPost(url, route, params);
  if (body.error !== undefined) throw new Error(`${route}: ${JSON.stringify(body.error)}`);
  return body.result as T;
}

export function devnetInfo(devnetDir: string): DevnetInfo {
  return readDevnetInfo(layoutFromEnv({ ...process.env, COMETDESK_DEVNET_DIR: devnetDir }))!;
}

/** The process id of devnet node `i`, from its pid file. */
export function nodePid(nodesDir: string, i: number): number {
  return (JSON.parse(readFileSync(join(nodesDir, `node${i}.pid`), "utf8")) as { pid: number }).pid;
}

/**
 * Freezes validators 2 and 3 (SIGSTOP): half the voting power is below the two thirds
 * consensus needs, so the chain stops making blocks while node 0 still answers and fills its
 * mempool. The returned function resumes them.
 */
export function haltChain(nodesDir: string): () => void {
  const pids = [nodePid(nodesDir, 2), nodePid(nodesDir, 3)];
  for (const pid of pids) process.kill(pid, "SIGSTOP");
  return () => {
    for (const pid of pids) process.kill(pid, "SIGCONT");
  };
}
