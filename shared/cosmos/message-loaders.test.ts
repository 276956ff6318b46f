import { describe, expect, it } from "vitest";
import { codecsReady, decodeWith, loadCodecs, loadedCodec } from "./message-loaders.js";
import { MESSAGE_CODECS } from "./messages.js";

const ALL = Object.keys(MESSAGE_CODECS);

describe("message codecs loaded on demand", () => {
  it("knows no module before it is asked for one, then only the modules asked for", async () => {
    expect(codecsReady(ALL)).toBe(false);
    expect(loadedCodec("/cosmos.bank.v1beta1.MsgSend")).toBeUndefined();
    await loadCodecs(["/cosmos.bank.v1beta1.MsgSend"]);
    expect(loadedCodec("/cosmos.bank.v1beta1.MsgSend")).toBe(MESSAGE_CODECS["/cosmos.bank.v1beta1.MsgSend"]);
    expect(codecsReady(["/cosmos.bank.v1beta1.MsgMultiSend"])).toBe(true);
    expect(codecsReady(["/cosmos.staking.v1beta1.MsgDelegate"])).toBe(false);
  });

  it("reaches every codec of the signing registry, the same objects", async () => {
    await loadCodecs(ALL);
    expect(codecsReady(ALL)).toBe(true);
    for (const typeUrl of ALL) expect(loadedCodec(typeUrl), typeUrl).toBe(MESSAGE_CODECS[typeUrl as keyof typeof MESSAGE_CODECS]);
  });

  it("needs nothing for unknown types and never answers with an object's own properties", async () => {
    await loadCodecs(["/example.v1.MsgUnknown", "/cosmos.bank.constructor"]);
    expect(codecsReady(["/example.v1.MsgUnknown"])).toBe(true);
    expect(loadedCodec("/cosmos.bank.constructor")).toBeUndefined();
    expect(loadedCodec("/cosmos.bank.__proto__")).toBeUndefined();
    expect(decodeWith(loadedCodec, "/example.v1.MsgUnknown", new Uint8Array([1]))).toBeUndefined();
  });

  it("gives undefined, not a throw, for bytes its codec cannot read", async () => {
    await loadCodecs(["/cosmos.bank.v1beta1.MsgSend"]);
    expect(decodeWith(loadedCodec, "/cosmos.bank.v1beta1.MsgSend", new Uint8Array([0xff, 0xff, 0xff]))).toBeUndefined();
  });
});
