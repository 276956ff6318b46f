import type { QueryFunctionContext } from "@tanstack/react-query";
import type { CometdeskApi } from "../../../shared/api.js";

const twins = new WeakMap<CometdeskApi, CometdeskApi>();

/**
 * The same named methods as `api`, each call marked as a refresh nobody asked for: main runs it
 * at background priority, so at a rate-limited node it waits behind the reads a person is
 * waiting for (shared/api.ts `CallOptions`). Events are the api's own.
 */
export function inBackground(api: CometdeskApi): CometdeskApi {
  const known = twins.get(api);
  if (known) return known;
  const twin: Record<string, unknown> = { on: api.on };
  for (const [ns, methods] of Object.entries(api as unknown as Record<string, unknown>)) {
    if (ns === "on" || typeof methods !== "object" || methods === null) continue;
    const marked: Record<string, unknown> = {};
    for (const [name, fn] of Object.entries(methods as Record<string, unknown>)) {
      if (typeof fn === "function") marked[name] = (args?: unknown) => (fn as (a: unknown, c: { background: true }) => unknown)(args, { background: true });
    }
    twin[ns] = Object.freeze(marked);
  }
  const frozen = Object.freeze(twin) as unknown as CometdeskApi;
  twins.set(api, frozen);
  return frozen;
}

/**
 * The api a polled query's read goes through: its first load is the user's read, and each
 * refetch of data already shown (its `refetchInterval` came round) goes through `inBackground`.
 */
export function apiFor(api: CometdeskApi, context: Pick<QueryFunctionContext, "client" | "queryKey">): CometdeskApi {
  return context.client.getQueryData(context.queryKey) === undefined ? api : inBackground(api);
}
