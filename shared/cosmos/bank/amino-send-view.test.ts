import { describe, expect, it } from "vitest";
import { AminoMsgSend } from "./amino.js";
import { aminoSendView } from "./amino-send-view.js";

const send = { type: "cosmos-sdk/MsgSend", value: { from_address: "cosmos1a", to_address: "cosmos1b", amount: [{ denom: "ustake", amount: "5" }] } };
const cases: ReadonlyArray<readonly [string, unknown]> = [
  ["a send", send],
  ["a send of two coins", { ...send, value: { ...send.value, amount: [{ denom: "ustake", amount: "5" }, { denom: "uatom", amount: "1" }] } }],
  ["a send with no coin", { ...send, value: { ...send.value, amount: [] } }],
  ["a send whose value carries more", { ...send, value: { ...send.value, extra: 1 } }],
  ["another message", { type: "cosmos-sdk/MsgDelegate", value: send.value }],
  ["no value", { type: "cosmos-sdk/MsgSend" }],
  ["a null value", { type: "cosmos-sdk/MsgSend", value: null }],
  ["a number as the sender", { ...send, value: { ...send.value, from_address: 7 } }],
  ["no recipient", { ...send, value: { from_address: "cosmos1a", amount: [] } }],
  ["amount not a list", { ...send, value: { ...send.value, amount: { denom: "ustake", amount: "5" } } }],
  ["a coin without its amount", { ...send, value: { ...send.value, amount: [{ denom: "ustake" }] } }],
  ["a coin that is null", { ...send, value: { ...send.value, amount: [null] } }],
  ["a coin's amount as a number", { ...send, value: { ...send.value, amount: [{ denom: "ustake", amount: 5 }] } }],
  ["undefined", undefined],
  ["null", null],
  ["a string", "cosmos-sdk/MsgSend"],
];

describe("aminoSendView", () => {
  it.each(cases)("takes %s exactly when AminoMsgSend does, and reads the same transfer", (_name, msg) => {
    const parsed = AminoMsgSend.safeParse(msg);
    const view = aminoSendView(msg);
    expect(view !== undefined).toBe(parsed.success);
    if (parsed.success) expect(view).toEqual({ from_address: parsed.data.value.from_address, to_address: parsed.data.value.to_address, amount: parsed.data.value.amount });
  });

  it("reads the transfer of a send", () => {
    expect(aminoSendView(send)).toEqual({ from_address: "cosmos1a", to_address: "cosmos1b", amount: [{ denom: "ustake", amount: "5" }] });
    expect(aminoSendView({ type: "cosmos-sdk/MsgDelegate", value: send.value })).toBeUndefined();
  });
});
