import type { NamespaceHandlers } from "../dispatcher.js";
import type { TokenStore } from "../tokens/token-store.js";
import type { NetworkStore } from "./network-store.js";

/** Registers `network.*`. Token methods answer `{hasToken}` only: the token never goes back out. */
export function registerNetworkHandlers(networks: NetworkStore, tokens: TokenStore): NamespaceHandlers<"network"> {
  const hasToken = async (id: string) => ({ hasToken: await tokens.has(networks.get(id).id) });
  return {
    list: () => networks.list(),
    add: (a) => networks.add(a),
    update: (a) => networks.update(a.id, a.patch),
    async remove(a) {
      const { selectedId } = networks.remove(a.id);
      await tokens.clear(a.id); // a removed network's token must not linger
      return { removed: true as const, selectedId };
    },
    select: (a) => (networks.select(a.id), { selectedId: a.id }),
    async setToken(a) {
      await tokens.set(networks.get(a.id).id, a.token);
      return hasToken(a.id);
    },
    async clearToken(a) {
      await tokens.clear(networks.get(a.id).id);
      return hasToken(a.id);
    },
    tokenStatus: (a) => hasToken(a.id),
  };
}
