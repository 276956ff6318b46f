import { toBase64 } from "@cosmjs/encoding";
import { describe, expect, it } from "vitest";
import { chunkText } from "./genesis-chunks.js";

const bytes = new TextEncoder().encode('{"chain_id":"dévnet"}');

describe("genesis chunks", () => {
  it("decodes a chunk as text and marks a character split at its edge", () => {
    expect(chunkText({ chunk: 0, total: 1, data: toBase64(bytes) })).toEqual({ index: 0, total: 1, bytes: bytes.length, text: '{"chain_id":"dévnet"}' });
    const cut = bytes.indexOf(0xc3) + 1;
    expect(chunkText({ chunk: 0, total: 2, data: toBase64(bytes.slice(0, cut)) }).text.endsWith("\uFFFD")).toBe(true);
  });
});
