import type { Network } from "../../../shared/contract/network.js";
import { AppError } from "../app-error.js";
import type { NamespaceHandlers } from "../dispatcher.js";
import type { AlertHistory } from "./alert-history.js";
import type { Watch } from "./watch-service.js";
import type { WatchStore } from "./watch-store.js";

export interface WatchHandlerDeps {
  readonly watch: Watch;
  readonly store: WatchStore;
  readonly history: AlertHistory;
  /** The network by id; throws for an unknown one. */
  readonly network: (id: string) => Network;
  readonly selectedId: () => string;
}

/** Registers `watch.*`. */
export function registerWatchHandlers(deps: WatchHandlerDeps): NamespaceHandlers<"watch"> {
  const known = (id: string) => deps.network(id).id; // an unknown network is refused before anything is stored
  const found = <T>(value: T | undefined): T => {
    if (value === undefined) throw new AppError("alert_not_found", "no such alert");
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
    addNode: (a) => deps.store.update(known(a.networkId), (c) => ({ ...c, nodes: [...c.nodes.filter((u) => u !== a.url), a.url] })),
    removeNode: (a) => deps.store.update(known(a.networkId), (c) => ({ ...c, nodes: c.nodes.filter((u) => u !== a.url) })),
    setRules: (a) => deps.store.update(known(a.networkId), (c) => ({ ...c, rules: a.rules, webhook: a.webhook ?? c.webhook })),
    setWebhook: (a) => deps.store.update(known(a.networkId), (c) => ({ ...c, webhook: a.webhook })),
    alerts: (a) => ({ alerts: deps.history.all().filter((x) => !a.networkId || x.networkId === a.networkId).slice(-a.limit).reverse() }),
    acknowledge: (a) => found(deps.watch.acknowledge(a.id)),
    snooze: (a) => found(deps.watch.snooze(a.id, a.minutes)),
  };
}
