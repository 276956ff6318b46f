import { afterEach, describe, expect, it } from "vitest";
import type { Tx } from "../../../shared/contract/tx.js";
import type { EventPayload } from "../../../shared/events.js";
import { createEventHub } from "../event-hub.js";
import type { ChainTx } from "../live/tx-frames.js";
import { createTxWatcher, type TxWatcher } from "./tx-watcher.js";

const HASH = "26ED450920D1CEF97E6D7E1119FCEA682E94965EB46F709088A92EB514CA2682";
const OTHER = "B".repeat(64);
const pending: Tx = {
  txHash: HASH,
  from: "cosmos1edhrppagujenjy8s82rplhj85atl5v7eeusulc",
  to: "cosmos14wjvzyulndke4nfte4pm035gad8908uw0ss0l3",
  amount: "1ucomet",
  status: "broadcast",
  memo: "",
  time: "2026-11-23T20:00:00.000Z",
};
const inBlock = (txHash: string, code = 0): ChainTx => ({ txHash, height: "30", code, codespace: code ? "sdk" : undefined, log: code ? "out of gas" : undefined });

let watcher: TxWatcher | undefined;
afterEach(() => watcher?.stop());

/** A watcher whose poll of the service never settles anything (its follow is far behind), and what it emits. */
function world() {
  const events = createEventHub();
  const changes: Array<EventPayload<"tx.statusChanged">> = [];
  events.listen((event, payload) => {
    if (event === "tx.statusChanged") changes.push(payload as EventPayload<"tx.statusChanged">);
  });
  watcher = createTxWatcher({ events, fetchTx: async () => pending, intervalMs: 60_000 });
  return { watcher, changes };
}

describe("the watcher settles the app's transactions from the blocks the feed announces", () => {
  it("reads no block's transactions while none of the app's waits on that network", async () => {
    const { watcher } = world();
    let reads = 0;
    const txs = () => {
      reads++;
      return [inBlock(HASH)];
    };
    await watcher.settleBlock("devnet", txs);
    watcher.watch("other-net", pending);
    await watcher.settleBlock("devnet", txs);
    expect(reads).toBe(0);
    watcher.watch("devnet", pending);
    await watcher.settleBlock("devnet", txs);
    expect(reads).toBe(1);
  });

  it("commits a watched transaction found in a block, shows it so over the service's record, and ignores the rest", async () => {
    const { watcher, changes } = world();
    watcher.watch("devnet", pending);
    await watcher.settleBlock("devnet", () => [inBlock(OTHER), inBlock(HASH)]);
    expect(changes).toEqual([
      { networkId: "devnet", txHash: HASH, status: "broadcast", previous: null },
      { networkId: "devnet", txHash: HASH, status: "committed", previous: "broadcast" },
    ]);
    expect(watcher.overlay("devnet", pending)).toMatchObject({ status: "committed", height: "30", code: 0 });
    // Another network's record of the same id, and a transaction the app never watched, are left as the service says.
    expect(watcher.overlay("other-net", pending).status).toBe("broadcast");
    expect(watcher.overlay("devnet", { ...pending, txHash: OTHER }).status).toBe("broadcast");
    // Settled once: the same block again changes nothing.
    await watcher.settleBlock("devnet", () => [inBlock(HASH)]);
    expect(changes).toHaveLength(2);
  });

  it("fails a watched transaction the block holds with an error code, with the chain's words", async () => {
    const { watcher, changes } = world();
    watcher.watch("devnet", { ...pending, history: [] });
    await watcher.settleBlock("devnet", () => [inBlock(HASH, 11)]);
    expect(changes.at(-1)).toMatchObject({ status: "failed", previous: "broadcast" });
    expect(watcher.overlay("devnet", { ...pending, history: [] })).toMatchObject({
      status: "failed",
      code: 11,
      codespace: "sdk",
      log: "out of gas",
      history: [{ status: "failed", detail: "included at height 30 and failed: out of gas" }],
    });
  });
});

describe("a block whose frame carries no results (CometBFT 0.37, Tendermint 0.34)", () => {
  it("settles once its results are read, and a read that fails settles nothing and throws nothing", async () => {
    const { watcher, changes } = world();
    watcher.watch("devnet", pending);
    await watcher.settleBlock("devnet", () => Promise.reject(new Error("block_results: no node answered")));
    expect(changes).toHaveLength(1);
    await watcher.settleBlock("devnet", async () => [inBlock(HASH)]);
    expect(changes.at(-1)).toMatchObject({ status: "committed", previous: "broadcast" });
  });
});

describe("the watcher announces what the app submits", () => {
  it("says once, as it starts to follow a transaction, that it was submitted, so lists already open show it before it settles", () => {
    const { watcher, changes } = world();
    watcher.watch("devnet", pending);
    watcher.watch("devnet", pending);
    expect(changes).toEqual([{ networkId: "devnet", txHash: HASH, status: "broadcast", previous: null }]);
  });

  it("announces a submission that is final at once too, and does not follow it", async () => {
    const { watcher, changes } = world();
    watcher.watch("devnet", { ...pending, status: "rejected" });
    expect(changes).toEqual([{ networkId: "devnet", txHash: HASH, status: "rejected", previous: null }]);
    await watcher.settleBlock("devnet", () => [inBlock(HASH)]);
    expect(changes).toHaveLength(1);
  });

  it("does not fail the submission when the service named it with something that is not a hash", () => {
    const { watcher, changes } = world();
    expect(() => watcher.watch("devnet", { ...pending, txHash: "<img src=x>" })).not.toThrow();
    expect(changes).toEqual([]);
  });
});
