import { z } from "zod";
import { bearerHeader } from "../../../shared/access/bearer.js";
import { AppError } from "../../../shared/app-error.js";
import { BodyTooLargeError, parseBoundedJson, readBodyCapped } from "../../../shared/net/bounded-json.js";
import { AlertsAnswer, ChangesAnswer, ErrorAnswer, RoutesAnswer, ServiceStatusAnswer } from "../../../shared/watch-service/bodies.js";
import { Alert, WatchConfig, type WatchRules } from "../../../shared/contract/watch.js";
import { networkFailure } from "../network-failure.js";

/** A status answer can list every validator of a large set; anything larger is refused unread. */
const MAX_ANSWER_BYTES = 16 << 20;

/** Why a watch service did not answer as one: each worded for the Watch page. */
export class RemoteWatchError extends AppError {}

export interface RemoteWatchClientOptions {
  readonly url: string;
  /** Read per call; never logged, never sent anywhere but `url`'s origin. */
  readonly token: () => Promise<string | undefined>;
  readonly timeoutMs?: number;
  readonly fetchImpl?: typeof fetch;
}

/**
 * Client of a watch service's API (docs/watch-service.md). Every answer is parsed with the
 * service's bodies (shared/watch-service/bodies.ts): the service, or whatever answers at its URL,
 * is hostile until its answer is checked, and a wrong one is refused in words.
 */
export function createRemoteWatchClient(o: RemoteWatchClientOptions) {
  const base = o.url.replace(/\/+$/, "");
  const doFetch = o.fetchImpl ?? fetch;

  async function call<S extends z.ZodType>(method: "GET" | "POST" | "PUT", path: string, schema: S, body?: unknown, extra?: { timeoutMs?: number; signal?: AbortSignal }): Promise<z.output<S>> {
    const headers: Record<string, string> = { accept: "application/json", ...bearerHeader(await o.token()) };
    if (body !== undefined) headers["content-type"] = "application/json";
    const timeout = AbortSignal.timeout(extra?.timeoutMs ?? o.timeoutMs ?? 10_000);
    const signal = extra?.signal ? AbortSignal.any([timeout, extra.signal]) : timeout;
    let status: number;
    let text: string;
    try {
      const response = await doFetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal, redirect: "error" });
      status = response.status;
      text = await readBodyCapped(response, MAX_ANSWER_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new RemoteWatchError("watch_remote_invalid", `The watch service at ${base} answered with more than ${MAX_ANSWER_BYTES >> 20} MB: not a watch service's answer.`);
      if (extra?.signal?.aborted) throw new RemoteWatchError("watch_remote_stopped", "The call to the watch service was stopped.");
      if (timeout.aborted) throw new RemoteWatchError("watch_remote_unreachable", `The watch service at ${base} did not answer in time.`);
      throw new RemoteWatchError("watch_remote_unreachable", `No watch service answered at ${base}: ${networkFailure(error).reason}.`);
    }
    let json: unknown;
    try {
      json = parseBoundedJson(text, 64);
    } catch {
      throw new RemoteWatchError("watch_remote_invalid", `The server at ${base} answered HTTP ${status} with a body that is not JSON: it is not a Cometdesk watch service, or a proxy answered for it.`);
    }
    if (status === 401 || status === 403) throw new RemoteWatchError("watch_remote_unauthorized", `The watch service at ${base} refused the token: copy it again from its config's "token" or its data folder's api-token file.`);
    if (status >= 400) {
      const e = ErrorAnswer.safeParse(json);
      if (e.success) throw new RemoteWatchError(e.data.error.code === "alert_not_found" ? "alert_not_found" : "watch_remote_refused", `The watch service refused: ${e.data.error.message}`, { status });
      throw new RemoteWatchError("watch_remote_invalid", `The server at ${base} answered HTTP ${status}, not as a Cometdesk watch service does.`, { status });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new RemoteWatchError("watch_remote_invalid", `The server at ${base} answered ${method} ${path.split("?")[0]} in a shape a Cometdesk watch service does not use: it is not one, or not of this version.`);
    return parsed.data;
  }

  const alertPath = (id: string) => `/v1/alerts/${encodeURIComponent(id)}`;
  return {
    url: base,
    /** Every network the service watches (or one), each with its chain id. */
    status: (networkId?: string) => call("GET", `/v1/status${networkId ? `?networkId=${encodeURIComponent(networkId)}` : ""}`, ServiceStatusAnswer),
    history: (networkId: string, limit: number) => call("GET", `/v1/history?networkId=${encodeURIComponent(networkId)}&limit=${limit}`, AlertsAnswer),
    acknowledge: (id: string) => call("POST", `${alertPath(id)}/acknowledge`, Alert),
    snooze: (id: string, minutes: number) => call("POST", `${alertPath(id)}/snooze`, Alert, { minutes }),
    putLists: (networkId: string, lists: { validators: Array<{ address: string; label: string }>; nodes: string[] }) => call("PUT", `/v1/networks/${encodeURIComponent(networkId)}/lists`, WatchConfig, lists),
    putRules: (networkId: string, rules: WatchRules) => call("PUT", `/v1/networks/${encodeURIComponent(networkId)}/rules`, WatchConfig, { rules }),
    routes: () => call("GET", "/v1/routes", RoutesAnswer),
    testRoute: (name: string) => call("POST", `/v1/routes/${encodeURIComponent(name)}/test`, z.object({ queued: z.literal(true) }), {}),
    /** The alert changes after `since`, the answer held up to `waitSeconds` until one comes. */
    changes: (since: string | undefined, waitSeconds: number, signal?: AbortSignal) =>
      call("GET", `/v1/changes?wait=${waitSeconds}${since ? `&since=${encodeURIComponent(since)}` : ""}`, ChangesAnswer, undefined, { timeoutMs: (waitSeconds + 10) * 1000, signal }),
  };
}

export type RemoteWatchClient = ReturnType<typeof createRemoteWatchClient>;
