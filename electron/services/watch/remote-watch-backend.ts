import type { Network } from "../../../shared/contract/network.js";
import type { Alert, WatchConfig, WatchRules, WatchStatus } from "../../../shared/contract/watch.js";
import { AppError } from "../../../shared/app-error.js";
import type { z } from "zod";
import type { RemoteWatches } from "./remote-watches.js";
import { withNode } from "./watch-node-list.js";

type Status = z.infer<typeof WatchStatus>;

/**
 * One network's watch as it runs in a watch service: the Watch page's calls, answered by the
 * service's API with its network's id turned into this app's. The lists are edited as the
 * service takes them, whole (`PUT /v1/networks/{id}/lists`).
 */
export function remoteWatchBackend(remote: RemoteWatches, network: Network) {
  const call = <T>(run: Parameters<typeof remote.call<T>>[1]) => remote.call(network.id, run);
  const ours = (a: Alert): Alert => ({ ...a, networkId: network.id });
  const lists = (config: WatchConfig) => ({ validators: config.validators.map((v) => ({ address: v.ref || v.address, label: v.label })), nodes: config.nodes });
  /** Reads the service's lists, changes them and puts them back whole. */
  const editLists = (change: (l: ReturnType<typeof lists>, config: WatchConfig, status: Status) => ReturnType<typeof lists>) =>
    call(async (client, sid) => {
      const [s] = (await client.status(sid)).networks;
      if (!s) throw new AppError("watch_remote_no_network", `The watch service no longer watches "${sid}".`);
      return client.putLists(sid, change(lists(s.config), s.config, s));
    });
  return {
    status: (): Promise<Status> =>
      call(async (client, sid) => {
        const [s] = (await client.status(sid)).networks;
        if (!s) throw new AppError("watch_remote_no_network", `The watch service no longer watches "${sid}".`);
        const { chainId: _chain, followError: _why, ...status } = s;
        return { ...status, networkId: network.id };
      }),
    alerts: (limit: number): Promise<Alert[]> =>
      call(async (client, sid) => {
        const { alerts } = await client.history(sid, limit);
        remote.remember(network.id, alerts);
        return alerts.map(ours);
      }),
    addValidator: (address: string, label: string | undefined) => editLists((l) => ({ ...l, validators: [...l.validators, { address, label: label ?? "" }] })),
    removeValidator: (address: string) => editLists((l, c) => ({ ...l, validators: l.validators.filter((_v, i) => c.validators[i]?.address !== address) })),
    // The service's own nodes are those of its config, which the app's network need not name.
    addNode: (url: string) => editLists((l, c, s) => ({ ...l, nodes: withNode({ ...network, rpcUrls: s.nodes.filter((n) => n.source === "network").map((n) => n.url) }, c, url).nodes })),
    removeNode: (url: string) => editLists((l) => ({ ...l, nodes: l.nodes.filter((u) => u !== url) })),
    /** The rules; a webhook other than the service's own is refused, since the service's config sets it. */
    setRules: (rules: WatchRules, webhook: WatchConfig["webhook"] | undefined) =>
      call(async (client, sid) => {
        if (webhook) {
          const [s] = (await client.status(sid)).networks;
          if (webhook.url !== (s?.config.webhook.url ?? null)) throw remoteWebhookRefused();
        }
        return client.putRules(sid, rules);
      }),
    acknowledge: (id: string) => call(async (client) => ours(await client.acknowledge(id))),
    snooze: (id: string, minutes: number) => call(async (client) => ours(await client.snooze(id, minutes))),
    routes: () => call((client) => client.routes()),
    testRoute: (name: string) => call((client) => client.testRoute(name)),
  };
}

/** A webhook is the app's own; a watch service sends through the routes of its config file. */
export const remoteWebhookRefused = () => new AppError("watch_remote_webhook", "This network's watch runs in a watch service: its webhook and routes are set in the service's config file (docs/watch-service.md, \"Routes\").");
