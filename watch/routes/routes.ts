import type { Alert } from "../../shared/contract/watch.js";
import { type RouteConfig, type RouteEvent, routeRequest, routeTakes } from "./route-messages.js";
import { createRouteQueue, type RouteQueueOptions, type RouteStats } from "./route-queue.js";

/** The alert a route's test message tells of (`POST /v1/routes/{name}/test`). */
export function testAlert(at: number): Alert {
  const iso = new Date(at).toISOString();
  return { id: `test-${at}`, networkId: "test", key: "node_down:test", kind: "node_down", subject: "this route", title: "Test message from the Cometdesk watch", message: "The route works: this is a test, nothing is wrong.", firedAt: iso, clearedAt: null, acknowledgedAt: null, snoozedUntil: null };
}

export interface RoutesOptions {
  readonly routes: readonly RouteConfig[];
  /** The network's name for the words, by id. */
  readonly networkName: (networkId: string) => string;
  readonly queue?: Omit<RouteQueueOptions, "name">;
  readonly now?: () => number;
}

/**
 * Every configured route with its own queue: an alert that fires or clears goes to each route
 * that takes its network and severity, and a slow or failing provider delays only its own route.
 */
export function createRoutes(options: RoutesOptions) {
  const now = options.now ?? Date.now;
  const routes = options.routes.map((config) => ({ config, queue: createRouteQueue({ ...options.queue, name: `${config.type} route "${config.name}"`, provider: config.type }) }));

  return {
    /** An alert fired or cleared; a snoozed one is told to no one. */
    alert(change: string, alert: Alert): void {
      if (change !== "fired" && change !== "cleared") return;
      if (alert.snoozedUntil && Date.parse(alert.snoozedUntil) > now()) return;
      const event: RouteEvent = { change, alert, networkName: options.networkName(alert.networkId) };
      for (const r of routes) if (routeTakes(r.config, event)) r.queue.push(routeRequest(r.config, event));
    },
    /** Sends one test message through `name`, whatever its filters; false when no route has that name. */
    test(name: string): boolean {
      const r = routes.find((x) => x.config.name === name);
      if (!r) return false;
      r.queue.push(routeRequest(r.config, { change: "fired", alert: testAlert(now()), networkName: "test" }));
      return true;
    },
    stats: (): Array<{ name: string; type: RouteConfig["type"] } & RouteStats> => routes.map((r) => ({ name: r.config.name, type: r.config.type, ...r.queue.stats() })),
    settled: () => Promise.all(routes.map((r) => r.queue.settled())).then(() => undefined),
    stop: () => routes.forEach((r) => r.queue.stop()),
  };
}

export type Routes = ReturnType<typeof createRoutes>;
