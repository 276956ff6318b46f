import type { Network } from "../../../shared/contract/network.js";
import { MAX_ADDED_NODES, type WatchConfig } from "../../../shared/contract/watch.js";
import { httpUrlKey } from "../../../shared/net/http-url.js";
import { ConflictError } from "../app-error.js";

/**
 * `config` with the user's node `url` added. A node already in the table, however it is typed
 * (`HTTP://host:26657/` is `http://host:26657`), would be probed twice and shown as two rows.
 */
export function withNode(network: Network, config: WatchConfig, url: string): WatchConfig {
  const key = httpUrlKey(url);
  if (network.rpcUrls.some((u) => httpUrlKey(u) === key)) throw new ConflictError(`That node is in the table already: it is one of ${network.name}'s own nodes.`);
  if (config.nodes.some((u) => httpUrlKey(u) === key)) throw new ConflictError("That node is in the table already: you added it before.");
  if (config.nodes.length >= MAX_ADDED_NODES) throw new ConflictError(`At most ${MAX_ADDED_NODES} added nodes per network: remove one before adding another.`);
  return { ...config, nodes: [...config.nodes, url] };
}
