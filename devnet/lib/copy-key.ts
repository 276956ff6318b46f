import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { DevnetError } from "./errors.js";
import { CHAIN_ID, type Layout, nodeHome, nodePorts } from "./layout.js";
import { configureNode, nodeId } from "./node-config.js";
import { nodePortList } from "./nodes.js";
import { ephemeralPortRange, firstBusyPort, runningPid, startDetached, stopByPidFile } from "./processes.js";
import { probeStatus } from "./rpc-probe.js";
import { runSimd } from "./simd.js";
import { readDevnetInfo } from "./state.js";
import { setTomlValue, tomlString } from "./toml.js";
import { busyPortError } from "./devnet.js";

/**
 * A second node holding a copy of one validator's consensus key: what an operator makes by
 * copying `priv_validator_key.json` to a standby machine for a failover. With a fresh
 * `priv_validator_state.json` nothing stops it from signing what the original signs.
 *
 * - `peers: false`: the copy starts alone. It reports the key in `status` (`validator_info`, with
 *   the validator's power from genesis) but cannot make or sign the chain's blocks, so no
 *   evidence is made.
 * - `peers: true` (double signing): the copy is peered with every node and proposes with
 *   `timeout_propose` of a millisecond, so at each height it prevotes nil before the proposal
 *   reaches it while the original prevotes the block: two votes of one key at the same height,
 *   round and type for different block ids, which the other validators turn into
 *   DuplicateVoteEvidence (two votes for the same block would not be evidence).
 */
export interface CopyKeyOptions {
  /** The index of the validator whose key is copied. */
  readonly validator: number;
  readonly peers: boolean;
}

export interface CopyNode {
  readonly moniker: string;
  readonly rpc: string;
  readonly home: string;
  readonly log: string;
  readonly pidFile: string;
  readonly nodeId: string;
}

/** The copy node's place after the devnet's own nodes: its ports are those of node `count`. */
const copyIndex = (count: number) => count;

export function copyNodeName(validator: number): string {
  return `copy${validator}`;
}

/** Its pid file beside the nodes' own, so `down` and `reset` stop it with them. */
export function copyPidFile(layout: Layout, validator: number): string {
  return join(layout.nodesDir, `${copyNodeName(validator)}.pid`);
}

const ConsensusKey = z.object({ address: z.string().regex(/^[0-9A-F]{40}$/), pub_key: z.object({ type: z.string(), value: z.string() }) });

/** The consensus address and public key in validator `validator`'s `priv_validator_key.json`. */
export function validatorKey(layout: Layout, validator: number): z.infer<typeof ConsensusKey> {
  return ConsensusKey.parse(JSON.parse(readFileSync(join(nodeHome(layout, validator), "config", "priv_validator_key.json"), "utf8")));
}

/** Starts the copy node (replacing one left from before) and waits until its RPC answers. */
export async function startCopyNode(layout: Layout, options: CopyKeyOptions, timeoutMs = 60_000): Promise<CopyNode> {
  const info = readDevnetInfo(layout);
  if (!info) throw new DevnetError("no devnet has been started here", "Run `npm run devnet -- up --validators 4` first.");
  const count = info.nodes.length;
  if (!Number.isInteger(options.validator) || options.validator < 0 || options.validator >= count) {
    throw new DevnetError(`--validator must name one of the devnet's ${count} node(s), 0 to ${count - 1}; got "${options.validator}"`);
  }
  const name = copyNodeName(options.validator);
  const pidFile = copyPidFile(layout, options.validator);
  await stopByPidFile(pidFile);
  const index = copyIndex(count);
  const busy = await firstBusyPort(nodePortList(layout, index));
  if (busy !== undefined) throw busyPortError(busy, ephemeralPortRange());

  const home = join(layout.nodesDir, name);
  rmSync(home, { recursive: true, force: true });
  mkdirSync(home, { recursive: true });
  await runSimd(layout, ["init", name, "--chain-id", CHAIN_ID, "--home", home]);
  const source = nodeHome(layout, options.validator);
  copyFileSync(join(source, "config", "genesis.json"), join(home, "config", "genesis.json"));
  copyFileSync(join(source, "config", "priv_validator_key.json"), join(home, "config", "priv_validator_key.json"));
  // A fresh signing state: the copy remembers nothing the original signed, as a copied key on a new machine.
  writeFileSync(join(home, "data", "priv_validator_state.json"), `${JSON.stringify({ height: "0", round: 0, step: 0 }, null, 2)}\n`);

  const peers = options.peers ? info.nodes.map((n) => `${n.nodeId}@${n.p2p}`) : [];
  configureNode({ home, moniker: name, ports: nodePorts(layout, index), peers, blockTime: info.blockTime });
  const configToml = join(home, "config", "config.toml");
  let text = readFileSync(configToml, "utf8");
  // Alone, it must not find the chain through the address book or peer exchange either.
  text = setTomlValue(text, "p2p", "pex", options.peers ? "true" : "false");
  if (options.peers) text = setTomlValue(text, "consensus", "timeout_propose", tomlString("1ms"));
  writeFileSync(configToml, text);

  const log = join(layout.nodesDir, `${name}.log`);
  rmSync(log, { force: true });
  startDetached({ name, command: layout.simd, args: ["start", "--home", home, ...(layout.variant.startLogNoColor ? ["--log_no_color"] : [])], pidFile, logFile: log, marker: home });
  const rpc = `http://127.0.0.1:${nodePorts(layout, index).rpc}`;
  const deadline = Date.now() + timeoutMs;
  while ((await probeStatus(rpc, 1_000)) === undefined) {
    if (runningPid(pidFile) === undefined) throw new DevnetError(`${name} exited while starting`, `Its log is ${log}.`);
    if (Date.now() > deadline) {
      await stopByPidFile(pidFile);
      throw new DevnetError(`${name} did not answer within ${Math.round(timeoutMs / 1000)} s; it was stopped`, `Its log is ${log}.`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { moniker: name, rpc, home, log, pidFile, nodeId: nodeId(home) };
}

/** Stops the copy node of `validator`, if one runs; true when one did. */
export async function stopCopyNode(layout: Layout, validator: number): Promise<boolean> {
  const pidFile = copyPidFile(layout, validator);
  return existsSync(pidFile) ? stopByPidFile(pidFile) : false;
}
