import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { CHAIN_ID, MIN_GAS_PRICE, type NodePorts } from "./layout.js";
import type { NodeOverride } from "./node-overrides.js";
import { setTomlValue, tomlString } from "./toml.js";

export interface NodeSettings {
  readonly home: string;
  readonly moniker: string;
  readonly ports: NodePorts;
  readonly peers: readonly string[];
  readonly blockTime: string;
  /** Where this node differs from the devnet's defaults (node-overrides.ts). */
  readonly override?: NodeOverride;
}

/** Writes the devnet's settings into a node's config.toml, app.toml and client.toml. */
export function configureNode(settings: NodeSettings): void {
  const { home, ports } = settings;
  const configDir = join(home, "config");
  edit(join(configDir, "config.toml"), [
    [null, "moniker", tomlString(settings.moniker)],
    [null, "proxy_app", tomlString(`tcp://127.0.0.1:${ports.abci}`)],
    ["rpc", "laddr", tomlString(`tcp://127.0.0.1:${ports.rpc}`)],
    // No CORS: loopback does not stop a web page in the user's browser from reading a node
    // that answers "*". The app reads the node from main (no browser), so it needs none.
    ["rpc", "cors_allowed_origins", "[]"],
    ["rpc", "pprof_laddr", '""'],
    ["p2p", "laddr", tomlString(`tcp://127.0.0.1:${ports.p2p}`)],
    ["p2p", "persistent_peers", tomlString(settings.peers.join(","))],
    ["p2p", "addr_book_strict", "false"],
    ["p2p", "allow_duplicate_ip", "true"],
    ["consensus", "timeout_commit", tomlString(settings.blockTime)],
    ["tx_index", "indexer", tomlString(settings.override?.indexer ?? "kv")],
  ]);
  edit(join(configDir, "app.toml"), [
    [null, "minimum-gas-prices", tomlString(settings.override?.minimumGasPrices ?? MIN_GAS_PRICE)],
    ["api", "enable", "true"],
    ["api", "address", tomlString(`tcp://127.0.0.1:${ports.api}`)],
    ["api", "enabled-unsafe-cors", "false"],
    ["grpc", "enable", "true"],
    ["grpc", "address", tomlString(`127.0.0.1:${ports.grpc}`)],
  ]);
  edit(join(configDir, "client.toml"), [
    [null, "chain-id", tomlString(CHAIN_ID)],
    [null, "keyring-backend", tomlString("test")],
    [null, "node", tomlString(`tcp://127.0.0.1:${ports.rpc}`)],
  ]);
}

function edit(path: string, changes: ReadonlyArray<readonly [string | null, string, string]>): void {
  let text = readFileSync(path, "utf8");
  for (const [section, key, value] of changes) {
    try {
      text = setTomlValue(text, section, key, value);
    } catch (err) {
      throw new Error(`${path}: ${(err as Error).message}`, { cause: err });
    }
  }
  writeFileSync(path, text);
}

const NodeKey = z.object({ priv_key: z.object({ type: z.literal("tendermint/PrivKeyEd25519"), value: z.string() }) });

/** A CometBFT node id: hex of the first 20 bytes of sha256 of the node's ed25519 public key. */
export function nodeId(home: string): string {
  const key = NodeKey.parse(JSON.parse(readFileSync(join(home, "config", "node_key.json"), "utf8")));
  const priv = Buffer.from(key.priv_key.value, "base64");
  if (priv.length !== 64) throw new Error(`${home}: node_key.json holds a ${priv.length}-byte key, expected 64`);
  return createHash("sha256").update(priv.subarray(32)).digest("hex").slice(0, 40);
}
