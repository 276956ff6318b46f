import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { loadAccounts } from "./accounts.js";
import { accessPidFile, accessPort, startAccess } from "./access.js";
import { ensureSimd } from "./build.js";
import { DevnetError } from "./errors.js";
import { initChain } from "./init.js";
import { BECH32_PREFIX, CHAIN_ID, FEE_DENOM, type Layout, MIN_GAS_PRICE, nodeHome, nodePorts, STAKE_DENOM } from "./layout.js";
import { configureNode, nodeId } from "./node-config.js";
import { firstBusyPort, runningPid, sleep, startDetached, stopByPidFile } from "./processes.js";
import type { Progress } from "./progress.js";
import { probeStatus } from "./rpc-probe.js";
import { type DevnetInfo, readDevnetInfo, writeDevnetInfo } from "./state.js";
import { tailLines } from "./tail.js";

export interface UpOptions {
  /** Number of validators; when omitted, an existing chain keeps its own and a new one gets 1. */
  readonly validators?: number;
  /** CometBFT timeout_commit, e.g. "500ms". */
  readonly blockTime?: string;
  /** How long to wait for height 2 before giving up. */
  readonly timeoutMs?: number;
}

export interface UpResult {
  readonly info: DevnetInfo;
  readonly alreadyRunning: boolean;
}

export const DEFAULT_BLOCK_TIME = "500ms";
const ChainMetaSchema = z.object({ validators: z.number().int().min(1) });

/** Brings the devnet up (building and initialising as needed) and waits for blocks. Idempotent. */
export async function up(layout: Layout, options: UpOptions, progress: Progress): Promise<UpResult> {
  const blockTime = options.blockTime ?? DEFAULT_BLOCK_TIME;
  if (!/^\d{1,5}(ms|s)$/.test(blockTime)) {
    throw new DevnetError(`--block-time must look like 500ms or 1s, got "${blockTime}"`);
  }
  if (options.validators !== undefined && (!Number.isInteger(options.validators) || options.validators < 1)) {
    throw new DevnetError(`--validators must be a whole number of at least 1, got "${options.validators}"`);
  }
  const existing = chainMeta(layout);
  if (existing && options.validators !== undefined && existing.validators !== options.validators) {
    throw new DevnetError(
      `the devnet was created with ${existing.validators} validator(s), not ${options.validators}`,
      "Run `npm run devnet -- reset` first to create a new chain with a different number of validators.",
    );
  }
  const running = await runningInfo(layout);
  if (running) return { info: running, alreadyRunning: true };

  await down(layout); // a half-running devnet is restarted as a whole
  await ensureSimd(layout, progress);
  const accounts = loadAccounts();
  const count = existing?.validators ?? options.validators ?? 1;
  if (!existing) {
    await initChain(layout, accounts, count, progress);
    writeFileSync(chainMetaPath(layout), JSON.stringify({ validators: count }));
  }

  const indices = [...Array(count).keys()];
  const allPorts = [
    ...indices.flatMap((i) => {
      const p = nodePorts(layout, i);
      return [p.rpc, p.p2p, p.abci, p.api, p.grpc];
    }),
    accessPort(layout),
  ];
  const busy = await firstBusyPort(allPorts);
  if (busy !== undefined) {
    throw new DevnetError(
      `port ${busy} on 127.0.0.1 is already in use`,
      "Another node or devnet may be running: stop it (`npm run devnet -- down`), or set COMETDESK_DEVNET_PORT_OFFSET to move every port.",
    );
  }

  const ids = indices.map((i) => nodeId(nodeHome(layout, i)));
  const nodes = indices.map((i) => {
    const home = nodeHome(layout, i);
    const ports = nodePorts(layout, i);
    const peers = indices.filter((j) => j !== i).map((j) => `${ids[j]}@127.0.0.1:${nodePorts(layout, j).p2p}`);
    configureNode({ home, moniker: `node${i}`, ports, peers, blockTime });
    const log = join(layout.nodesDir, `node${i}.log`);
    startDetached({
      name: `node${i}`,
      command: layout.simd,
      args: ["start", "--home", home, "--log_no_color"],
      pidFile: pidFile(layout, i),
      logFile: log,
      marker: home,
    });
    return {
      moniker: `node${i}`,
      rpc: `http://127.0.0.1:${ports.rpc}`,
      api: `http://127.0.0.1:${ports.api}`,
      grpc: `127.0.0.1:${ports.grpc}`,
      p2p: `127.0.0.1:${ports.p2p}`,
      nodeId: ids[i]!,
      home,
      log,
    };
  });
  progress.step(`Started ${count} node(s); waiting for blocks`);
  await waitForHeight(layout, nodes, 2, options.timeoutMs ?? 120_000, progress);
  progress.step("Starting the access service");
  const access = await startAccess(layout, nodes[0]!.rpc).catch(async (err: unknown) => {
    await down(layout);
    throw err;
  });

  const info: DevnetInfo = {
    chainId: CHAIN_ID,
    bech32Prefix: BECH32_PREFIX,
    denom: FEE_DENOM,
    stakeDenom: STAKE_DENOM,
    minGasPrice: MIN_GAS_PRICE,
    blockTime,
    nodes,
    accounts: accounts.accounts,
    validators: accounts.validators.slice(0, count),
    access,
  };
  writeDevnetInfo(layout, info);
  return { info, alreadyRunning: false };
}

/** Stops exactly the processes `up` started (the access service first), found by their pid files. Returns their names. */
export async function down(layout: Layout): Promise<string[]> {
  if (!existsSync(layout.nodesDir)) return [];
  const stopped: string[] = [];
  for (const file of readdirSync(layout.nodesDir).filter((f) => f.endsWith(".pid")).sort()) {
    if (await stopByPidFile(join(layout.nodesDir, file))) stopped.push(file.replace(/\.pid$/, ""));
  }
  return stopped;
}

/** Stops the devnet and wipes its chain state (the simd build is kept). */
export async function reset(layout: Layout): Promise<string[]> {
  const stopped = await down(layout);
  rmSync(layout.nodesDir, { recursive: true, force: true });
  rmSync(layout.devnetJson, { force: true });
  return stopped;
}

export interface NodeReport {
  readonly moniker: string;
  readonly rpc: string;
  readonly pid: number | undefined;
  readonly height: number | undefined;
  readonly catchingUp: boolean | undefined;
}

/** Height and process of every node of the recorded devnet. */
export async function status(layout: Layout): Promise<NodeReport[]> {
  const info = readDevnetInfo(layout);
  if (!info) return [];
  return Promise.all(
    info.nodes.map(async (node, i) => {
      const s = await probeStatus(node.rpc);
      return { moniker: node.moniker, rpc: node.rpc, pid: runningPid(pidFile(layout, i)), height: s?.height, catchingUp: s?.catchingUp };
    }),
  );
}

/** The devnet info when every recorded node is alive and answering, otherwise undefined. */
async function runningInfo(layout: Layout): Promise<DevnetInfo | undefined> {
  let info: DevnetInfo | undefined;
  try {
    info = readDevnetInfo(layout);
  } catch {
    return undefined; // an unreadable devnet.json is rewritten by a fresh start
  }
  if (!info) return undefined;
  const reports = await status(layout);
  const nodesUp = reports.length > 0 && reports.every((r) => r.pid !== undefined && r.height !== undefined);
  return nodesUp && runningPid(accessPidFile(layout)) !== undefined ? info : undefined;
}

async function waitForHeight(
  layout: Layout,
  nodes: ReadonlyArray<{ moniker: string; rpc: string; log: string }>,
  target: number,
  timeoutMs: number,
  progress: Progress,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const heights = await Promise.all(nodes.map((n) => probeStatus(n.rpc, 1_000).then((s) => s?.height)));
    nodes.forEach((node, i) => {
      if (runningPid(pidFile(layout, i)) === undefined) {
        throw new DevnetError(`${node.moniker} exited while starting`, `Its log is ${node.log}.`, tailLines(node.log, 20));
      }
    });
    progress.update(nodes.map((n, i) => `${n.moniker}: ${heights[i] === undefined ? "starting" : `height ${heights[i]}`}`).join(", "));
    if (heights.every((h) => h !== undefined && h >= target)) {
      progress.done(`blocks are being produced (height ${Math.min(...heights.map((h) => h ?? 0))})`);
      return;
    }
    if (Date.now() > deadline) {
      await down(layout);
      throw new DevnetError(
        `the devnet did not reach height ${target} within ${Math.round(timeoutMs / 1000)}s; it was stopped`,
        `Node logs are in ${layout.nodesDir}.`,
        tailLines(nodes[0]!.log, 20),
      );
    }
    await sleep(250);
  }
}

function pidFile(layout: Layout, index: number): string {
  return join(layout.nodesDir, `node${index}.pid`);
}

function chainMetaPath(layout: Layout): string {
  return join(layout.nodesDir, "chain.json");
}

function chainMeta(layout: Layout): z.infer<typeof ChainMetaSchema> | undefined {
  const path = chainMetaPath(layout);
  if (!existsSync(path) || !existsSync(join(nodeHome(layout, 0), "config", "genesis.json"))) return undefined;
  try {
    return ChainMetaSchema.parse(JSON.parse(readFileSync(path, "utf8")));
  } catch {
    return undefined; // unreadable: treated as no chain, so `up` initialises a new one
  }
}
