import type { Network } from "../../../shared/contract/network.js";
import type { EventHub } from "../event-hub.js";
import { type ChainReader, readChainFacts } from "./chain-facts.js";
import { withChainFacts } from "./network-facts.js";
import type { NetworkStore } from "./network-store.js";

export interface DescribeOnUseDeps {
  readonly networks: NetworkStore;
  readonly events: EventHub;
  /** A reader over the network's own endpoints (its nodes, or its access service's /rpc), and what to call it. */
  readonly readerFor: (network: Network) => { readonly reader: ChainReader; readonly url: string } | undefined;
  readonly onError?: (error: unknown) => void;
}

/**
 * Networks saved before the app read chains' facts (or seeded without them) get them on first
 * use: read in the background, merged under what is saved (network-facts.ts), and announced with
 * `network.changed`. A network whose chain cannot be read now is tried again on its next use.
 * Resolves when the reading is done, for the tests; callers do not wait.
 */
export function describeOnUse(deps: DescribeOnUseDeps): (network: Network) => Promise<void> {
  const reading = new Set<string>();
  return async (network) => {
    if (network.describedAt || reading.has(network.id)) return;
    const via = deps.readerFor(network);
    if (!via) return;
    reading.add(network.id);
    try {
      const facts = await readChainFacts(via.reader, via.url);
      // Read again: the user may have edited or removed it meanwhile, and their edit wins.
      const current = deps.networks.list().networks.find((n) => n.id === network.id);
      if (!current || current.describedAt) return;
      const next = withChainFacts(current, facts, new Date());
      if (next === current) return;
      deps.networks.amend(current.id, next);
      deps.events.emit("network.changed", { networkId: current.id });
    } catch (error) {
      deps.onError?.(error);
    } finally {
      reading.delete(network.id);
    }
  };
}
