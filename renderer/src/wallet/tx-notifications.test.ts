import { describe, expect, it } from "vitest";
import type { CometdeskApi } from "../../../shared/api.js";
import type { Network } from "../../../shared/contract/network.js";
import type { TxStatus } from "../../../shared/contract/tx.js";
import { notifyWhenFinal } from "./tx-notifications.js";

/** The two parts of the API this uses: `app.info` (browser mode or not) and `tx.statusChanged` listeners, counted. */
function bridgeApi() {
  const listeners = new Set<(e: { networkId: string; txHash: string; status: TxStatus }) => void>();
  const api = {
    app: { info: async () => ({ ok: true, value: { bridge: true } }) },
    on: (_event: string, listener: (e: never) => void) => {
      listeners.add(listener as never);
      return () => listeners.delete(listener as never);
    },
  } as unknown as CometdeskApi;
  const emit = (txHash: string, status: TxStatus) => [...listeners].forEach((l) => l({ networkId: "n", txHash, status }));
  return { api, listeners, emit };
}
const network = { id: "n" } as Network;
const settle = () => new Promise((r) => setTimeout(r, 0));

describe("browser mode's own notification of a transfer", () => {
  it("stops following the transfer at any final status, and notifies only those the user did not choose", async () => {
    const { api, listeners, emit } = bridgeApi();
    const told: string[] = [];
    const notifier = { notify: (title: string) => void told.push(title) };
    notifyWhenFinal(api, network, { txHash: "AAA", status: "queued" }, notifier);
    notifyWhenFinal(api, network, { txHash: "BBB", status: "broadcast" }, notifier);
    notifyWhenFinal(api, network, { txHash: "CCC", status: "queued" }, notifier);
    await settle();
    expect(listeners.size).toBe(3);
    emit("AAA", "broadcast"); // not final: still followed
    emit("ZZZ", "committed"); // another transfer
    expect(listeners.size).toBe(3);
    emit("AAA", "cancelled");
    emit("BBB", "committed");
    emit("CCC", "expired");
    expect(listeners.size).toBe(0);
    expect(told).toEqual(["Transfer committed", "Transfer expired"]);
  });

  it("says a status that was final at submission at once, and follows nothing", async () => {
    const { api, listeners } = bridgeApi();
    const told: string[] = [];
    const notifier = { notify: (title: string) => void told.push(title) };
    notifyWhenFinal(api, network, { txHash: "DDD", status: "rejected" }, notifier);
    notifyWhenFinal(api, network, { txHash: "EEE", status: "cancelled" }, notifier);
    await settle();
    expect(listeners.size).toBe(0);
    expect(told).toEqual(["Transfer rejected"]);
  });

  it("stops following when main stops: no listener is left behind for a transfer that never settles", async () => {
    const { api, listeners, emit } = bridgeApi();
    const told: string[] = [];
    const notifier = { notify: (title: string) => void told.push(title) };
    notifyWhenFinal(api, network, { txHash: "FFF", status: "broadcast" }, notifier, 20);
    await settle();
    expect(listeners.size).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    expect(listeners.size).toBe(0);
    emit("FFF", "committed"); // too late to be heard
    expect(told).toEqual([]);
  });
});
