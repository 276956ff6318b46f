import { describe, expect, it } from "vitest";
import { METHOD_NAMES } from "../../shared/contract/index.js";
import { AppError } from "./app-error.js";
import { createDispatcher } from "./dispatcher.js";
import { recordingHandlers } from "./testing/recording-handlers.js";

describe("the dispatcher", () => {
  it("refuses invalid arguments for every method without reaching a service", async () => {
    const { handlers, calls } = recordingHandlers();
    const d = createDispatcher(handlers);
    for (const name of METHOD_NAMES) {
      const answer = await d.dispatch(name, { definitelyNotAnArgument: true });
      expect(answer, name).toMatchObject({ ok: false, error: { code: "invalid_args" } });
    }
    expect(calls).toEqual([]);
  });

  it("refuses unknown and prototype method names", async () => {
    const { handlers, calls } = recordingHandlers();
    const d = createDispatcher(handlers);
    for (const name of ["app.nope", "constructor", "__proto__.x", "chain.", "", "app.ping.extra", "toString"]) {
      expect(await d.dispatch(name, {})).toMatchObject({ ok: false, error: { code: "unknown_method" } });
    }
    expect(calls).toEqual([]);
  });

  it("refuses a call whose sender check fails before parsing anything", async () => {
    const { handlers, calls } = recordingHandlers();
    const answer = await createDispatcher(handlers).dispatch("app.ping", {}, () => false);
    expect(answer).toMatchObject({ ok: false, error: { code: "forbidden_sender" } });
    expect(calls).toEqual([]);
  });

  it("passes parsed arguments (with defaults) and answers the parsed result", async () => {
    const { handlers, calls } = recordingHandlers(() => ({ route: "status", method: "GET", endpoint: "x", elapsedMs: 1, result: { a: 1 } }));
    const answer = await createDispatcher(handlers).dispatch("chain.rawCall", { route: "status", method: "GET" });
    expect(calls).toEqual([{ method: "chain.rawCall", args: { route: "status", params: {}, method: "GET" } }]);
    expect(answer).toEqual({ ok: true, value: { route: "status", method: "GET", endpoint: "x", elapsedMs: 1, result: { a: 1 } } });
  });

  it("turns a service's AppError into its code and message", async () => {
    const { handlers } = recordingHandlers(() => {
      throw new AppError("wallet_locked", "the wallet is locked");
    });
    expect(await createDispatcher(handlers).dispatch("wallet.accounts", {})).toEqual({ ok: false, error: { code: "wallet_locked", message: "the wallet is locked" } });
  });

  it("hides unexpected errors: no message, no stack, no secret", async () => {
    const seen: unknown[] = [];
    const { handlers } = recordingHandlers(() => {
      throw new Error("token=hunter2 at /home/user/secret");
    });
    const answer = await createDispatcher(handlers, { onInternalError: (_m, e) => seen.push(e) }).dispatch("app.ping", {});
    expect(answer).toEqual({ ok: false, error: { code: "internal", message: "internal error" } });
    expect(JSON.stringify(answer)).not.toContain("hunter2");
    expect(seen).toHaveLength(1);
  });

  it("refuses a service answer outside the contract", async () => {
    const { handlers } = recordingHandlers(() => ({ pong: "nope" }));
    expect(await createDispatcher(handlers).dispatch("app.ping", {})).toMatchObject({ ok: false, error: { code: "invalid_result" } });
  });

  it("never echoes a refused password back", async () => {
    const { handlers } = recordingHandlers();
    const answer = await createDispatcher(handlers).dispatch("wallet.unlock", { password: "correct horse battery staple", extra: 1 });
    expect(JSON.stringify(answer)).not.toContain("correct horse");
  });
});
