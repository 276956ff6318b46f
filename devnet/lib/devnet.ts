import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { loadAccounts } from "./accounts.js";
import { accessPidFile, accessPort, startAccess } from "./access.js";
import { ensureSimd } from "./build.js";
import { DevnetError } from "./errors.js";
import { initChain } from "./init.js";
import { BECH32_PREFIX, CHAIN_ID, FEE_DENOM, type Layout, MIN_GAS_PRICE, nodeHome, STAKE_DENOM, withVariant } from "./layout.js";
import { nodePidFile, nodePortList, startNode } from "./nodes.js";
import { ephemeralPortRange, firstBusyPort, runningPid, sleep, stopByPidFile } from "./processes.js";
import type { Progress } from "./progress.js";
import { probeStatus } from "./rpc-probe.js";
import { type DevnetInfo, readDevnetInfo, writeDevnetInfo } from "./state.js";
import { tailLines } from "./tail.js";
import { DEFAULT_VARIANT, moduleVersions, VARIANTS, variantByName } from "./variants.js";

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
/** A chain recorded before variants existed was built from the one module there was, today's default. */
const ChainMetaSchema = z.object({ validators: z.number().int().min(1), variant: z.string().default(DEFAULT_VARIANT) });

/**
 * Brings the devnet up (building and initialising as needed) and waits for blocks. Idempotent.
 * The chain variant is `layout.variant`; an existing chain keeps its own.
 */
export async function up(askedLayout: Layout, options: UpOptions, progress: Progress): Promise<UpResult> {
  const blockTime = options.blockTime ?? DEFAULT_BLOCK_TIME;
  if (!/^\d{1,5}(ms|s)$/.test(blockTime)) {
    throw new DevnetError(`--block-time must look like 500ms or 1s, got "${blockTime}"`);
  }
  if (options.validators !== undefined && (!Number.isInteger(options.validators) || options.validators < 1)) {
    throw new DevnetError(`--validators must be a whole number of at least 1, got "${options.validators}"`);
  }
  const existing = chainMeta(askedLayout);
  if (existing && options.validators !== undefined && existing.validators !== options.validators) {
    throw new DevnetError(
      `the devnet was created with ${existing.validators} validator(s), not ${options.validators}`,
      "Run `npm run devnet -- reset` first to create a new chain with a different number of validators.",
    );
  }
  const layout = chainLayout(askedLayout, existing?.variant);
  const running = await runningInfo(layout);
  if (running) return { info: running, alreadyRunning: true };
  const resumed = existing ? await resume(layout, existing.validators, options, progress) : undefined;
  if (resumed) return resumed;

  await down(layout); // nothing of it runs (or its record is unreadable): start it as a whole
  await ensureSimd(layout, progress);
  const accounts = loadAccounts();
  const count = existing?.validators ?? options.validators ?? 1;
  if (!existing) {
    await initChain(layout, accounts, count, progress);
    writeFileSync(chainMetaPath(layout), JSON.stringify({ validators: count, variant: layout.variant.name }));
  }

  const indices = [...Array(count).keys()];
  await refuseBusyPorts([...indices.flatMap((i) => nodePortList(layout, i)), accessPort(layout)]);
  const nodes = indices.map((i) => startNode(layout, i, count, blockTime));
  progress.step(`Started ${count} node(s); waiting for blocks`);
  await waitForHeight(layout, nodes, 2, options.timeoutMs ?? 120_000, progress);
  progress.step("Starting the access service");
  const access = await startAccess(layout, nodes[0]!.rpc).catch(async (err: unknown) => {
    await down(layout);
    throw err;
  });

  const versions = moduleVersions(layout.chainModuleDir);
  const info: DevnetInfo = {
    variant: layout.variant.name,
    sdkVersion: versions.sdk,
    cometbftVersion: versions.cometbft,
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

/**
 * The layout of the chain in the state folder: a new chain gets the variant asked for (or the
 * default); an existing one keeps the variant it was created with, and asking for another is
 * refused, as a different validator count is.
 */
function chainLayout(asked: Layout, existingVariant: string | undefined): Layout {
  if (existingVariant === undefined || existingVariant === asked.variant.name) return asked;
  if (asked.variantAsked) {
    throw new DevnetError(
      `the devnet was created with the ${existingVariant} variant, not ${asked.variant.name}`,
      "A chain keeps the variant it was created with. Run `npm run devnet -- reset` first to create a new chain of another variant, or use another state folder (COMETDESK_DEVNET_DIR).",
    );
  }
  if (!VARIANTS.some((v) => v.name === existingVariant)) {
    throw new DevnetError(
      `the devnet was created with the ${existingVariant} variant, which this checkout does not have`,
      "Run `npm run devnet -- reset` to create a new chain here, or use the checkout that created it.",
    );
  }
  return withVariant(asked, variantByName(existingVariant), false);
}

/**
 * Starts only what is missing from a devnet that still partly runs (a node that crashed or was
 * killed): the running nodes keep their state, and a running access service keeps its dev token,
 * so clients holding that token carry on once the node is back. Undefined when nothing runs.
 */
async function resume(layout: Layout, count: number, options: UpOptions, progress: Progress): Promise<UpResult | undefined> {
  let info: DevnetInfo | undefined;
  try {
    info = readDevnetInfo(layout);
  } catch {
    return undefined;
  }
  if (!info || info.nodes.length !== count) return undefined;
  const missing = info.nodes.flatMap((_, i) => (runningPid(nodePidFile(layout, i)) === undefined ? [i] : []));
  const accessUp = runningPid(accessPidFile(layout)) !== undefined;
  if (missing.length === count && !accessUp) return undefined;
  // A node whose process is alive but does not answer is left alone: it may be busy or frozen.
  await refuseBusyPorts([...missing.flatMap((i) => nodePortList(layout, i)), ...(accessUp ? [] : [accessPort(layout)])]);
  const blockTime = options.blockTime ?? info.blockTime;
  const started = missing.map((i) => startNode(layout, i, count, blockTime));
  if (started.length > 0) {
    progress.step(`Restarted ${started.map((n) => n.moniker).join(", ")}; waiting for it to answer`);
    await waitForHeight(layout, info.nodes, 2, options.timeoutMs ?? 120_000, progress);
  }
  const access = accessUp ? info.access : await startAccess(layout, info.nodes[0]!.rpc);
  const next: DevnetInfo = { ...info, blockTime, access };
  writeDevnetInfo(layout, next);
  return { info: next, alreadyRunning: false };
}

async function refuseBusyPorts(ports: readonly number[]): Promise<void> {
  const busy = await firstBusyPort(ports);
  if (busy !== undefined) throw busyPortError(busy, ephemeralPortRange());
}

/**
 * What a taken port means. In the kernel's ephemeral range it may be no devnet at all but an
 * outgoing connection of any process that drew that local port: moving the ports out of the
 * range is then the fix, and stopping a devnet would not help.
 */
export function busyPortError(port: number, ephemeral: readonly [number, number] | undefined): DevnetError {
  const message = `port ${port} on 127.0.0.1 is already in use`;
  if (ephemeral && port >= ephemeral[0] && port <= ephemeral[1]) {
    return new DevnetError(
      message,
      `It lies in this machine's ephemeral port range (${ephemeral[0]}–${ephemeral[1]}), from which outgoing connections take their local ports, so any process may hold it for a moment. Choose a port offset (COMETDESK_DEVNET_PORT_OFFSET, or the bench's --port-offset) that keeps every devnet port below ${ephemeral[0]}.`,
    );
  }
  return new DevnetError(message, "Another node or devnet may be running: stop it (`npm run devnet -- down`), or set COMETDESK_DEVNET_PORT_OFFSET to move every port.");
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
      return { moniker: node.moniker, rpc: node.rpc, pid: runningPid(nodePidFile(layout, i)), height: s?.height, catchingUp: s?.catchingUp };
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
      if (runningPid(nodePidFile(layout, i)) === undefined) {
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
