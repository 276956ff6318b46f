import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createProblemLog } from "../storage/problems.js";
import { openFileTokenStore } from "./file-token-store.js";
import { openSafeStorageTokenStore, type SafeStorageLike } from "./safe-storage-token-store.js";

/**
 * Electron's safeStorage cannot run here (no Electron binary). This stand-in only reverses its
 * input, so the test can tell sealed from plain bytes; the OS keychain itself is Electron's.
 */
function keychain(backend: string, available = true): SafeStorageLike {
  return {
    isEncryptionAvailable: () => available,
    encryptString: (s) => Buffer.from(`sealed:${[...s].reverse().join("")}`),
    decryptString: (b) => [...b.toString().replace(/^sealed:/, "")].reverse().join(""),
    getSelectedStorageBackend: () => backend,
  };
}
const dir = () => mkdtempSync(join(tmpdir(), "cometdesk-tokens-"));

describe("the safeStorage token store", () => {
  it("stores only sealed bytes and reads the token back after a restart", async () => {
    const d = dir();
    const open = () => openSafeStorageTokenStore({ dataDir: d, safeStorage: keychain("gnome_libsecret"), plainTextConsent: () => false, problems: createProblemLog() });
    await open().set("devnet", "abc-token-123");
    expect(readFileSync(join(d, "tokens.json"), "utf8")).not.toContain("abc-token-123");
    expect(await open().get("devnet")).toBe("abc-token-123");
    const store = open();
    await store.clear("devnet");
    expect(await store.has("devnet")).toBe(false);
  });

  it("refuses the plain-text fallback without consent, and says why", async () => {
    let consent = false;
    const store = openSafeStorageTokenStore({ dataDir: dir(), safeStorage: keychain("basic_text"), plainTextConsent: () => consent, problems: createProblemLog() });
    await expect(store.set("devnet", "t")).rejects.toMatchObject({ code: "token_storage_unavailable", message: expect.stringMatching(/basic_text.*plain text/) });
    consent = true;
    await store.set("devnet", "t");
    expect(await store.get("devnet")).toBe("t");
  });

  it("refuses when no encryption is available at all", async () => {
    const store = openSafeStorageTokenStore({ dataDir: dir(), safeStorage: keychain("unknown", false), plainTextConsent: () => true, problems: createProblemLog() });
    await expect(store.set("devnet", "t")).rejects.toMatchObject({ code: "token_storage_unavailable" });
  });
});

describe("the bridge's file token store", () => {
  it("keeps tokens across restarts in an owner-only file", async () => {
    const d = dir();
    await openFileTokenStore(d, createProblemLog()).set("devnet", "t1");
    expect(await openFileTokenStore(d, createProblemLog()).get("devnet")).toBe("t1");
  });
});
