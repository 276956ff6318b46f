import { z } from "zod";
import { HttpUrl, Id, IsoTime } from "../primitives.js";
import { method } from "./method.js";

/**
 * Where a network's watch runs: in this app (`local`), or in a watch service the app follows
 * (`remote`, docs/watch-service.md), whose token stays in main. `lastHeardAt` is the last answer
 * from the service; `error` why the last call failed, in words, until one succeeds again.
 */
export const WatchConnection = z.discriminatedUnion("source", [
  z.object({ source: z.literal("local") }),
  z.object({ source: z.literal("remote"), url: HttpUrl, serviceNetworkId: Id, lastHeardAt: IsoTime.nullable(), error: z.string().max(500).nullable() }),
]);
export type WatchConnection = z.infer<typeof WatchConnection>;

/** One route of a watch service and how its deliveries went (`GET /v1/routes`). */
export const RouteDelivery = z.object({
  name: z.string().max(64),
  type: z.string().max(32),
  delivered: z.number().int().min(0),
  failures: z.number().int().min(0),
  givenUp: z.number().int().min(0),
  dropped: z.number().int().min(0),
  pending: z.number().int().min(0),
  lastError: z.string().max(500).nullable(),
  lastErrorAt: IsoTime.nullable(),
});
export type RouteDelivery = z.infer<typeof RouteDelivery>;

const NetworkArg = z.strictObject({ networkId: Id });

/** `watch.*` for a network whose watch runs in a watch service. */
export const watchConnectionMethods = {
  connection: method(NetworkArg, WatchConnection),
  /**
   * Follows the watch service at `url` for this network, once it answered with `token` and
   * watches a network of the same chain (`serviceNetworkId`, or the one it has of that chain).
   */
  connect: method(z.strictObject({ networkId: Id, url: HttpUrl, token: z.string().trim().min(1).max(512), serviceNetworkId: Id.optional() }), WatchConnection),
  /** Back to this app's own watch; the service's token is forgotten. */
  disconnect: method(NetworkArg, WatchConnection),
  /** The remote service's routes and their deliveries; refused for a local watch. */
  routes: method(NetworkArg, z.object({ routes: z.array(RouteDelivery).max(100) })),
  /** Has the remote service send one test message on the route `name`. */
  testRoute: method(z.strictObject({ networkId: Id, name: z.string().min(1).max(64) }), z.object({ queued: z.literal(true) })),
};
