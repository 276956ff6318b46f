import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { newBlockFrame } from "./frame-commits.js";
import { blockTxs, newBlockTxs } from "./tx-frames.js";

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
  it("reads each transaction's id from its bytes, with the block's height and its result", async () => {
    expect(frame.result.data.value.result_finalize_block.tx_results[0]!.code).toBe(0);
    expect(newBlockTxs(frame)).toEqual([{ txHash: SENT_HASH, height: "30", code: 0, codespace: undefined, log: undefined }]);
    // Read through the feed's own parse, only when asked.
    expect(await newBlockFrame(recorded)?.txs()).toEqual(newBlockTxs(frame));
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

/**
 * The same block as CometBFT 0.37 and Tendermint 0.34 frame it: `block`, `result_begin_block`
 * and `result_end_block`, and no transaction results (cometbft@v0.37.15 and @v0.34.35
 * types/events.go, EventDataNewBlock; abci/types/types.pb.go, ResponseBeginBlock{Events} and
 * ResponseEndBlock{ValidatorUpdates, ConsensusParamUpdates, Events}).
 */
const frame037 = (): unknown => {
  const f = structuredClone(frame) as unknown as { result: { data: { value: Record<string, unknown> } } };
  const { block } = f.result.data.value;
  f.result.data.value = { block, result_begin_block: { events: [{ type: "mint", attributes: [{ key: "amount", value: "7stake", index: true }] }] }, result_end_block: { validator_updates: [] } };
  return f;
};

describe("a NewBlock frame of CometBFT 0.37 or Tendermint 0.34, which carries no results", () => {
  it("settles its transactions with the results read for its height", async () => {
    const heights: string[] = [];
    const read = async (height: string) => (heights.push(height), [{ code: 5, codespace: "sdk", log: "insufficient funds" }]);
    expect(await blockTxs(frame037(), read)).toEqual([{ txHash: SENT_HASH, height: "30", code: 5, codespace: "sdk", log: "insufficient funds" }]);
    expect(heights).toEqual(["30"]);
    // Through the feed's own parse as well.
    expect(await newBlockFrame(JSON.stringify(frame037()))?.txs(read)).toHaveLength(1);
  });

  it("asks nothing for a frame that carries its results, or a block without transactions", async () => {
    const read = async (): Promise<never> => {
      throw new Error("not asked");
    };
    expect(await blockTxs(frame, read)).toEqual(newBlockTxs(frame));
    const empty = frame037() as { result: { data: { value: { block: { data: { txs: string[] } } } } } };
    empty.result.data.value.block.data.txs = [];
    expect(await blockTxs(empty, read)).toEqual([]);
  });

  it("trusts no results that do not match the transactions or are not results", async () => {
    for (const answer of [[], [{ code: 0 }, { code: 0 }], [{ code: -1 }], "junk"]) {
      expect(await blockTxs(frame037(), async () => answer as never)).toEqual([]);
    }
  });
});
