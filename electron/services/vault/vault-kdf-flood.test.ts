import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createEventHub } from "../event-hub.js";
import { kdfGate } from "./vault-crypto.js";
import { openVault } from "./vault.js";

// The devnet's public test mnemonic for alice (devnet/accounts.json): test-only, never real value.
const ALICE = JSON.parse(readFileSync("devnet/accounts.json", "utf8")).accounts[0] as { mnemonic: string };

describe("a flood of password checks", () => {
  it("runs one scrypt (128 MiB) at a time, lets two wait and refuses the rest with busy", async () => {
    const vault = openVault({ dataDir: mkdtempSync(join(tmpdir(), "cometdesk-vault-")), prefix: () => "cosmos", autoLockMs: () => 0, events: createEventHub() });
    await vault.import(ALICE.mnemonic, "correct horse");
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, kdfGate.running)), 1);
    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) => (i % 2 ? vault.reveal("correct horse") : vault.unlock("correct horse")).then(() => "ok", (e: { code?: string }) => e.code)),
    );
    clearInterval(sampler);
    expect(answers.filter((a) => a === "ok")).toHaveLength(3);
    expect(answers.filter((a) => a === "busy")).toHaveLength(3);
    expect(peak).toBe(1);
    // Nothing is left holding the gate: the next check runs.
    await expect(vault.unlock("correct horse")).resolves.toMatchObject({ locked: false });
    vault.close();
  });
});
