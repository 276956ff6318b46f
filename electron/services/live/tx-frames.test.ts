import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { txFrame } from "./tx-frames.js";

/**
 * A Tx frame recorded from the devnet's node (`tm.event='Tx'`, a transfer committed at height
 * 171), and hostile variants of it. The node names the transaction in the frame's own
 * `tx.hash` event attribute; the parser computes the id from the bytes and must agree with it.
 */
const recorded = readFileSync(new URL("./tx-frame.recorded.json", import.meta.url), "utf8");
const frame = JSON.parse(recorded) as { result: { events: Record<string, string[]>; data: { value: { TxResult: { tx: string; result: Record<string, unknown> } } } } };
const variant = (edit: (f: typeof frame) => void) => {
  const copy = structuredClone(frame);
  edit(copy);
  return JSON.stringify(copy);
};

describe("the node's Tx frames", () => {
  it("reads the transaction's id from its bytes, the block's height and a result code left out as 0", () => {
    expect(frame.result.data.value.TxResult.result.code).toBeUndefined();
    expect(txFrame(recorded)).toEqual({ txHash: frame.result.events["tx.hash"]![0], height: "171", code: 0, codespace: undefined, log: undefined });
  });

  it("reads a failed transaction's code and codespace", () => {
    const failed = variant((f) => Object.assign(f.result.data.value.TxResult.result, { code: 5, codespace: "sdk", log: "insufficient funds" }));
    expect(txFrame(failed)).toMatchObject({ code: 5, codespace: "sdk", log: "insufficient funds" });
  });

  it("ignores what is not a Tx frame, and a Tx frame of the wrong shape", () => {
    const junk = [
      "",
      "not json",
      '{"jsonrpc":"2.0","id":"cometdesk-tx","result":{}}',
      JSON.stringify({ result: { data: { type: "tendermint/event/NewBlock", value: { block: { header: { height: "3" } } } } } }),
      variant((f) => (f.result.data.value.TxResult.tx = "")),
      variant((f) => (f.result.data.value.TxResult.tx = "not base64!")),
      variant((f) => Object.assign(f.result.data.value.TxResult, { height: "-1" })),
      variant((f) => Object.assign(f.result.data.value.TxResult.result, { code: "0" })),
      variant((f) => Object.assign(f.result.data, { type: "tendermint/event/NewBlock" })),
      `{"result":{"data":{"type":"tendermint/event/Tx","value":{"TxResult":{"height":"1","tx":"${"A".repeat(17 << 20)}","result":{}}}}}}`,
    ];
    for (const text of junk) expect(txFrame(text)).toBeUndefined();
  });
});
