import type { Network } from "../../../shared/contract/network.js";
import { AppError } from "../app-error.js";
import type { NamespaceHandlers } from "../dispatcher.js";
import type { AlertHistory } from "../../../watch/alert-history.js";
import type { Watch } from "../../../watch/watch-service.js";
import type { WatchStore } from "../../../watch/watch-store.js";
import { remoteWatchBackend, remoteWebhookRefused } from "./remote-watch-backend.js";
import type { RemoteWatches } from "./remote-watches.js";
import { withNode } from "./watch-node-list.js";

export interface WatchHandlerDeps {
  readonly watch: Watch;
  readonly store: WatchStore;
  readonly history: AlertHistory;
  /** The networks whose watch runs in a watch service. */
  readonly remote: RemoteWatches;
  /** The network by id; throws for an unknown one. */
  readonly network: (id: string) => Network;
  readonly selectedId: () => string;
}

/** Registers `watch.*`: each network's calls go to this app's watch, or to the watch service it follows. */
export function registerWatchHandlers(deps: WatchHandlerDeps): NamespaceHandlers<"watch"> {
  const known = (id: string) => deps.network(id).id; // an unknown network is refused before anything is stored
  // Chosen once per call, where the network is known: its remote backend, or undefined for the local watch.
  const remoteOf = (id: string) => {
    const network = deps.network(id);
    return deps.remote.isRemote(network.id) ? remoteWatchBackend(deps.remote, network) : undefined;
  };
  // The page acts on the alerts it last read: one may have left the history since (a restart
  // on a history kept aside as damaged, or the oldest resolved ones making room).
  const found = <T>(value: T | undefined, verb: string): T => {
    if (value === undefined) throw new AppError("alert_not_found", `That alert is no longer in the history, so there is nothing to ${verb}.`);
    return value;
  };
  const remoteOfAlert = (id: string) => {
    const networkId = deps.history.get(id) ? undefined : deps.remote.networkOfAlert(id);
    return networkId && deps.remote.isRemote(networkId) ? remoteOf(networkId) : undefined;
  };
  const local = (id: string) => deps.watch.status(known(id));
  return {
    status: async (a) => {
      const remote = remoteOf(a.networkId);
      return { ...(remote ? await remote.status() : local(a.networkId)), connection: deps.remote.connection(a.networkId) };
    },
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
    addValidator: (a) => remoteOf(a.networkId)?.addValidator(a.address, a.label) ?? deps.watch.addValidator(deps.network(a.networkId), a.address, a.label),
    removeValidator: (a) => remoteOf(a.networkId)?.removeValidator(a.address) ?? deps.watch.removeValidator(known(a.networkId), a.address),
    addNode: (a) => {
      const network = deps.network(a.networkId);
      return remoteOf(network.id)?.addNode(a.url) ?? deps.store.update(network.id, (c) => withNode(network, c, a.url));
    },
    removeNode: (a) => remoteOf(a.networkId)?.removeNode(a.url) ?? deps.store.update(known(a.networkId), (c) => ({ ...c, nodes: c.nodes.filter((u) => u !== a.url) })),
    setRules: (a) => remoteOf(a.networkId)?.setRules(a.rules, a.webhook) ?? deps.store.update(known(a.networkId), (c) => ({ ...c, rules: a.rules, webhook: a.webhook ?? c.webhook })),
    setWebhook: (a) => {
      if (remoteOf(a.networkId)) throw remoteWebhookRefused();
      return deps.store.update(known(a.networkId), (c) => ({ ...c, webhook: a.webhook }));
    },
    alerts: async (a) => {
      const remote = a.networkId ? remoteOf(a.networkId) : undefined;
      if (remote) return { alerts: await remote.alerts(a.limit) };
      return { alerts: deps.history.all().filter((x) => !a.networkId || x.networkId === a.networkId).slice(-a.limit).reverse() };
    },
    acknowledge: (a) => remoteOfAlert(a.id)?.acknowledge(a.id) ?? found(deps.watch.acknowledge(a.id), "acknowledge"),
    snooze: (a) => remoteOfAlert(a.id)?.snooze(a.id, a.minutes) ?? found(deps.watch.snooze(a.id, a.minutes), a.minutes === 0 ? "unsnooze" : "snooze"),
    connection: (a) => deps.remote.connection(known(a.networkId)),
    connect: (a) => deps.remote.connect(deps.network(a.networkId), a.url, a.token, a.serviceNetworkId),
    disconnect: (a) => deps.remote.disconnect(known(a.networkId)),
    routes: (a) => {
      const remote = remoteOf(a.networkId);
      if (!remote) throw new AppError("watch_not_remote", "This network's watch runs in this app: routes belong to a watch service.");
      return remote.routes();
    },
    testRoute: (a) => {
      const remote = remoteOf(a.networkId);
      if (!remote) throw new AppError("watch_not_remote", "This network's watch runs in this app: routes belong to a watch service.");
      return remote.testRoute(a.name);
    },
  };
}
