import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeSignDoc, serializeSignDoc } from "@cosmjs/amino";
import { Secp256k1, Secp256k1Signature, sha256 } from "@cosmjs/crypto";
import { fromBech32, toBech32 } from "@cosmjs/encoding";
import { beforeAll, describe, expect, it } from "vitest";
import type { EventPayload } from "../../../shared/events.js";
import { createEventHub } from "../event-hub.js";
import { createProblemLog } from "../storage/problems.js";
import { openVault } from "./vault.js";

// The devnet's public test mnemonic for alice (devnet/accounts.json): test-only, never real value.
const ALICE = JSON.parse(readFileSync("devnet/accounts.json", "utf8")).accounts[0] as { mnemonic: string; address: string };

function fresh(autoLockMs = 0) {
  const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-vault-"));
  const events = createEventHub();
  const locks: Array<EventPayload<"wallet.lockChanged">> = [];
  events.listen((event, payload) => event === "wallet.lockChanged" && locks.push(payload as EventPayload<"wallet.lockChanged">));
  const vault = openVault({ dataDir, prefix: () => "cosmos", autoLockMs: () => autoLockMs, events });
  return { vault, dataDir, path: join(dataDir, "vault.json"), locks, events };
}

const signDoc = (from: string) =>
  makeSignDoc([{ type: "cosmos-sdk/MsgSend", value: { from_address: from, to_address: from, amount: [{ denom: "ucomet", amount: "1" }] } }],
    { amount: [{ denom: "ucomet", amount: "500" }], gas: "200000" }, "cometdesk-devnet", "", 0, 0);

const docOf = (...msgs: ReadonlyArray<{ type: string; value: Record<string, unknown> }>) =>
  makeSignDoc([...msgs], { amount: [{ denom: "ucomet", amount: "500" }], gas: "200000" }, "cometdesk-devnet", "", 0, 0);

const verifies = (doc: ReturnType<typeof docOf>, signature: string, pubKey: string) =>
  Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(Buffer.from(signature, "base64")), sha256(serializeSignDoc(doc)), Buffer.from(pubKey, "base64"));

describe("the vault", () => {
  let v: ReturnType<typeof fresh>;
  beforeAll(async () => {
    v = fresh();
    await v.vault.import(ALICE.mnemonic, "correct horse");
  });

  it("derives the same address as the chain's own tooling and lists it while locked", () => {
    v.vault.lock();
    expect(v.vault.accounts().map((a) => a.address)).toEqual([ALICE.address]);
    expect(v.vault.status()).toMatchObject({ exists: true, locked: true, accountCount: 1 });
  });

  it("keeps the mnemonic out of the file", () => {
    const text = readFileSync(v.path, "utf8");
    for (const word of ALICE.mnemonic.split(" ").filter((w) => w.length > 5)) expect(text).not.toContain(word);
    expect(JSON.parse(text).sealed.kdf).toMatchObject({ name: "scrypt", N: 131072, r: 8, p: 1 });
  });

  it("refuses a wrong password and stays locked", async () => {
    await expect(v.vault.unlock("wrong horse")).rejects.toMatchObject({ code: "wrong_password" });
    expect(v.vault.status().locked).toBe(true);
    await expect(v.vault.signAmino(ALICE.address, signDoc(ALICE.address))).rejects.toMatchObject({ code: "wallet_locked" });
  });

  it("signs a MsgSend sign doc that verifies against the account's key, once unlocked", async () => {
    await v.vault.unlock("correct horse");
    const doc = signDoc(ALICE.address);
    const { signature, pubKey } = await v.vault.signAmino(ALICE.address, doc);
    const ok = await Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(Buffer.from(signature, "base64")), sha256(serializeSignDoc(doc)), Buffer.from(pubKey, "base64"));
    expect(ok).toBe(true);
  });

  it("refuses to sign a transfer from another address", async () => {
    await v.vault.unlock("correct horse");
    const other = "cosmos14wjvzyulndke4nfte4pm035gad8908uw0ss0l3";
    await expect(v.vault.signAmino(other, signDoc(other))).rejects.toMatchObject({ code: "unknown_signer" });
  });

  it("signs any registered message whose declared signer is the account, a validator's by its operator address", async () => {
    await v.vault.unlock("correct horse");
    const valoper = toBech32("cosmosvaloper", fromBech32(ALICE.address, 90).data);
    for (const msg of [
      { type: "cosmos-sdk/MsgDelegate", value: { delegator_address: ALICE.address, validator_address: valoper, amount: { denom: "ucomet", amount: "1" } } },
      { type: "cosmos-sdk/MsgVote", value: { proposal_id: "1", voter: ALICE.address, option: 1 } },
      { type: "cosmos-sdk/MsgUnjail", value: { address: valoper } },
      { type: "cosmos-sdk/MsgModifyWithdrawAddress", value: { delegator_address: ALICE.address, withdraw_address: ALICE.address } },
    ]) {
      const doc = docOf(msg);
      const { signature, pubKey } = await v.vault.signAmino(ALICE.address, doc);
      expect(await verifies(doc, signature, pubKey)).toBe(true);
    }
  });

  it("refuses a known message whose signer is another address, and a message type no module declares", async () => {
    await v.vault.unlock("correct horse");
    const other = toBech32("cosmos", new Uint8Array(20).fill(7));
    const otherValoper = toBech32("cosmosvaloper", fromBech32(other, 90).data);
    const refused = async (msgs: ReadonlyArray<{ type: string; value: Record<string, unknown> }>, code: string) =>
      expect(v.vault.signAmino(ALICE.address, docOf(...msgs))).rejects.toMatchObject({ code });
    await refused([{ type: "cosmos-sdk/MsgSend", value: { from_address: other, to_address: ALICE.address, amount: [{ denom: "ucomet", amount: "1" }] } }], "signer_mismatch");
    await refused([{ type: "cosmos-sdk/MsgDelegate", value: { delegator_address: other, validator_address: otherValoper, amount: { denom: "ucomet", amount: "1" } } }], "signer_mismatch");
    await refused([{ type: "cosmos-sdk/MsgUnjail", value: { address: otherValoper } }], "signer_mismatch");
    // The account's own address where the operator address belongs is not the same signer.
    await refused([{ type: "cosmos-sdk/MsgUnjail", value: { address: ALICE.address } }], "signer_mismatch");
    // One foreign message among the account's own spoils the whole document.
    await refused([signDoc(ALICE.address).msgs[0]!, { type: "cosmos-sdk/MsgVote", value: { proposal_id: "1", voter: other, option: 1 } }], "signer_mismatch");
    // A type no module declares, even one carrying the account in a familiar field.
    await refused([{ type: "cosmos-sdk/MsgGrant", value: { granter: ALICE.address, from_address: ALICE.address } }], "unregistered_message");
    await refused([{ type: "__proto__", value: { from_address: ALICE.address } }], "unregistered_message");
    await refused([], "unregistered_message");
  });

  it("reveals the mnemonic only with the password, even while unlocked", async () => {
    await expect(v.vault.reveal("nope")).rejects.toMatchObject({ code: "wrong_password" });
    expect(await v.vault.reveal("correct horse")).toEqual({ mnemonic: ALICE.mnemonic });
  });
});

describe("a vault file that was tampered with", () => {
  const tampered = async (edit: (file: { sealed: { kdf: { salt: string; N: number }; cipher: { nonce: string }; ciphertext: string }; accounts: Array<{ label: string }> }) => void) => {
    const f = fresh();
    await f.vault.import(ALICE.mnemonic, "correct horse");
    f.vault.lock();
    const file = JSON.parse(readFileSync(f.path, "utf8"));
    edit(file);
    writeFileSync(f.path, JSON.stringify(file));
    return f.vault.unlock("correct horse");
  };
  const flip = (b64: string) => {
    const bytes = Buffer.from(b64, "base64");
    bytes[0] = bytes[0]! ^ 1;
    return bytes.toString("base64");
  };

  it("does not open when its ciphertext, salt or nonce changed", async () => {
    await expect(tampered((f) => (f.sealed.ciphertext = flip(f.sealed.ciphertext)))).rejects.toMatchObject({ code: "wrong_password" });
    await expect(tampered((f) => (f.sealed.kdf.salt = flip(f.sealed.kdf.salt)))).rejects.toMatchObject({ code: "wrong_password" });
    await expect(tampered((f) => (f.sealed.cipher.nonce = flip(f.sealed.cipher.nonce)))).rejects.toMatchObject({ code: "wrong_password" });
  }, 30_000);

  it("does not open when its clear account list changed", async () => {
    await expect(tampered((f) => (f.accounts[0]!.label = "mine now"))).rejects.toMatchObject({ code: "wrong_password" });
  });

  it("refuses key-derivation parameters below the floor", async () => {
    await expect(tampered((f) => (f.sealed.kdf.N = 1024))).rejects.toMatchObject({ code: "vault_corrupt" });
  });
});

describe("vault lifecycle", () => {
  it("creates a 24-word mnemonic, adds accounts, and changes the password", async () => {
    const f = fresh();
    const created = await f.vault.create("first password", 24);
    expect(created.mnemonic.split(" ")).toHaveLength(24);
    await expect(f.vault.create("again", 12)).rejects.toMatchObject({ code: "wallet_exists" });
    const second = await f.vault.addAccount("Savings");
    expect(second).toMatchObject({ index: 1, label: "Savings" });
    await f.vault.changePassword("first password", "second password");
    f.vault.lock();
    await expect(f.vault.unlock("first password")).rejects.toMatchObject({ code: "wrong_password" });
    await f.vault.unlock("second password");
    expect(f.vault.accounts().map((a) => a.label)).toEqual(["Account 1", "Savings"]);
    expect(await f.vault.reveal("second password")).toEqual({ mnemonic: created.mnemonic });
    f.vault.close();
  }, 30_000);

  it("lets only one of two wallets created at once be stored, and shows only that one's phrase", async () => {
    const f = fresh();
    const [a, b] = await Promise.allSettled([f.vault.create("first password", 12), f.vault.create("first password", 12)]);
    const made = [a, b].filter((r) => r.status === "fulfilled");
    const refused = [a, b].filter((r) => r.status === "rejected");
    expect(made).toHaveLength(1);
    expect(refused).toEqual([expect.objectContaining({ reason: expect.objectContaining({ code: "wallet_exists" }) })]);
    // The phrase the user was shown is the one the file holds.
    expect(await f.vault.reveal("first password")).toEqual({ mnemonic: (made[0] as PromiseFulfilledResult<{ mnemonic: string }>).value.mnemonic });
    const other = fresh();
    const both = await Promise.allSettled([other.vault.create("first password", 12), other.vault.import(ALICE.mnemonic, "first password")]);
    expect(both.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const stored = (await other.vault.reveal("first password")).mnemonic;
    expect(both[0]!.status === "fulfilled" ? (both[0] as PromiseFulfilledResult<{ mnemonic: string }>).value.mnemonic : ALICE.mnemonic).toBe(stored);
    f.vault.close();
    other.vault.close();
  }, 60_000);

  it("keeps a damaged wallet file aside, reports it, and never overwrites it", async () => {
    const f = fresh();
    writeFileSync(f.path, '{"version":1,"accounts":[');
    const problems = createProblemLog();
    const vault = openVault({ dataDir: f.dataDir, prefix: () => "cosmos", autoLockMs: () => 0, events: f.events, problems });
    await expect(vault.unlock("whatever")).rejects.toMatchObject({ code: "vault_corrupt" });
    expect(problems.list()).toHaveLength(1);
    expect(readFileSync(problems.list()[0]!.keptAs, "utf8")).toBe('{"version":1,"accounts":[');
  });

  it("refuses an invalid mnemonic", async () => {
    await expect(fresh().vault.import("not a real mnemonic at all", "password1")).rejects.toMatchObject({ code: "invalid_mnemonic" });
  });

  it("says what is wrong with a phrase: its word count, which word is not BIP39, or its checksum", async () => {
    const words = Array(11).fill("abandon");
    const { vault } = fresh();
    await expect(vault.import(words.join(" "), "password1")).rejects.toMatchObject({ code: "invalid_mnemonic", message: "A recovery phrase has 12 or 24 words (15, 18 or 21 in some wallets); this one has 11." });
    await expect(vault.import([...words.slice(0, 2), "abandonx", ...words.slice(2)].join("\n").toUpperCase(), "password1")).rejects.toMatchObject({ code: "invalid_mnemonic", message: "Word 3 is not a BIP39 word: check its spelling." });
    await expect(vault.import([...words, "abandon"].join(" "), "password1")).rejects.toMatchObject({ code: "invalid_mnemonic", message: "Each word is a BIP39 word, but together they fail the phrase's checksum: a word is wrong or out of order." });
    // Capitals and newlines are the user's, not the phrase's: the valid phrase is taken.
    await expect(vault.import(` ${[...words, "about"].join("\n").toUpperCase()} `, "password1")).resolves.toMatchObject({ accounts: [{ index: 0 }] });
  });

  it("applies a changed idle time at once", async () => {
    let ms = 0;
    const f = fresh();
    const vault = openVault({ dataDir: f.dataDir, prefix: () => "cosmos", autoLockMs: () => ms, events: f.events });
    await vault.import(ALICE.mnemonic, "correct horse");
    const locked = new Promise((resolve) => f.events.listen((e, p) => e === "wallet.lockChanged" && (p as { locked: boolean }).locked && resolve(p)));
    ms = 30;
    vault.rearm();
    expect(await locked).toEqual({ locked: true, reason: "idle" });
  });

  it("counts the idle time from the user's last activity, not from the unlock, and leaves a locked vault locked", async () => {
    const f = fresh(1_000);
    const locks: number[] = [];
    f.events.listen((e, p) => e === "wallet.lockChanged" && (p as { locked: boolean }).locked && locks.push(Date.now()));
    await f.vault.import(ALICE.mnemonic, "correct horse");
    const unlockedAt = Date.now();
    // The user keeps at it for one and a half idle times: the vault stays open all along.
    for (let i = 0; i < 15; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(f.vault.activity().locked).toBe(false);
    }
    expect(locks).toEqual([]);
    const lastActivity = Date.now();
    expect(lastActivity - unlockedAt).toBeGreaterThanOrEqual(1_500);
    await expect.poll(() => locks.length, { timeout: 5_000, interval: 20 }).toBe(1);
    expect(locks[0]! - lastActivity).toBeGreaterThanOrEqual(950);
    expect(f.vault.activity()).toMatchObject({ locked: true });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(locks).toHaveLength(1);
  });

  it("locks itself after the idle time and says so", async () => {
    const f = fresh(50);
    const locked = new Promise((resolve) => f.events.listen((e, p) => e === "wallet.lockChanged" && (p as { locked: boolean }).locked && resolve(p)));
    await f.vault.import(ALICE.mnemonic, "correct horse");
    expect(await locked).toEqual({ locked: true, reason: "idle" });
    expect(f.vault.status().locked).toBe(true);
  });
});
