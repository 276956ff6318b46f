import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { type CallOptions, createCometdeskApi } from "../../../shared/api.js";
import { apiFor, inBackground } from "./background.js";

/** The real api object over an invoke that records how each call was made. */
function recordingApi() {
  const calls: Array<{ method: string; call: CallOptions | undefined }> = [];
  const api = createCometdeskApi(
    (method, _args, call) => (calls.push({ method, call }), Promise.resolve({ ok: true, value: { pong: true } })),
    () => () => {},
  );
  return { api, calls };
}

describe("a refresh nobody asked for", () => {
  it("is marked background on every named method of the twin, and only there", async () => {
    const { api, calls } = recordingApi();
    await inBackground(api).app.ping();
    await api.app.ping();
    expect(calls).toEqual([{ method: "app.ping", call: { background: true } }, { method: "app.ping", call: undefined }]);
    expect(inBackground(api)).toBe(inBackground(api));
    expect(inBackground(api).on).toBe(api.on);
  });

  it("is a polled query's refetch of data it shows, never its first load", async () => {
    const { api, calls } = recordingApi();
    const client = new QueryClient();
    const options = { queryKey: ["ping"], queryFn: (c: Parameters<typeof apiFor>[1]) => apiFor(api, c).app.ping() };
    await client.fetchQuery(options);
    await client.refetchQueries({ queryKey: ["ping"] });
    // A query with no data yet (a failed read being tried again) is the user's read again.
    client.removeQueries({ queryKey: ["ping"] });
    await client.fetchQuery(options);
    expect(calls.map((c) => c.call?.background === true)).toEqual([false, true, false]);
  });
});
