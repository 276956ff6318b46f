import { z } from "zod";
import { Alert, WatchStatus } from "../contract/watch.js";
import { RouteDelivery } from "../contract/watch-connection.js";

/**
 * The answers of the watch service's API (docs/watch-service.md) that the app reads, in one
 * place: the service builds them and main's remote client parses every answer with these, since
 * whatever crosses the network is hostile until checked.
 */

/** Changes per `GET /v1/changes` answer; a reader behind by more asks again from the cursor it got. */
export const MAX_CHANGES_PER_ANSWER = 500;
/** The longest `wait` a reader may ask `GET /v1/changes` to hold an answer open, in seconds (under the service's 30 s request timeout). */
export const MAX_CHANGES_WAIT_SECONDS = 25;

/**
 * Where a reader of the change stream stands: the service run (`epoch`, new at every start) and
 * the last change it read. Text, so a reader keeps it as it was given.
 */
export const ChangeCursor = z.string().regex(/^[A-Za-z0-9_-]{8,64}\.\d{1,15}$/, "expected a cursor as GET /v1/changes gave it");

export const AlertChange = z.object({ change: z.enum(["fired", "cleared", "acknowledged", "snoozed"]), alert: Alert });
export type AlertChange = z.infer<typeof AlertChange>;

/**
 * `GET /v1/changes`: the alert changes after `since`, oldest first. `reset` says the cursor was of
 * another run of the service (it restarted) or older than the changes it keeps: the answer then
 * gives each kept alert as it stands (its firing, and its clearing when it cleared), and the
 * reader tells only those it has not told before.
 */
export const ChangesAnswer = z.object({
  cursor: ChangeCursor,
  reset: z.boolean(),
  /** More changes wait past `cursor`: ask again at once. */
  more: z.boolean(),
  changes: z.array(AlertChange).max(MAX_CHANGES_PER_ANSWER * 2),
});
export type ChangesAnswer = z.infer<typeof ChangesAnswer>;

export const ServiceStatusAnswer = z.object({ networks: z.array(WatchStatus.extend({ chainId: z.string().min(1).max(128), followError: z.string().max(500).nullable() })).max(100) });
export const AlertsAnswer = z.object({ alerts: z.array(Alert).max(1000) });

export const RoutesAnswer = z.object({ routes: z.array(RouteDelivery).max(100) });

/** Every error the service answers: `{"error":{"code","message"}}`. */
export const ErrorAnswer = z.object({ error: z.object({ code: z.string().max(64), message: z.string().max(1000) }) });
