import type { Network } from "../../../shared/contract/network.js";
import { MAX_ADDED_NODES, type WatchConfig } from "../../../shared/contract/watch.js";
import { httpUrlKey } from "../../../shared/net/http-url.js";
import { AppError, ConflictError } from "../app-error.js";
import type { NamespaceHandlers } from "../dispatcher.js";
import type { AlertHistory } from "../../../watch/alert-history.js";
import type { Watch } from "../../../watch/watch-service.js";
import type { WatchStore } from "../../../watch/watch-store.js";

export interface WatchHandlerDeps {
  readonly watch: Watch;
  readonly store: WatchStore;
  readonly history: AlertHistory;
  /** The network by id; throws for an unknown one. */
  readonly network: (id: string) => Network;
  readonly selectedId: () => string;
}

/**
 * `config` with the user's node `url` added. A node already in the table, however it is typed
 * (`HTTP://host:26657/` is `http://host:26657`), would be probed twice and shown as two rows.
 */
function withNode(network: Network, config: WatchConfig, url: string): WatchConfig {
  const key = httpUrlKey(url);
  if (network.rpcUrls.some((u) => httpUrlKey(u) === key)) throw new ConflictError(`That node is in the table already: it is one of ${network.name}'s own nodes.`);
  if (config.nodes.some((u) => httpUrlKey(u) === key)) throw new ConflictError("That node is in the table already: you added it before.");
  if (config.nodes.length >= MAX_ADDED_NODES) throw new ConflictError(`At most ${MAX_ADDED_NODES} added nodes per network: remove one before adding another.`);
  return { ...config, nodes: [...config.nodes, url] };
}

/** Registers `watch.*`. */
export function registerWatchHandlers(deps: WatchHandlerDeps): NamespaceHandlers<"watch"> {
  const known = (id: string) => deps.network(id).id; // an unknown network is refused before anything is stored
  // The page acts on the alerts it last read: one may have left the history since (a restart
  // on a history kept aside as damaged, or the oldest resolved ones making room).
  const found = <T>(value: T | undefined, verb: string): T => {
    if (value === undefined) throw new AppError("alert_not_found", `That alert is no longer in the history, so there is nothing to ${verb}.`);
    return value;
  };
  return {
    status: (a) => deps.watch.status(known(a.networkId)),
    networks: () => {
      const open = deps.history.all().filter((x) => x.clearedAt === null);
      return {
        networks: deps.watch.following().map((id) => ({
          networkId: id,
          name: deps.watch.networkName(id) ?? id,
          selected: id === deps.selectedId(),
          height: deps.watch.status(id).height,
          openAlerts: open.filter((x) => x.networkId === id).length,
        })),
      };
    },
    addValidator: (a) => deps.watch.addValidator(deps.network(a.networkId), a.address, a.label),
    removeValidator: (a) => deps.watch.removeValidator(known(a.networkId), a.address),
    addNode: (a) => {
      const network = deps.network(a.networkId);
      return deps.store.update(network.id, (c) => withNode(network, c, a.url));
    },
    removeNode: (a) => deps.store.update(known(a.networkId), (c) => ({ ...c, nodes: c.nodes.filter((u) => u !== a.url) })),
    setRules: (a) => deps.store.update(known(a.networkId), (c) => ({ ...c, rules: a.rules, webhook: a.webhook ?? c.webhook })),
    setWebhook: (a) => deps.store.update(known(a.networkId), (c) => ({ ...c, webhook: a.webhook })),
    alerts: (a) => ({ alerts: deps.history.all().filter((x) => !a.networkId || x.networkId === a.networkId).slice(-a.limit).reverse() }),
    acknowledge: (a) => found(deps.watch.acknowledge(a.id), "acknowledge"),
    snooze: (a) => found(deps.watch.snooze(a.id, a.minutes), a.minutes === 0 ? "unsnooze" : "snooze"),
  };
}
