import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { newBlockFrame } from "./frame-commits.js";
import { newBlockTxs } from "./tx-frames.js";

/**
 * A NewBlock frame recorded from the devnet's node (`tm.event='NewBlock'`, height 30, holding one
 * transfer whose hash the node gave when it was sent), and hostile variants of it.
 */
const recorded = readFileSync(new URL("./newblock-frame.recorded.json", import.meta.url), "utf8");
const SENT_HASH = "26ED450920D1CEF97E6D7E1119FCEA682E94965EB46F709088A92EB514CA2682";
type Frame = { result: { data: { value: { block: { data: { txs: string[] } }; result_finalize_block: { tx_results: Array<Record<string, unknown>> } } } } };
const frame = JSON.parse(recorded) as Frame;
const variant = (edit: (f: Frame) => void): unknown => {
  const copy = structuredClone(frame);
  edit(copy);
  return copy;
};

describe("a NewBlock frame's transactions", () => {
  it("reads each transaction's id from its bytes, with the block's height and its result", () => {
    expect(frame.result.data.value.result_finalize_block.tx_results[0]!.code).toBe(0);
    expect(newBlockTxs(frame)).toEqual([{ txHash: SENT_HASH, height: "30", code: 0, codespace: undefined, log: undefined }]);
    // Read through the feed's own parse, only when asked.
    expect(newBlockFrame(recorded)?.txs()).toEqual(newBlockTxs(frame));
  });

  it("reads a failed transaction's code, codespace and log, and a code left out as 0", () => {
    const failed = variant((f) => Object.assign(f.result.data.value.result_finalize_block.tx_results[0]!, { code: 5, codespace: "sdk", log: "insufficient funds" }));
    expect(newBlockTxs(failed)).toMatchObject([{ code: 5, codespace: "sdk", log: "insufficient funds" }]);
    const noCode = variant((f) => delete f.result.data.value.result_finalize_block.tx_results[0]!.code);
    expect(newBlockTxs(noCode)).toMatchObject([{ code: 0 }]);
  });

  it("reads nothing from a block without transactions or a frame of the wrong shape", () => {
    const junk = [
      undefined,
      "text",
      { result: {} },
      variant((f) => (f.result.data.value.block.data.txs = [])),
      variant((f) => delete (f.result.data.value as Record<string, unknown>).result_finalize_block),
      // As many results as transactions, or none is trusted.
      variant((f) => f.result.data.value.result_finalize_block.tx_results.push({ code: 0 })),
      variant((f) => f.result.data.value.block.data.txs.push(f.result.data.value.block.data.txs[0]!)),
      variant((f) => (f.result.data.value.block.data.txs[0] = "not base64!")),
      // Base64's letters, but not a length base64 can have.
      variant((f) => (f.result.data.value.block.data.txs[0] = "abcde")),
      variant((f) => (f.result.data.value.block.data.txs[0] = "")),
      variant((f) => Object.assign(f.result.data.value.result_finalize_block.tx_results[0]!, { code: "0" })),
      variant((f) => Object.assign(f.result.data.value.result_finalize_block.tx_results[0]!, { code: -1 })),
      variant((f) => Object.assign((f.result.data.value.block as unknown as { header: { height: string } }).header, { height: "-1" })),
    ];
    for (const input of junk) expect(newBlockTxs(input)).toEqual([]);
  });
});
