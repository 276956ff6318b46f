import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeSignDoc, serializeSignDoc } from "@cosmjs/amino";
import { Secp256k1, Secp256k1Signature, sha256 } from "@cosmjs/crypto";
import { toBase64 } from "@cosmjs/encoding";
import { afterEach, describe, expect, it } from "vitest";
import { createEventHub } from "../event-hub.js";
import { createLedgerDevice, type LedgerProgress } from "../ledger/ledger-device.js";
import { loadTranscripts, replay, NO_TRANSCRIPTS, TRANSCRIPTS_DIR } from "../ledger/test/transcripts.js";
import { openVault } from "../vault/vault.js";
import { modeFor } from "./account-signer.js";
import { EXTERNAL_INDEX_BASE, openExternalAccounts } from "./external-accounts.js";
import { ledgerAccountHandlers, ledgerKind } from "./ledger-kind.js";
import { createSigners } from "./signers.js";
import { vaultAccounts } from "./vault-kind.js";

// A Ledger account through the one signer interface, the device replayed from the recordings:
// added once the device showed its address (transcript 18), then signing a transfer (transcript 01).
const transcripts = loadTranscripts();
const t18 = transcripts.get("18-show-address")!;
const t01 = transcripts.get("01-msg-send")!;
const cro = { id: "cro-devnet", name: "Crypto.org devnet", bech32Prefix: "cro", coinType: 394 };
const opened: Array<{ close(): unknown }> = [];
afterEach(() => opened.splice(0).forEach((v) => v.close()));

async function wallet(apdus: string) {
  const data = mkdtempSync(join(tmpdir(), "cometdesk-ledger-kind-"));
  const vault = openVault({ dataDir: data, prefix: () => "cro", autoLockMs: () => 0, events: createEventHub() });
  opened.push(vault);
  const external = openExternalAccounts(data);
  const { transport, store } = await replay(apdus);
  const progress: LedgerProgress[] = [];
  const device = createLedgerDevice({ openTransport: async () => transport, onProgress: (p) => progress.push(p) });
  const signers = createSigners({ vault: vaultAccounts(vault), external, kinds: { ledger: ledgerKind(device) } });
  const handlers = ledgerAccountHandlers({ device, external, network: () => cro });
  return { external, signers, handlers, store, progress };
}

describe.skipIf(!TRANSCRIPTS_DIR)(TRANSCRIPTS_DIR ? "the Ledger kind" : `the Ledger kind: ${NO_TRANSCRIPTS}`, () => {
  it("adds an account once the device showed its address, then signs amino JSON through the signer interface", async () => {
    const { signers, handlers, store, progress } = await wallet(t18.apdus + t01.apdus);
    const added = await handlers.addLedgerAccount({ networkId: cro.id, index: 0, label: "Operator" });
    expect(added).toEqual({ index: EXTERNAL_INDEX_BASE, label: "Operator", address: t18.address, pubKey: t18.pubkey.base64, kind: "ledger" });
    expect(progress.map((p) => `${p.operation}:${p.stage}`)).toEqual(["show:confirm", "show:done"]);
    expect(signers.accounts(cro).map((a) => [a.kind, a.address])).toEqual([["ledger", t18.address]]);

    const signer = signers.signerFor(cro, t01.address);
    expect(signer.signModes).toEqual(["SIGN_MODE_LEGACY_AMINO_JSON"]);
    expect(modeFor(signer)).toBe("SIGN_MODE_LEGACY_AMINO_JSON");
    expect(() => modeFor(signer, "SIGN_MODE_DIRECT")).toThrow(/cannot sign in SIGN_MODE_DIRECT/);
    expect(signer.pubKeyAny()!.typeUrl).toBe("/cosmos.crypto.secp256k1.PubKey");

    const { signature } = await signer.sign({ mode: "SIGN_MODE_LEGACY_AMINO_JSON", signDoc: t01.signDoc!.object });
    expect(toBase64(signature)).toBe(t01.signature!.base64);
    const ok = await Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(signature), sha256(serializeSignDoc(t01.signDoc!.object)), Buffer.from(t01.pubkey.hex, "hex"));
    expect(ok).toBe(true);
    store.ensureQueueEmpty();
  });

  it("refuses before asking the device: DIRECT, a message another account signs, a sign doc past the device's limits", async () => {
    const { signers, handlers, store } = await wallet(t18.apdus);
    await handlers.addLedgerAccount({ networkId: cro.id, index: 0 });
    const signer = signers.signerFor(cro, t18.address);
    const reject = (p: Promise<unknown>) => p.then(() => "signed", (e: { code?: string }) => e.code);
    const direct = { mode: "SIGN_MODE_DIRECT" as const, signDoc: { bodyBytes: new Uint8Array(), authInfoBytes: new Uint8Array(), chainId: "c", accountNumber: 0n } };
    expect(await reject(signer.sign(direct))).toBe("cannot_sign_here");
    const other = { ...t01.signDoc!.object, msgs: [{ type: "cosmos-sdk/MsgSend", value: { ...t01.signDoc!.object.msgs[0]!.value, from_address: "cro1jfcgheg7kmzrhgfv7vmt4azprr3sdfqcg4jqyx" } }] };
    expect(await reject(signer.sign({ mode: "SIGN_MODE_LEGACY_AMINO_JSON", signDoc: other }))).toBe("signer_mismatch");
    const send = t01.signDoc!.object.msgs[0]!;
    const twenty = makeSignDoc(Array.from({ length: 20 }, () => send), t01.signDoc!.object.fee, "c", "", "7", "3");
    expect(await reject(signer.sign({ mode: "SIGN_MODE_LEGACY_AMINO_JSON", signDoc: twenty }))).toBe("ledger_too_many_messages");
    const large = makeSignDoc([send], t01.signDoc!.object.fee, "c", "x".repeat(9000), "7", "3");
    expect(await reject(signer.sign({ mode: "SIGN_MODE_LEGACY_AMINO_JSON", signDoc: large }))).toBe("ledger_too_large");
    // The device was asked nothing past adding the account.
    store.ensureQueueEmpty();
  });

  it("adds nothing when the user rejects the address on the device", async () => {
    const rejected = t18.apdus.replace(/<= [0-9a-f]+9000\n$/, "<= 6986\n");
    expect(rejected).not.toBe(t18.apdus);
    const { external, handlers } = await wallet(rejected);
    const error = await handlers.addLedgerAccount({ networkId: cro.id, index: 0 }).catch((e: { code?: string; message?: string }) => e);
    expect(error).toMatchObject({ code: "ledger_rejected", message: "You rejected the address on the Ledger" });
    expect(external.onNetwork(cro.id)).toEqual([]);
  });
});
