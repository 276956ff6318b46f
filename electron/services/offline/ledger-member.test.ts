import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pubkeyToAddress, type MultisigThresholdPubkey } from "@cosmjs/amino";
import { fromBase64, fromHex, toBase64, toHex } from "@cosmjs/encoding";
import { decodePubkey, encodePubkey } from "@cosmjs/proto-signing";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { MultiSignature } from "cosmjs-types/cosmos/crypto/multisig/v1beta1/multisig";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { afterEach, describe, expect, it } from "vitest";
import { verifySecp256k1 } from "../../../shared/cosmos/auth/signature.js";
import type { PreparedTx } from "../../../shared/contract/tx.js";
import { createEventHub } from "../event-hub.js";
import { createLedgerDevice, type LedgerProgress } from "../ledger/ledger-device.js";
import { derivedSignatureAnswer, derivedSignExchange, signChunks, signPreamble } from "../ledger/test/derived-sign.js";
import { loadTranscripts, NO_TRANSCRIPTS, replay, TRANSCRIPTS_DIR } from "../ledger/test/transcripts.js";
import type { NetworkStore } from "../networks/network-store.js";
import { openExternalAccounts } from "../signers/external-accounts.js";
import { ledgerAccountHandlers, ledgerKind } from "../signers/ledger-kind.js";
import { multisigKind } from "../signers/multisig-kind.js";
import { createSigners } from "../signers/signers.js";
import { vaultAccounts } from "../signers/vault-kind.js";
import { watchKind } from "../signers/watch-kind.js";
import { createProblemLog } from "../storage/problems.js";
import type { Prepared } from "../tx/direct/prepare.js";
import { openVault } from "../vault/vault.js";
import { openExportStore } from "./export-store.js";
import { MULTISIG_TYPE_URL } from "./multisig.js";
import { registerOfflineHandlers } from "./offline-handlers.js";
import { aminoSignBytes } from "./sign-bytes.js";

/**
 * A multisig member whose key is on a Ledger signs the multisig's LEGACY_AMINO_JSON sign doc
 * through `offline.signAsMember`, the device replayed from the recorded Crypto.org app
 * (../shared/ledger, docs/ledger.md). No recording is of a multisig's sign doc (each signs a
 * message of the device's own address), so the multisig cases replay transcript 01 with its sign
 * APDUs carrying the multisig's sign doc instead, cut in the app's 250-byte chunks, and the
 * device's last answer derived: for a signature, the DER of the signature the recorded device's
 * public test key makes (RFC 6979, which the recording shows equal to the device's own, checked
 * first); for a rejection, the recorded answer `6986` as it is (../ledger/test/derived-sign.ts).
 * The strict replay makes every other byte the recorded one, and fails unless the app sends the
 * device exactly these bytes. What it does not show: a physical device approving such a doc.
 */
const transcripts = loadTranscripts();
const t01 = transcripts.get("01-msg-send")!;
const cro = { id: "cro-devnet", name: "Crypto.org devnet", chainId: "cometdesk-devnet", bech32Prefix: "cro", coinType: 394, defaultDenom: "ucomet" };
const networks = { selected: () => cro, get: () => cro, list: () => ({ selectedId: cro.id, networks: [cro] }) } as unknown as NetworkStore;
const A1 = "cro1jfcgheg7kmzrhgfv7vmt4azprr3sdfqcg4jqyx";
const APP_INFO = "<= 010643727970746f06322e31362e3001009000";

const opened: Array<{ close(): unknown }> = [];
afterEach(() => opened.splice(0).forEach((v) => v.close()));

/** A wallet on the cro devnet: a vault account, a Ledger account (index 0, added by transcript 18), and a 2-of-3 multisig of both and a third key. */
async function wallet(deviceApdus: string) {
  const data = mkdtempSync(join(tmpdir(), "cometdesk-ledger-member-"));
  const vault = openVault({ dataDir: data, prefix: () => "cro", autoLockMs: () => 0, events: createEventHub() });
  opened.push(vault);
  await vault.import("all all all all all all all all all all all all", "correct horse");
  const external = openExternalAccounts(data);
  const t18 = transcripts.get("18-show-address")!;
  const { transport, store } = await replay(t18.apdus + deviceApdus);
  const progress: LedgerProgress[] = [];
  const device = createLedgerDevice({ openTransport: async () => transport, onProgress: (p) => progress.push(p) });
  const signers = createSigners({ vault: vaultAccounts(vault), external, kinds: { ledger: ledgerKind(device), multisig: multisigKind, watch: watchKind } });
  const ledger = await ledgerAccountHandlers({ device, external, network: () => cro }).addLedgerAccount({ networkId: cro.id, index: 0, label: "Operator's Ledger" });
  progress.length = 0;
  const vaultMember = signers.accounts(cro).find((a) => a.kind === "vault")!;
  const sent: Uint8Array[] = [];
  const prepared: { next?: Prepared } = {};
  const handlers = registerOfflineHandlers({
    networks,
    routeFor: () => ({
      prepareFull: async () => prepared.next!,
      sendSigned: async (_p, txBytes) => {
        sent.push(txBytes);
        return { txHash: "0".repeat(64) } as never;
      },
    }),
    signers,
    external,
    exports: openExportStore(data, createProblemLog()),
  });
  // The device's index 1 key (transcripts/README.md): a third member whose signature never comes.
  const third = toBase64(fromHex("02db0c6d56193c5b12fa2588d4254db1eb90d502852f3bd71beb8cd7d5eda3747c"));
  const multisig = await handlers.addMultisig({ label: "Treasury", members: [ledger.pubKey, vaultMember.pubKey, third], threshold: 2 });
  return { handlers, store, progress, ledger, vaultMember, multisig, prepared, sent, signers };
}

/** A transfer from `from` prepared as main prepares one for a multisig: LEGACY_AMINO_JSON, at the transcripts' numbers (account 7, sequence 3). */
function transfer(from: string, multisigKey: MultisigThresholdPubkey): Prepared {
  const amount = [{ denom: "ucomet", amount: "1500000" }];
  const bodyBytes = TxBody.encode(TxBody.fromPartial({ messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.encode({ fromAddress: from, toAddress: A1, amount }).finish() }], memo: "" })).finish();
  const authInfoBytes = AuthInfo.encode(AuthInfo.fromPartial({
    signerInfos: [{ publicKey: encodePubkey(multisigKey), modeInfo: { single: { mode: SignMode.SIGN_MODE_LEGACY_AMINO_JSON } }, sequence: 3n }],
    fee: { amount: [{ denom: "ucomet", amount: "5000" }], gasLimit: 200000n },
  })).finish();
  const review: PreparedTx = {
    signer: pubkeyToAddress(multisigKey, "cro"), chainId: cro.chainId, accountNumber: "7", sequence: "3", signMode: "SIGN_MODE_LEGACY_AMINO_JSON", signerKind: "multisig",
    messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", title: "Send", value: { fromAddress: from, toAddress: A1, amount }, review: [] }],
    fee: { amount: [{ denom: "ucomet", amount: "5000" }], gas: "200000" }, gasAdjustment: 1, memo: "", timeoutHeight: "0",
  };
  return { review, bodyBytes, authInfoBytes, spend: amount, chainSequence: 3n };
}

const context = { chainId: cro.chainId, accountNumber: 7n, sequence: 3n };
const sendArgs = (from: string) => ({ messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend" as const, value: { fromAddress: from, toAddress: A1, amount: [{ denom: "ucomet", amount: "1500000" }] } }] });

/** Exports a transfer of the multisig, as the Send page's "Export unsigned" does. */
async function exportTransfer(w: Awaited<ReturnType<typeof wallet>>, from = w.multisig.address) {
  const key = w.signers.signerFor(cro, w.multisig.address).pubKeyAny()!;
  expect(key.typeUrl).toBe(MULTISIG_TYPE_URL);
  const multisigKey = decodePubkey(key) as MultisigThresholdPubkey;
  w.prepared.next = transfer(from, multisigKey);
  const exported = await w.handlers.exportUnsigned(sendArgs(w.multisig.address));
  return { exported, multisigKey, signBytes: aminoSignBytes(w.prepared.next.bodyBytes, w.prepared.next.authInfoBytes, context) };
}

describe.skipIf(!TRANSCRIPTS_DIR)(TRANSCRIPTS_DIR ? "a multisig member on a Ledger (the device replayed)" : `a multisig member on a Ledger: ${NO_TRANSCRIPTS}`, () => {
  it("the derived device answer is the device's own: the test key's RFC 6979 signature over transcript 01 is the recorded one", async () => {
    const recordedBytes = new TextEncoder().encode(t01.signDoc!.json);
    const recorded = JSON.parse(readFileSync(join(TRANSCRIPTS_DIR!, "01-msg-send.json"), "utf8")) as { signature: { derHex: string } };
    expect(await derivedSignatureAnswer(recordedBytes, t01.path)).toBe(`${recorded.signature.derHex}9000`);
    // And the recording's sign chunks are what signChunks cuts from those bytes: the framing is the app's library's, byte for byte.
    expect(signPreamble(t01) + signChunks(recordedBytes, `${recorded.signature.derHex}9000`)).toBe(t01.apdus.endsWith("\n") ? t01.apdus : `${t01.apdus}\n`);
  });

  it("signs the multisig's amino sign doc on the Ledger; the signature verifies with the member's key and joins the multisig, which the vault member completes", async () => {
    const probe = await wallet("");
    const { signBytes } = await exportTransfer(probe);
    const w = await wallet(await derivedSignExchange(t01, signBytes));
    const { exported, multisigKey } = await exportTransfer(w);
    expect(exported.multisig).toEqual({ threshold: 2, members: expect.arrayContaining([{ address: w.ledger.address, signed: false }]) });
    // The sign doc is the multisig's: its MsgSend is from the multisig's address, at its number and sequence.
    expect(new TextDecoder().decode(signBytes)).toContain(`"from_address":"${w.multisig.address}"`);

    const progress = await w.handlers.signAsMember({ id: exported.id, member: w.ledger.address });
    expect(progress.members.find((m) => m.address === w.ledger.address)).toEqual({ address: w.ledger.address, signed: true });
    // The device was asked for exactly the multisig's sign doc (strict replay), and the user was told to confirm on it, as for any Ledger signature.
    w.store.ensureQueueEmpty();
    expect(w.progress.map((p) => `${p.operation}:${p.stage}`)).toEqual(["sign:confirm", "sign:done"]);
    expect(w.progress[0]!.message).toMatch(/^Confirm on your Ledger: check each screen against the review/);

    // The vault member signs too; the threshold is met and the multisig's transaction is assembled.
    await w.handlers.signAsMember({ id: exported.id, member: w.vaultMember.address });
    await w.handlers.send({ id: exported.id });
    const raw = TxRaw.decode(w.sent[0]!);
    const info = AuthInfo.decode(raw.authInfoBytes).signerInfos[0]!;
    expect(info.modeInfo!.multi!.modeInfos.map((m) => m.single!.mode)).toEqual([SignMode.SIGN_MODE_LEGACY_AMINO_JSON, SignMode.SIGN_MODE_LEGACY_AMINO_JSON]);
    const inner = MultiSignature.decode(raw.signatures[0]!).signatures;
    // Each marked member's signature verifies, with the shared verifier, over the sign doc the chain rebuilds from this body.
    const marked = multisigKey.value.pubkeys.filter((_, i) => (info.modeInfo!.multi!.bitarray!.elems[i >> 3]! & (1 << (7 - (i & 7)))) !== 0);
    expect(marked.map((k) => k.value).sort()).toEqual([w.ledger.pubKey, w.vaultMember.pubKey].sort());
    const rebuilt = aminoSignBytes(raw.bodyBytes, raw.authInfoBytes, context);
    expect(toHex(rebuilt)).toBe(toHex(signBytes));
    marked.forEach((k, i) => expect(verifySecp256k1(inner[i]!, rebuilt, fromBase64(k.value))).toBe(true));
    const ledgerSig = inner[marked.findIndex((k) => k.value === w.ledger.pubKey)]!;
    expect(verifySecp256k1(ledgerSig, signBytes, fromBase64(t01.pubkey.base64))).toBe(true);
    // Not vacuous: the same signature does not verify over transcript 01's own sign doc, nor with another member's key.
    expect(verifySecp256k1(ledgerSig, new TextEncoder().encode(t01.signDoc!.json), fromBase64(t01.pubkey.base64))).toBe(false);
    expect(verifySecp256k1(ledgerSig, signBytes, fromBase64(w.vaultMember.pubKey))).toBe(false);
  });

  it("rejected on the device (its recorded answer 6986): said in words, and the member is not counted", async () => {
    const probe = await wallet("");
    const { signBytes } = await exportTransfer(probe);
    const w = await wallet(await derivedSignExchange(t01, signBytes, "6986"));
    const { exported } = await exportTransfer(w);
    await expect(w.handlers.signAsMember({ id: exported.id, member: w.ledger.address })).rejects.toMatchObject({ code: "ledger_rejected", message: "You rejected the transaction on the Ledger: nothing was signed or sent" });
    expect((await w.handlers.exports({})).exports[0]!.multisig!.members.every((m) => !m.signed)).toBe(true);
    expect(w.progress.map((p) => `${p.operation}:${p.stage}`)).toEqual(["sign:confirm", "sign:done"]);
  });

  it("a locked device, or the dashboard open instead of the app, is said in words before anything is signed", async () => {
    for (const [answer, code, words] of [
      ["<= 5515", "ledger_locked", /locked: enter its PIN, open the Crypto app/],
      ["<= 6e01", "ledger_app_not_open", /The Crypto app is not open on the Ledger: open it/],
      ["<= 0105424f4c4f5305312e302e3001009000", "ledger_app_not_open", /shows its dashboard: open the Crypto app/],
    ] as const) {
      const w = await wallet(t01.apdus.replace(APP_INFO, answer));
      const { exported } = await exportTransfer(w);
      await expect(w.handlers.signAsMember({ id: exported.id, member: w.ledger.address })).rejects.toMatchObject({ code, message: expect.stringMatching(words) });
      expect(w.progress.filter((p) => p.stage === "confirm")).toEqual([]);
    }
  });

  it("refuses, before the device is asked, a sign doc whose message is not the multisig's: transcript 01's own, byte for byte", async () => {
    const w = await wallet(t01.apdus);
    // The export's transaction is transcript 01's (a MsgSend from the Ledger's own address), kept under the multisig.
    const { exported, signBytes } = await exportTransfer(w, t01.address);
    expect(new TextDecoder().decode(signBytes)).toBe(t01.signDoc!.json);
    await expect(w.handlers.signAsMember({ id: exported.id, member: w.ledger.address })).rejects.toMatchObject({ code: "signer_mismatch", message: `the cosmos-sdk/MsgSend message is not signed by the multisig ${w.multisig.address}` });
    expect(w.progress).toEqual([]);
    expect(w.store.isEmpty()).toBe(false);
  });

  it("a watch-only member cannot sign here: it is said in words, and its signature file is the way", async () => {
    const w = await wallet("");
    const { exported } = await exportTransfer(w);
    await expect(w.handlers.signAsMember({ id: exported.id, member: A1 })).rejects.toMatchObject({ code: "unknown_signer" });
    await w.handlers.addWatch({ address: A1, label: "cold" });
    await expect(w.handlers.signAsMember({ id: exported.id, member: A1 })).rejects.toMatchObject({ code: "cannot_sign_here", message: expect.stringMatching(/watch-only address: it cannot sign as a member here; import its signature file/) });
  });
});
