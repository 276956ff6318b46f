import { describe, expect, it } from "vitest";
import { txIdOf } from "../../../shared/cosmos/tx-id.js";
import { txIdsOf } from "./chain-adaptor.js";

describe("a block's transaction ids", () => {
  const txs = Array.from({ length: 2_000 }, (_, i) => Buffer.from(`tx number ${i}`).toString("base64"));

  it("are each transaction's id, in order", async () => {
    expect(await txIdsOf(txs)).toEqual(txs.map((tx) => txIdOf(Buffer.from(tx, "base64"))));
    expect(await txIdsOf([])).toEqual([]);
  });

  it("are hashed a slice at a time, so main's event loop turns while a large block is hashed", async () => {
    const turns: number[] = [];
    let done = false;
    const ids = txIdsOf(txs).then((result) => ((done = true), result));
    // Each callback queued for the loop's next turn runs before the hashing ends, not after it.
    const tick = (): void => {
      if (done) return;
      turns.push(turns.length);
      setImmediate(tick);
    };
    setImmediate(tick);
    expect(await ids).toHaveLength(txs.length);
    expect(turns.length).toBeGreaterThanOrEqual(2);
  });
});
