import { describe, expect, it } from "vitest";
import { cliKeyInput, exportPassphraseProblem } from "./cli-key-form.js";

describe("the CLI key field", () => {
  it("sends an armor as armor and 64 hex characters as hex", () => {
    expect(cliKeyInput("  -----BEGIN TENDERMINT PRIVATE KEY-----\n…\n")).toEqual({ ok: true, input: { armor: "-----BEGIN TENDERMINT PRIVATE KEY-----\n…" } });
    expect(cliKeyInput(`${"ab".repeat(32)}\n`)).toEqual({ ok: true, input: { hex: "ab".repeat(32) } });
  });
  it("says what is wrong with anything else", () => {
    expect(cliKeyInput(" ")).toMatchObject({ ok: false, problem: expect.stringMatching(/Paste the exported key/) });
    expect(cliKeyInput("abcd")).toMatchObject({ ok: false, problem: expect.stringMatching(/64 hexadecimal characters/) });
    expect(cliKeyInput("my key")).toMatchObject({ ok: false, problem: expect.stringMatching(/neither an armored key/) });
  });
});

describe("the export passphrase", () => {
  it("is at least 8 characters, at most 72 bytes, and typed the same twice", () => {
    expect(exportPassphraseProblem("short", "short")).toMatch(/at least 8/);
    expect(exportPassphraseProblem("é".repeat(40), "é".repeat(40))).toMatch(/72 bytes/);
    expect(exportPassphraseProblem("a long one", "a long 0ne")).toMatch(/differ/);
    expect(exportPassphraseProblem("a long one", "a long one")).toBeUndefined();
  });
});
