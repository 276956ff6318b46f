import { join } from "node:path";
import { type Layout, nodeHome, nodePorts } from "./layout.js";
import { configureNode, nodeId } from "./node-config.js";
import { startDetached } from "./processes.js";

/** What devnet.json records of one node. */
export interface NodeEntry {
  readonly moniker: string;
  readonly rpc: string;
  readonly api: string;
  readonly grpc: string;
  readonly p2p: string;
  readonly nodeId: string;
  readonly home: string;
  readonly log: string;
}

/** The pid file `down` uses to stop node `index`. */
export function nodePidFile(layout: Layout, index: number): string {
  return join(layout.nodesDir, `node${index}.pid`);
}

/** Every port node `index` listens on, for the busy-port check before a start. */
export function nodePortList(layout: Layout, index: number): number[] {
  const p = nodePorts(layout, index);
  return [p.rpc, p.p2p, p.abci, p.api, p.grpc];
}

/** Configures node `index` of `count` (peered with all the others) and starts it detached. */
export function startNode(layout: Layout, index: number, count: number, blockTime: string): NodeEntry {
  const ids = [...Array(count).keys()].map((i) => nodeId(nodeHome(layout, i)));
  const home = nodeHome(layout, index);
  const ports = nodePorts(layout, index);
  const peers = ids.flatMap((id, j) => (j === index ? [] : [`${id}@127.0.0.1:${nodePorts(layout, j).p2p}`]));
  configureNode({ home, moniker: `node${index}`, ports, peers, blockTime });
  const log = join(layout.nodesDir, `node${index}.log`);
  const args = ["start", "--home", home, ...(layout.variant.startLogNoColor ? ["--log_no_color"] : [])];
  startDetached({ name: `node${index}`, command: layout.simd, args, pidFile: nodePidFile(layout, index), logFile: log, marker: home });
  return {
    moniker: `node${index}`,
    rpc: `http://127.0.0.1:${ports.rpc}`,
    api: `http://127.0.0.1:${ports.api}`,
    grpc: `127.0.0.1:${ports.grpc}`,
    p2p: `127.0.0.1:${ports.p2p}`,
    nodeId: ids[index]!,
    home,
    log,
  };
}
