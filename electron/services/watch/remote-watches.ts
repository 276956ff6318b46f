import type { Network } from "../../../shared/contract/network.js";
import type { Alert } from "../../../shared/contract/watch.js";
import type { WatchConnection } from "../../../shared/contract/watch-connection.js";
import type { EventHub } from "../../../shared/event-hub.js";
import type { Notifier } from "../../../shared/notifier.js";
import type { AlertChange, ChangesAnswer } from "../../../shared/watch-service/bodies.js";
import { AppError } from "../../../shared/app-error.js";
import { createRemoteWatchClient, type RemoteWatchClient, RemoteWatchError } from "./remote-watch-client.js";
import type { WatchConnections } from "./watch-connections.js";

/** How long one `GET /v1/changes` is held open by the service when nothing changes. */
export const CHANGES_WAIT_SECONDS = 20;
/** A catch-up with more changes than this is told in one notification. */
export const SUMMARY_OVER = 3;

export interface RemoteWatchesDeps {
  readonly connections: WatchConnections;
  readonly events: EventHub;
  readonly notifier?: Notifier;
  readonly networkName: (networkId: string) => string;
  readonly fetchImpl?: typeof fetch;
  readonly now?: () => number;
  /** A network became remote or local again: the local watch follows it or lets it go. */
  readonly onChange?: () => void;
}

interface Live {
  readonly client: RemoteWatchClient;
  readonly serviceNetworkId: string;
  lastHeardAt: number | null;
  error: string | null;
  stop: AbortController;
}

const told = (c: AlertChange) => (c.change === "fired" || c.change === "cleared" ? `${c.change}:${c.alert.id}` : undefined);
const worded = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 500);

/**
 * The networks whose watch runs in a watch service: a client per network, and a reader of the
 * service's change stream (`GET /v1/changes`, held open until a change comes) that turns every
 * alert the service raises or clears into the same `watch.alert` event and desktop notification a
 * local alert gives. How far it read is kept on disk, so changes made while the app was closed
 * are told at the next start, and each firing or clearing is told once, even when a restarted
 * service gives its history again.
 */
export function createRemoteWatches(deps: RemoteWatchesDeps) {
  const now = deps.now ?? Date.now;
  const live = new Map<string, Live>();
  /** Which network a remote alert belongs to, for `watch.acknowledge` and `watch.snooze`, which name only the alert. */
  const alertNetworks = new Map<string, string>();
  let started = false;

  const clientOf = (networkId: string, url: string) => createRemoteWatchClient({ url, token: () => deps.connections.token(networkId, url), fetchImpl: deps.fetchImpl });

  function open(networkId: string): void {
    const r = deps.connections.get(networkId);
    if (!r || live.has(networkId)) return;
    const l: Live = { client: clientOf(networkId, r.url), serviceNetworkId: r.serviceNetworkId, lastHeardAt: null, error: null, stop: new AbortController() };
    live.set(networkId, l);
    void follow(networkId, l);
  }

  function close(networkId: string): void {
    live.get(networkId)?.stop.abort();
    live.delete(networkId);
  }

  async function follow(networkId: string, l: Live): Promise<void> {
    let pause = 1_000;
    let first = true;
    while (!l.stop.signal.aborted) {
      const r = deps.connections.get(networkId);
      if (!r) return;
      try {
        const answer = await l.client.changes(r.cursor, first ? 0 : CHANGES_WAIT_SECONDS, l.stop.signal);
        if (l.stop.signal.aborted) return;
        heard(l);
        tell(networkId, l, answer, first || answer.reset);
        first = answer.more; // a catch-up that spans several answers is told as one
        pause = 1_000;
      } catch (error) {
        if (l.stop.signal.aborted) return;
        failed(l, error);
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(t);
            l.stop.signal.removeEventListener("abort", done); // a long outage adds no listener per retry
            resolve();
          };
          const t = setTimeout(done, pause);
          l.stop.signal.addEventListener("abort", done, { once: true });
        });
        pause = Math.min(pause * 2, 30_000);
      }
    }
  }

  /** Emits and notifies the changes of one answer not told before, then keeps the cursor and what was told. */
  function tell(networkId: string, l: Live, answer: ChangesAnswer, catchUp: boolean): void {
    const r = deps.connections.get(networkId);
    if (!r) return;
    const done = new Set(r.told);
    const fresh: AlertChange[] = [];
    for (const c of answer.changes) {
      if (c.alert.networkId !== l.serviceNetworkId) continue;
      const key = told(c);
      if (key ? done.has(key) : answer.reset) continue; // a replayed history says nothing new of acknowledgements
      if (key) done.add(key);
      fresh.push({ change: c.change, alert: { ...c.alert, networkId } });
    }
    // Kept before anyone is told: a crash in between loses a notification rather than repeating it.
    deps.connections.advance(networkId, answer.cursor, [...done]);
    for (const c of fresh) {
      alertNetworks.set(c.alert.id, networkId);
      deps.events.emit("watch.alert", c);
    }
    const notable = fresh.filter((c) => (c.change === "fired" || c.change === "cleared") && !(c.alert.snoozedUntil && Date.parse(c.alert.snoozedUntil) > now()));
    const name = deps.networkName(networkId);
    if (catchUp && notable.length > SUMMARY_OVER) {
      const fired = notable.filter((c) => c.change === "fired").length;
      deps.notifier?.notify(`${notable.length} watch changes on ${name} while away`, `${fired} fired, ${notable.length - fired} cleared: ${notable.slice(0, 3).map((c) => c.alert.title).join("; ")}…`.slice(0, 500));
      return;
    }
    for (const c of notable) notify(c, name);
  }

  function notify(c: AlertChange, name: string): void {
    const title = c.alert.title.includes(name) ? c.alert.title : `${c.alert.title} (${name})`.slice(0, 200);
    if (c.change === "fired") deps.notifier?.notify(title, c.alert.message);
    else deps.notifier?.notify(`Resolved: ${title}`, `Cleared at ${c.alert.clearedAt ?? ""}. ${c.alert.message}`.slice(0, 500));
  }

  function heard(l: Live): void {
    l.lastHeardAt = now();
    l.error = null;
  }
  function failed(l: Live, error: unknown): void {
    l.error = worded(error);
  }

  /** A call to a remote watch that records when the service was last heard from, or why it was not. */
  async function call<T>(networkId: string, run: (client: RemoteWatchClient, serviceNetworkId: string) => Promise<T>): Promise<T> {
    const l = live.get(networkId);
    if (!l) throw new AppError("watch_not_remote", "This network's watch runs in this app, not in a watch service.");
    try {
      const value = await run(l.client, l.serviceNetworkId);
      heard(l);
      return value;
    } catch (error) {
      if (error instanceof RemoteWatchError && error.code !== "watch_remote_refused" && error.code !== "alert_not_found") failed(l, error);
      else heard(l); // the service answered, with a refusal
      throw error;
    }
  }

  function connection(networkId: string): WatchConnection {
    const r = deps.connections.get(networkId);
    if (!r) return { source: "local" };
    const l = live.get(networkId);
    return { source: "remote", url: r.url, serviceNetworkId: r.serviceNetworkId, lastHeardAt: l?.lastHeardAt ? new Date(l.lastHeardAt).toISOString() : null, error: l?.error ?? null };
  }

  return {
    start(): void {
      started = true;
      for (const id of deps.connections.ids()) open(id);
    },
    isRemote: (networkId: string): boolean => deps.connections.get(networkId) !== undefined,
    connection,
    call,
    /** The app network of a remote alert seen in a list or the stream. */
    networkOfAlert: (id: string): string | undefined => alertNetworks.get(id),
    remember(networkId: string, alerts: readonly Alert[]): void {
      for (const a of alerts) alertNetworks.set(a.id, networkId);
    },
    /**
     * Checks that `url` is a watch service that takes `token` and watches a network of `network`'s
     * chain, then keeps it and follows it from now on: alerts already in its history are not told.
     */
    async connect(network: Network, url: string, token: string, serviceNetworkId?: string): Promise<WatchConnection> {
      const client = createRemoteWatchClient({ url, token: async () => token, fetchImpl: deps.fetchImpl });
      const { networks } = await client.status();
      const same = networks.filter((n) => n.chainId === network.chainId);
      const chosen = serviceNetworkId ? networks.find((n) => n.networkId === serviceNetworkId) : same[0];
      if (serviceNetworkId && !chosen) throw new AppError("watch_remote_no_network", `The watch service at ${client.url} watches no network "${serviceNetworkId}"; it watches ${networks.map((n) => n.networkId).join(", ") || "none"}.`);
      if (!chosen || chosen.chainId !== network.chainId) throw new AppError("watch_remote_wrong_chain", `The watch service at ${client.url} watches no network of chain ${network.chainId}${chosen ? ` ("${chosen.networkId}" is ${chosen.chainId})` : `; it watches ${networks.map((n) => `${n.networkId} (${n.chainId})`).join(", ") || "none"}`}.`);
      if (!serviceNetworkId && same.length > 1) throw new AppError("watch_remote_ambiguous", `The watch service at ${client.url} watches ${same.length} networks of chain ${network.chainId} (${same.map((n) => n.networkId).join(", ")}): name the one to follow.`);
      // The cursor first, then the history: an alert raised in between is in both, and told once.
      const { cursor } = await client.changes(undefined, 0);
      const { alerts } = await client.history(chosen.networkId, 1000);
      const toldBefore = alerts.flatMap((a) => [`fired:${a.id}`, ...(a.clearedAt ? [`cleared:${a.id}`] : [])]);
      close(network.id);
      await deps.connections.set(network.id, { url: client.url, serviceNetworkId: chosen.networkId, cursor, told: toldBefore }, token);
      if (started) open(network.id);
      const l = live.get(network.id);
      if (l) heard(l);
      deps.onChange?.();
      return connection(network.id);
    },
    async disconnect(networkId: string): Promise<WatchConnection> {
      close(networkId);
      if (deps.connections.get(networkId)) await deps.connections.remove(networkId);
      deps.onChange?.();
      return { source: "local" };
    },
    stop(): void {
      started = false;
      for (const id of [...live.keys()]) close(id);
    },
  };
}

export type RemoteWatches = ReturnType<typeof createRemoteWatches>;
