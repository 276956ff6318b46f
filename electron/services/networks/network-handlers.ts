import { type RequestBudgets, sharedRequestBudgets } from "../../../shared/net/request-budget.js";
import { tokenOrigin } from "../../../shared/network/token-transport.js";
import type { NamespaceHandlers } from "../dispatcher.js";
import type { NetworkTokens } from "../tokens/bound-tokens.js";
import type { NetworkStore } from "./network-store.js";
import { readChainFacts } from "./chain-facts.js";
import { checkNetwork } from "./network-check.js";
import { nodeReader, type ReaderOptions } from "./node-reader.js";

const originOf = (url: string | null) => (url ? tokenOrigin(url) : undefined);

/** Registers `network.*`. Token methods answer `{hasToken, plainHttp}` only: the token never goes back out. */
export function registerNetworkHandlers(networks: NetworkStore, tokens: NetworkTokens, reading: ReaderOptions = {}, budgets: RequestBudgets = sharedRequestBudgets()): NamespaceHandlers<"network"> {
  const status = (id: string) => tokens.status(networks.get(id));
  return {
    list: () => networks.list(),
    add: (a) => networks.add(a),
    describe: (a) => readChainFacts(nodeReader(a.rpcUrl, reading), a.rpcUrl),
    check: (a) => checkNetwork(a, (url) => nodeReader(url, reading)),
    async update(a) {
      const before = networks.get(a.id);
      const after = networks.update(a.id, a.patch);
      // A token belongs to the origin it was set for: a new one means the user sets it again.
      if (originOf(before.accessUrl) !== originOf(after.accessUrl)) await tokens.clear(a.id);
      return after;
    },
    async remove(a) {
      const { selectedId } = networks.remove(a.id);
      await tokens.clear(a.id); // a removed network's token must not linger
      return { removed: true as const, selectedId };
    },
    select: (a) => (networks.select(a.id), { selectedId: a.id }),
    async setToken(a) {
      await tokens.set(networks.get(a.id), a.token, a.allowPlainHttp ?? false);
      return status(a.id);
    },
    async clearToken(a) {
      await tokens.clear(networks.get(a.id).id);
      return status(a.id);
    },
    tokenStatus: (a) => status(a.id),
    requestRates: () => ({
      endpoints: budgets
        .stats()
        .slice(0, 256)
        .map(({ restMs, ...e }) => ({ ...e, restSeconds: Math.ceil(restMs / 1_000) })),
    }),
  };
}
