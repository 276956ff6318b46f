import { describe, expect, it } from "vitest";
import { createCometdeskApi, type InvokeFn, type SubscribeFn } from "./api.js";
import { contract, METHOD_NAMES } from "./contract/index.js";

const noEvents: SubscribeFn = () => () => {};

describe("createCometdeskApi", () => {
  it("exposes one function per contract method and nothing generic", () => {
    const api = createCometdeskApi(async () => ({ ok: true, value: {} }), noEvents) as unknown as Record<string, Record<string, unknown>>;
    for (const ns of Object.keys(contract)) {
      expect(Object.keys(api[ns]!).sort()).toEqual(Object.keys(contract[ns as keyof typeof contract]).sort());
    }
    expect(Object.keys(api).sort()).toEqual([...Object.keys(contract), "on"].sort());
    expect(METHOD_NAMES.every((n) => typeof api[n.split(".")[0]!]![n.split(".")[1]!] === "function")).toBe(true);
    expect(Object.isFrozen(api)).toBe(true);
  });

  it("sends the method name and arguments, and parses the answer with the result schema", async () => {
    const sent: Array<[string, unknown]> = [];
    const invoke: InvokeFn = async (method, args) => {
      sent.push([method, args]);
      return { ok: true, value: { hasToken: true, plainHttp: false, token: "must not survive" } };
    };
    const api = createCometdeskApi(invoke, noEvents);
    const answer = await api.network.tokenStatus({ id: "devnet" });
    expect(sent).toEqual([["network.tokenStatus", { id: "devnet" }]]);
    expect(answer).toEqual({ ok: true, value: { hasToken: true, plainHttp: false } });
  });

  it("turns an answer outside the contract into an error instead of passing it on", async () => {
    const api = createCometdeskApi(async () => ({ ok: true, value: { pong: "yes" } }), noEvents);
    expect(await api.app.ping()).toMatchObject({ ok: false, error: { code: "invalid_result" } });
    const garbage = createCometdeskApi(async () => "garbage", noEvents);
    expect(await garbage.app.ping()).toMatchObject({ ok: false, error: { code: "invalid_result" } });
  });

  it("delivers only event payloads that match the contract", () => {
    let emit: (p: unknown) => void = () => {};
    const api = createCometdeskApi(async () => ({}), (_e, l) => ((emit = l), () => {}));
    const seen: unknown[] = [];
    api.on("wallet.lockChanged", (p) => seen.push(p));
    emit({ locked: "maybe" });
    emit({ locked: true, reason: "idle" });
    expect(seen).toEqual([{ locked: true, reason: "idle" }]);
  });
});
