import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useSmallDisk } from "../../../devnet/test/small-disk.js";
import { createEventHub } from "../event-hub.js";
import { openOutbox, type StoredSend } from "../tx/outbox.js";
import { openVault } from "../vault/vault.js";
import { StorageWriteError } from "./atomic-file.js";
import { createProblemLog } from "./problems.js";

/**
 * The vault and the outbox on a really full disk (a small tmpfs): the kernel answers a write with
 * a short count when part of it fits, then ENOSPC. The old file survives, the error says what
 * happened, and nothing that was stored is lost.
 */
const { skip, disk } = useSmallDisk(1 << 20);

// The devnet's public test mnemonic for alice (devnet/accounts.json): test-only, never real value.
const ALICE = JSON.parse(readFileSync("devnet/accounts.json", "utf8")).accounts[0] as { mnemonic: string };
const PASSWORD = "correct horse battery";
const label = (i: number) => `account ${i} `.padEnd(64, "·").slice(0, 64);

const send = (requestId: string): StoredSend => ({
  requestId, networkId: "devnet", txHash: "A".repeat(64), from: "cosmos1a", to: "cosmos1b", amount: "1ucomet", nonce: "3", state: "signed", createdAt: new Date(0).toISOString(),
  body: { from: "cosmos1a", to: "cosmos1b", amount: "1ucomet", nonce: "3", signature: "c2ln".repeat(20), publicKey: "cHVi".repeat(11), memo: requestId },
});

describe.skipIf(skip !== undefined)(`stored files on a full disk${skip ? ` (skipped: ${skip})` : ""}`, () => {

  it("keeps the vault whole when the disk takes only part of its new version, and keeps the phrase", { timeout: 120_000 }, async () => {
    const d = disk();
    const dataDir = join(d.dir, "wallet");
    const vault = openVault({ dataDir, prefix: () => "cosmos", autoLockMs: () => 0, events: createEventHub() });
    await vault.import(ALICE.mnemonic, PASSWORD);
    // Enough accounts that the file spans more than one block of the disk.
    for (let i = 1; i < 32; i++) await vault.addAccount(label(i));
    const path = join(dataDir, "vault.json");
    const before = readFileSync(path);
    expect(before.length).toBeGreaterThan(4096);

    d.fill(4096); // one block free: the write takes 4096 bytes, then the disk is full
    const error = await vault.addAccount(label(32)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageWriteError);
    expect(error).toMatchObject({ code: "disk_full", message: "could not save vault.json: the disk is full; the previous version is kept, and nothing was changed" });
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(readdirSync(dataDir)).toEqual(["vault.json"]);

    d.fill(0); // nothing free at all
    await expect(vault.changePassword(PASSWORD, "a new password")).rejects.toMatchObject({ code: "disk_full" });
    expect(readFileSync(path).equals(before)).toBe(true);

    // The stored vault still opens with the old password and holds the phrase.
    vault.lock();
    expect((await vault.reveal(PASSWORD)).mnemonic).toBe(ALICE.mnemonic);
    expect(vault.status()).toMatchObject({ exists: true, accountCount: 32 });
    d.unfill();
    await vault.unlock(PASSWORD);
    expect((await vault.addAccount(label(32))).index).toBe(32);
    vault.close();
  });

  it("keeps the outbox whole, and the send unstored, when the disk is full", () => {
    const d = disk();
    const dataDir = join(d.dir, "outbox");
    const outbox = openOutbox(dataDir, createProblemLog());
    for (let i = 0; i < 100; i++) outbox.put(send(`signed-${i}`));
    const path = join(dataDir, "outbox.json");
    const before = readFileSync(path);

    d.fill(4096);
    expect(() => outbox.put(send("one-more"))).toThrow(StorageWriteError);
    expect(() => outbox.update("signed-0", { state: "submitted" })).toThrow(/could not save outbox\.json: the disk is full/);
    // Neither the file nor what the app acts on changed: no submission follows a failed put.
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(outbox.byRequest("one-more")).toBeUndefined();
    expect(outbox.byRequest("signed-0")?.state).toBe("signed");
    expect(readdirSync(dataDir)).toEqual(["outbox.json"]);
    const reopened = openOutbox(dataDir, createProblemLog());
    expect(reopened.unconfirmed()).toHaveLength(100);

    d.unfill();
    outbox.put(send("one-more"));
    expect(openOutbox(dataDir, createProblemLog()).unconfirmed()).toHaveLength(101);
  });
});
