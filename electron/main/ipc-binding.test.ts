import { describe, expect, it } from "vitest";
import { METHOD_NAMES } from "../../shared/contract/index.js";
import { createDispatcher } from "../services/dispatcher.js";
import { readPriority } from "../services/rpc/read-priority.js";
import { recordingHandlers } from "../services/testing/recording-handlers.js";
import { bindIpc, type InvokeEventLike, type IpcMainLike } from "./ipc-binding.js";
import { securityBaseline } from "./security.js";

/** An ipcMain stand-in that keeps the registered listeners so the test can invoke them like Electron does. */
function ipcTable() {
  const handlers = new Map<string, (event: InvokeEventLike, args: unknown, call?: unknown) => Promise<unknown>>();
  const ipc: IpcMainLike = { handle: (c, l) => void handlers.set(c, l), removeHandler: (c) => void handlers.delete(c) };
  return { ipc, handlers };
}

const baseline = securityBaseline({ preload: "/p.cjs" });
const topFrame = (url: string) => ({ url, parent: null });

describe("IPC binding", () => {
  const priorities: string[] = [];
  const { handlers: h, calls } = recordingHandlers((method) => (priorities.push(readPriority()), method === "app.ping" ? { pong: true } : {}));
  const { ipc, handlers } = ipcTable();
  const unbind = bindIpc(ipc, { dispatcher: createDispatcher(h), webContentsId: 7, isTrustedSender: baseline.isTrustedSender });

  it("registers exactly one named channel per contract method, and nothing generic", () => {
    expect([...handlers.keys()].sort()).toEqual([...METHOD_NAMES].sort());
  });

  it("answers the main window's top frame on the app origin", async () => {
    const answer = await handlers.get("app.ping")!({ sender: { id: 7 }, senderFrame: topFrame("app://cometdesk/index.html") }, {});
    expect(answer).toEqual({ ok: true, value: { pong: true } });
    expect(calls.map((c) => c.method)).toEqual(["app.ping"]);
  });

  it("runs a call the preload marks as background at background priority; anything else it sends is the user's", async () => {
    priorities.length = 0;
    const event = { sender: { id: 7 }, senderFrame: topFrame("app://cometdesk/index.html") };
    for (const call of [{ background: true }, undefined, { background: "true" }, true, "background"]) {
      expect(await handlers.get("app.ping")!(event, {}, call)).toEqual({ ok: true, value: { pong: true } });
    }
    expect(priorities).toEqual(["background", "user", "user", "user", "user"]);
  });

  it("refuses other windows, subframes and foreign origins before any service runs", async () => {
    calls.length = 0;
    const events: InvokeEventLike[] = [
      { sender: { id: 8 }, senderFrame: topFrame("app://cometdesk/index.html") },
      { sender: { id: 7 }, senderFrame: { url: "app://cometdesk/index.html", parent: {} } },
      { sender: { id: 7 }, senderFrame: topFrame("https://evil.example/") },
      { sender: { id: 7 }, senderFrame: null },
    ];
    for (const event of events) {
      expect(await handlers.get("wallet.reveal")!(event, { password: "x" })).toMatchObject({ ok: false, error: { code: "forbidden_sender" } });
    }
    expect(calls).toEqual([]);
  });

  it("removes every handler when unbound", () => {
    unbind();
    expect(handlers.size).toBe(0);
  });
});
