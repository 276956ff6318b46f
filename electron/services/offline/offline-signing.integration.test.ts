import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { type MultisigThresholdPubkey, pubkeyToAddress, serializeSignDoc } from "@cosmjs/amino";
import { coins, StargateClient } from "@cosmjs/stargate";
import { fromBase64, toBase64 } from "@cosmjs/encoding";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { layoutFromEnv } from "../../../devnet/lib/layout.js";
import { fixedFee, signingClient } from "../../../devnet/test/chain-client.js";
import { TEST_DEVNET_ENV } from "../../../devnet/test/global-setup.js";
import { verifySecp256k1 } from "../../../shared/cosmos/auth/signature.js";
import { createEventHub } from "../event-hub.js";
import { createLedgerDevice } from "../ledger/ledger-device.js";
import { derivedSignExchange } from "../ledger/test/derived-sign.js";
import { loadTranscripts, NO_TRANSCRIPTS, replay, TRANSCRIPTS_DIR } from "../ledger/test/transcripts.js";
import { createProblemLog } from "../storage/problems.js";
import type { Services } from "../create-services.js";
import { devnetDirectChain, type DirectApp, openDirectApp, reopenDirectApp } from "../testing/direct-app.js";
import { prepareDirect, type Prepared } from "../tx/direct/prepare.js";
import { openOutbox } from "../tx/outbox.js";
import { openVault } from "../vault/vault.js";
import { assembleMultisig, memberSignatures, multisigAccount } from "./multisig.js";
import type { AccountSigner } from "../signers/account-signer.js";
import { ledgerKind } from "../signers/ledger-kind.js";
import { multisigKind } from "../signers/multisig-kind.js";
import { vaultAccounts } from "../signers/vault-kind.js";
import { watchKind } from "../signers/watch-kind.js";
import { aminoSignDoc } from "./sign-bytes.js";
import { checkSignedFile, type ExportedTx } from "./signed-check.js";
import { unsignedExport } from "./unsigned-export.js";

/**
 * The offline round trip with the devnet's own simd on the other side: a transaction the app
 * prepares is written as the SDK's unsigned JSON (the very shape `simd tx bank send
 * --generate-only` prints), signed by `simd tx sign --offline` with a key only simd holds, read
 * back, checked and committed; a 2-of-3 multisig whose address is simd's, signed by a simd key
 * and a key of the app's vault; and the files the check must refuse, each refused in words.
 */
const info = inject("devnet");
const layout = layoutFromEnv({ ...process.env, ...TEST_DEVNET_ENV });
const home = mkdtempSync(join(tmpdir(), "cometdesk-offline-keys-"));
const dir = mkdtempSync(join(tmpdir(), "cometdesk-offline-files-"));
const run = promisify(execFile);
const simd = async (...args: string[]) => (await run(layout.simd, [...args, "--home", home, "--keyring-backend", "test"], { encoding: "utf8", timeout: 60_000 })).stdout.trim();
const { network, chain } = devnetDirectChain(info);
const outbox = openOutbox(mkdtempSync(join(tmpdir(), "cometdesk-offline-outbox-")), createProblemLog());
const bob = info.accounts.find((a) => a.name === "bob")!.address;
const erin = info.accounts.find((a) => a.name === "erin")!;
let reader: StargateClient;

beforeAll(async () => {
  reader = await StargateClient.connect(info.nodes[0]!.rpc);
});
afterAll(() => reader.disconnect());

async function simdKey(name: string): Promise<{ address: string; pubkeyJson: string }> {
  await simd("keys", "add", name);
  return { address: await simd("keys", "show", name, "-a"), pubkeyJson: await simd("keys", "show", name, "--pubkey") };
}

async function fund(address: string): Promise<void> {
  const { client, address: alice } = await signingClient(info, "alice");
  const sent = await client.sendTokens(alice, address, coins(20_000_000, info.denom), fixedFee(info));
  expect(sent.code, sent.rawLog).toBe(0);
  client.disconnect();
}

/** A watch-only address (its key unknown here) or a multisig, as the wallet keeps them, made into their signers. */
const watchOnly = (address: string): AccountSigner => watchKind({ slot: 0, kind: "watch", networkId: network.id, address, label: "watched", pubKey: "", createdAt: new Date().toISOString() }, network);
const multisigSigner = (address: string, pubkey: MultisigThresholdPubkey): AccountSigner => multisigKind({
  slot: 1, kind: "multisig", networkId: network.id, address, label: "treasury", pubKey: "", createdAt: new Date().toISOString(),
  multisig: { threshold: Number(pubkey.value.threshold), members: pubkey.value.pubkeys.map((k) => ({ pubKey: k.value })) },
}, network);

/** A transfer from `signer` to bob, prepared as the app prepares one (simulated gas, the network's fee). */
async function prepareSend(signer: AccountSigner, amount: string, memo = "signed elsewhere ✓"): Promise<Prepared> {
  const value = { fromAddress: signer.address, toAddress: bob, amount: [{ denom: info.denom, amount }] };
  return prepareDirect({ chain, outbox, signerFor: (a) => (a === signer.address ? signer : (() => { throw new Error(`not ${a}`); })()) }, network, { messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value }], memo });
}

const send = (from: string, amount: string) => ({ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: from, toAddress: bob, amount: [{ denom: info.denom, amount }] } });

const exportedOf = (prepared: Prepared): ExportedTx => ({
  signer: prepared.review.signer, bech32Prefix: info.bech32Prefix, bodyBytes: prepared.bodyBytes, authInfoBytes: prepared.authInfoBytes,
  context: { chainId: info.chainId, accountNumber: BigInt(prepared.review.accountNumber), sequence: BigInt(prepared.review.sequence) },
});

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** `simd tx sign` of an unsigned file at the prepared transaction's numbers, on `chainId`; the signed JSON. */
async function simdSign(unsignedPath: string, prepared: Prepared, from: string, chainId = info.chainId, extra: string[] = []): Promise<string> {
  const out = join(dir, `signed-${Math.random().toString(36).slice(2)}.json`);
  await simd("tx", "sign", unsignedPath, "--from", from, "--offline", "--account-number", prepared.review.accountNumber, "--sequence", prepared.review.sequence, "--chain-id", chainId, "--output-document", out, ...extra);
  return readFileSync(out, "utf8");
}

async function broadcast(txBytes: Uint8Array): Promise<void> {
  const result = await reader.broadcastTx(txBytes, 30_000, 250);
  expect(result.code, result.rawLog).toBe(0);
}

describe("a transaction signed offline by simd", () => {
  let key: { address: string; pubkeyJson: string };
  beforeAll(async () => {
    key = await simdKey("offline-signer");
    await fund(key.address);
  });

  it("is prepared for a watch-only address, exported in the shape simd prints, signed by simd tx sign --offline, checked and committed", async () => {
    const prepared = await prepareSend(watchOnly(key.address), "12345");
    const exported = unsignedExport(prepared);
    expect(exported.command).toBe(`simd tx sign ${exported.filename} --from <key name> --offline --account-number ${prepared.review.accountNumber} --sequence ${prepared.review.sequence} --chain-id ${info.chainId} --output-document ${exported.filename.replace("unsigned-", "signed-")}`);
    const fee = prepared.review.fee;
    const simdUnsigned = await simd("tx", "bank", "send", key.address, bob, `12345${info.denom}`, "--generate-only", "--offline",
      "--account-number", prepared.review.accountNumber, "--sequence", prepared.review.sequence, "--fees", fee.amount.map((c) => `${c.amount}${c.denom}`).join(","),
      "--gas", fee.gas, "--note", prepared.review.memo, "--timeout-height", prepared.review.timeoutHeight!);
    expect(JSON.parse(exported.json)).toEqual(JSON.parse(simdUnsigned));

    const signed = await simdSign(write(exported.filename, exported.json), prepared, "offline-signer");
    const before = await reader.getBalance(bob, info.denom);
    const checked = await checkSignedFile(signed, exportedOf(prepared));
    expect(checked.mode).toBe("direct");
    await broadcast(checked.txBytes);
    expect(BigInt((await reader.getBalance(bob, info.denom)).amount) - BigInt(before.amount)).toBe(12345n);
  });

  it("refuses a tampered file, a file signed for another chain, a signature over another transaction and a high-S signature, each in words", async () => {
    const prepared = await prepareSend(watchOnly(key.address), "777");
    const exported = unsignedExport(prepared);
    const signed = await simdSign(write(exported.filename, exported.json), prepared, "offline-signer");
    const check = (text: string, others: string[] = []) => checkSignedFile(text, exportedOf(prepared), others);
    await expect(check(signed)).resolves.toMatchObject({ mode: "direct" });

    const tampered = JSON.parse(signed) as { body: { messages: Array<{ amount: Array<{ amount: string }> }> } };
    tampered.body.messages[0]!.amount[0]!.amount = "777000";
    await expect(check(JSON.stringify(tampered))).rejects.toThrow(/not the transaction that was exported: its messages differ/);

    const otherChain = await simdSign(write(`other-${exported.filename}`, exported.json), prepared, "offline-signer", "another-chain-1");
    await expect(check(otherChain, ["another-chain-1"])).rejects.toThrow(`was made for chain another-chain-1, not ${info.chainId}: sign it again with --chain-id ${info.chainId}`);
    await expect(check(otherChain)).rejects.toThrow(`does not verify for this transaction on chain ${info.chainId}`);

    const another = await prepareSend(watchOnly(key.address), "778");
    const anotherExport = unsignedExport(another);
    const anotherSigned = JSON.parse(await simdSign(write(`another-${anotherExport.filename}`, anotherExport.json), another, "offline-signer")) as { signatures: string[] };
    const swapped = { ...(JSON.parse(signed) as object), signatures: anotherSigned.signatures };
    await expect(check(JSON.stringify(swapped))).rejects.toThrow(/the signature does not verify for this transaction .* it was made over another transaction/);

    // simd's own signature with s replaced by n − s: it verifies on the curve, and the chain refuses it.
    const simdSig = secp256k1.Signature.fromBytes(fromBase64((JSON.parse(signed) as { signatures: string[] }).signatures[0]!), "compact");
    const highS = { ...(JSON.parse(signed) as object), signatures: [toBase64(new secp256k1.Signature(simdSig.r, secp256k1.Point.CURVE().n - simdSig.s).toBytes("compact"))] };
    await expect(check(JSON.stringify(highS))).rejects.toThrow(/^the signature is high-S \(its s is over half the curve order\): the chain refuses such a malleable signature/);

    await expect(check("{not json")).rejects.toThrow("the transaction file is not JSON");
    const unknownType = JSON.parse(signed) as { body: { messages: Array<Record<string, unknown>> } };
    unknownType.body.messages[0]!["@type"] = "/cosmos.authz.v1beta1.MsgExec";
    await expect(check(JSON.stringify(unknownType))).rejects.toThrow("the file holds a /cosmos.authz.v1beta1.MsgExec value, which this wallet does not read or sign");
  });
});

describe("the app's offline.* methods, through the outbox and the undo window", () => {
  const opened: Services[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((o) => o.close()));
  });

  it("watches an address, exports its transfer unsigned, takes simd's signed file, holds it in the undo window and commits it", async () => {
    const key = await simdKey("offline-app-signer");
    await fund(key.address);
    const dave = info.accounts.find((a) => a.name === "dave")!;
    const { call, committed } = await openDirectApp(info, dave.mnemonic, [info.nodes[0]!.rpc], opened, { undoWindowSeconds: 2 });
    await call("offline.addWatch", { address: key.address, label: "cold key" });
    const accounts = await call("wallet.accounts");
    expect(accounts.accounts).toEqual(expect.arrayContaining([expect.objectContaining({ address: key.address, kind: "watch" })]));
    await expect(call("tx.sendMessages", { messages: [send(key.address, "5")] })).rejects.toThrow("is a watch-only address: it cannot sign here; export the transaction unsigned");

    const exported = await call("offline.exportUnsigned", { messages: [send(key.address, "31337")], memo: "from the cold key" });
    expect(exported.saved).toBe(false);
    const review = exported.review as { accountNumber: string; sequence: string };
    expect(exported.command).toContain(`--offline --account-number ${review.accountNumber} --sequence ${review.sequence} --chain-id ${info.chainId}`);
    const path = write(exported.filename as string, exported.json as string);
    const out = join(dir, `app-${exported.filename as string}`);
    await simd("tx", "sign", path, "--from", "offline-app-signer", "--offline", "--account-number", review.accountNumber, "--sequence", review.sequence, "--chain-id", info.chainId, "--output-document", out);

    const checked = await call("offline.checkSigned", { id: exported.id, text: readFileSync(out, "utf8") });
    expect(checked).toMatchObject({ mode: "direct" });
    const tx = await call("offline.send", { id: exported.id });
    expect(tx).toMatchObject({ txHash: checked.txHash, status: "queued", from: key.address });
    expect(await committed(checked.txHash as string)).toMatchObject({ status: "committed" });
  });
});

describe("an export kept across a restart", () => {
  const opened: Services[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((o) => o.close()));
  });
  /** Closes the app and starts it again on the same data folder, as a user who quits and comes back. */
  async function restart(app: DirectApp, dir: string): Promise<DirectApp> {
    await app.services.close();
    opened.splice(opened.indexOf(app.services), 1);
    return reopenDirectApp(dir, opened);
  }
  /** Exports a transfer of the watched `address` and has simd sign it; the export and the signed file's text. */
  async function exportAndSign(app: DirectApp, keyName: string, address: string, amount: string) {
    const exported = await app.call("offline.exportUnsigned", { messages: [send(address, amount)], memo: `kept ${amount}` });
    const review = exported.review as { accountNumber: string; sequence: string };
    const out = join(dir, `restart-${amount}-${exported.filename as string}`);
    await simd("tx", "sign", write(`restart-${amount}-${exported.filename as string}`, exported.json as string), "--from", keyName, "--offline", "--account-number", review.accountNumber, "--sequence", review.sequence, "--chain-id", info.chainId, "--output-document", out);
    return { exported, signed: readFileSync(out, "utf8") };
  }

  it("finds, after a restart, the export a signed file answers, by the file alone, and sends it", async () => {
    const key = await simdKey("offline-restart-signer");
    await fund(key.address);
    const dave = info.accounts.find((a) => a.name === "dave")!;
    const first = await openDirectApp(info, dave.mnemonic, [info.nodes[0]!.rpc], opened);
    await first.call("offline.addWatch", { address: key.address, label: "cold key" });
    const { exported, signed } = await exportAndSign(first, "offline-restart-signer", key.address, "4242");

    const second = await restart(first, first.dir);
    const { exports } = await second.call("offline.exports") as { exports: Array<{ id: string; filename: string }> };
    expect(exports).toEqual([expect.objectContaining({ id: exported.id, filename: exported.filename })]);
    // No id: the renderer of a new session knows none; the file's transaction names its export.
    const checked = await second.call("offline.checkSigned", { text: signed });
    // The review as it crossed to the renderer (no undefined fields) is what comes back.
    expect(checked).toMatchObject({ id: exported.id, mode: "direct", review: JSON.parse(JSON.stringify(exported.review)) });
    const tx = await second.call("offline.send", { id: exported.id });
    expect(tx).toMatchObject({ txHash: checked.txHash, from: key.address });
    expect(await second.committed(checked.txHash as string)).toMatchObject({ status: "committed" });
    // Answered: it is no longer offered, and the same file now names no export.
    expect(await second.call("offline.exports")).toEqual({ exports: [] });
    await expect(second.call("offline.checkSigned", { text: signed })).rejects.toMatchObject({ code: "not_found", message: expect.stringContaining("this file answers none of the 0 exports kept here") });
  });

  it("forgets every export on request, and they stay forgotten after a restart", async () => {
    // Exported by choice from an account of the vault: nothing to fund, and the unsigned file is enough to look for its export.
    const dave = info.accounts.find((a) => a.name === "dave")!;
    const first = await openDirectApp(info, dave.mnemonic, [info.nodes[0]!.rpc], opened);
    const exported = await first.call("offline.exportUnsigned", { messages: [send(dave.address, "7")] });
    await first.call("offline.exportUnsigned", { messages: [send(dave.address, "8")] });
    expect(((await first.call("offline.exports")).exports as unknown[])).toHaveLength(2);
    expect(await first.call("offline.forgetExports")).toEqual({ forgotten: 2 });
    expect(await first.call("offline.exports")).toEqual({ exports: [] });

    const second = await restart(first, first.dir);
    expect(await second.call("offline.exports")).toEqual({ exports: [] });
    const text = exported.json as string;
    await expect(second.call("offline.checkSigned", { text })).rejects.toMatchObject({ code: "not_found" });
    await expect(second.call("offline.checkSigned", { id: exported.id, text })).rejects.toMatchObject({ code: "not_found", message: expect.stringContaining("it was sent, forgotten or pushed out by newer ones") });
    expect(await second.call("app.problems")).toEqual({ problems: [] });
  });

  it("neither offers nor takes an export whose sender is no account of this wallet (a file edited while the app was closed)", async () => {
    const dave = info.accounts.find((a) => a.name === "dave")!;
    const first = await openDirectApp(info, dave.mnemonic, [info.nodes[0]!.rpc], opened);
    const exported = await first.call("offline.exportUnsigned", { messages: [send(dave.address, "9")] });
    await first.services.close();
    opened.splice(opened.indexOf(first.services), 1);
    const path = join(first.dir, "data", "offline-exports.json");
    const file = JSON.parse(readFileSync(path, "utf8")) as { exports: Array<{ review: { signer: string } }> };
    file.exports[0]!.review.signer = bob;
    writeFileSync(path, JSON.stringify(file));

    const second = await reopenDirectApp(first.dir, opened);
    expect(await second.call("offline.exports")).toEqual({ exports: [] });
    await expect(second.call("offline.checkSigned", { text: exported.json as string })).rejects.toMatchObject({ code: "unknown_signer", message: `${bob} is not an account of this wallet on Devnet by RPC` });
  });
});

describe("a 2-of-3 multisig of a simd key, a key of the app's vault and a third", () => {
  it("has simd's address, collects a signature from simd and one from the vault, and commits", async () => {
    const member = await simdKey("ms-member-simd");
    const third = await simdKey("ms-member-third");
    const vault = openVault({ dataDir: mkdtempSync(join(tmpdir(), "cometdesk-offline-vault-")), prefix: () => info.bech32Prefix, autoLockMs: () => 0, events: createEventHub(), problems: createProblemLog() });
    await vault.import(erin.mnemonic, "a long password");
    const signer = vault.signerFor({ bech32Prefix: info.bech32Prefix });
    const vaultAccount = signer.accounts().find((a) => a.address === erin.address)!;
    const vaultPubkeyJson = JSON.stringify({ "@type": "/cosmos.crypto.secp256k1.PubKey", key: vaultAccount.pubKey });
    await simd("keys", "add", "ms-member-vault", "--pubkey", vaultPubkeyJson);
    await simd("keys", "add", "ms-2of3", "--multisig", "ms-member-vault,ms-member-third,ms-member-simd", "--multisig-threshold", "2");
    const simdAddress = await simd("keys", "show", "ms-2of3", "-a");

    const account = multisigAccount([vaultPubkeyJson, third.pubkeyJson, member.pubkeyJson], 2, info.bech32Prefix);
    expect(account.address).toBe(simdAddress);
    await fund(account.address);

    const prepared = await prepareSend(multisigSigner(account.address, account.pubkey), "4242");
    const exported = unsignedExport(prepared, { multisig: true });
    expect(exported.command).toContain(`--multisig=${account.address}`);
    const unsignedPath = write(exported.filename, exported.json);
    const simdSignature = await simdSign(unsignedPath, prepared, "ms-member-simd", info.chainId, ["--multisig", account.address]);
    const tx = { bodyBytes: prepared.bodyBytes, authInfoBytes: prepared.authInfoBytes, context: exportedOf(prepared).context };
    const collected = memberSignatures(simdSignature, account.pubkey, info.bech32Prefix, tx);
    expect([...collected.keys()]).toEqual([member.address]);
    expect(() => assembleMultisig(account.pubkey, info.bech32Prefix, prepared.bodyBytes, prepared.authInfoBytes, tx.context.sequence, collected)).toThrow("the multisig needs 2 signatures and has 1");

    const fromVault = await signer.signAminoAsMember(erin.address, account.pubkey, aminoSignDoc(prepared.bodyBytes, prepared.authInfoBytes, tx.context));
    collected.set(erin.address, fromBase64(fromVault.signature));
    const txBytes = assembleMultisig(account.pubkey, info.bech32Prefix, prepared.bodyBytes, prepared.authInfoBytes, tx.context.sequence, collected);
    const before = await reader.getBalance(bob, info.denom);
    await broadcast(txBytes);
    expect(BigInt((await reader.getBalance(bob, info.denom)).amount) - BigInt(before.amount)).toBe(4242n);
  });

  it("reads simd tx multisign's file: checked against the exported transaction, the threshold counted", async () => {
    const account = multisigAccount([await simd("keys", "show", "ms-member-vault", "--pubkey"), await simd("keys", "show", "ms-member-third", "--pubkey"), await simd("keys", "show", "ms-member-simd", "--pubkey")], 2, info.bech32Prefix);
    const prepared = await prepareSend(multisigSigner(account.address, account.pubkey), "99");
    const exported = unsignedExport(prepared, { multisig: true });
    const unsignedPath = write(exported.filename, exported.json);
    const sigFiles = await Promise.all(["ms-member-simd", "ms-member-third"].map(async (name) => write(`${name}-${exported.filename}`, await simdSign(unsignedPath, prepared, name, info.chainId, ["--multisig", account.address]))));
    const numbers = ["--offline", "--account-number", prepared.review.accountNumber, "--sequence", prepared.review.sequence, "--chain-id", info.chainId];
    const both = await simd("tx", "multisign", unsignedPath, "ms-2of3", ...sigFiles, ...numbers);
    const checked = await checkSignedFile(both, exportedOf(prepared));
    expect(checked).toMatchObject({ mode: "multisig", members: { threshold: 2 } });
    expect(checked.members!.signed).toHaveLength(2);

    const one = await simd("tx", "multisign", unsignedPath, "ms-2of3", sigFiles[0]!, ...numbers);
    await expect(checkSignedFile(one, exportedOf(prepared))).rejects.toThrow("the multisig needs 2 signatures and the file holds 1: collect more members' signatures");
    await broadcast(checked.txBytes);
  });
});

/**
 * A Ledger member on the devnet. The recorded device's key (transcripts' public test mnemonic,
 * m/44'/394'/0'/0/0, the Crypto app) is a member of a devnet multisig: a member needs no account
 * of its own on chain, only its key in the multisig's. The recordings sign other transactions
 * (prefix cro, account 7, sequence 3), so none of their signatures can be this transaction's: the
 * device's answers are transcript 01's, but for the sign doc's chunks (this transaction's) and the
 * signature, derived with the test key (docs/ledger.md, "Multisig members"). What the chain shows
 * is that the member's signature as the app's Ledger path returns it, joined with the vault
 * member's, makes a multisig transaction it commits; not that a physical device approved it.
 */
describe.skipIf(!TRANSCRIPTS_DIR)(TRANSCRIPTS_DIR ? "a 2-of-3 multisig whose member is a Ledger, signed on the device (replayed) and by the vault" : `a multisig with a Ledger member: ${NO_TRANSCRIPTS}`, () => {
  it("commits: the Ledger member signs the multisig's amino sign doc through the Ledger path, the vault member completes it", async () => {
    const t01 = loadTranscripts().get("01-msg-send")!;
    const ledgerKey = { type: "tendermint/PubKeySecp256k1" as const, value: t01.pubkey.base64 };
    const ledgerAddress = pubkeyToAddress(ledgerKey, info.bech32Prefix);
    const vault = openVault({ dataDir: mkdtempSync(join(tmpdir(), "cometdesk-ledger-member-vault-")), prefix: () => info.bech32Prefix, autoLockMs: () => 0, events: createEventHub(), problems: createProblemLog() });
    await vault.import(erin.mnemonic, "a long password");
    const vaultMember = vaultAccounts(vault).signer(network, erin.address)!;
    const third = await simdKey("ms-ledger-third");
    const keyJson = (key: string) => JSON.stringify({ "@type": "/cosmos.crypto.secp256k1.PubKey", key });
    const account = multisigAccount([keyJson(ledgerKey.value), keyJson(vaultMember.pubKey), third.pubkeyJson], 2, info.bech32Prefix);
    // simd agrees on the multisig's address with the Ledger's key among its members.
    await simd("keys", "add", "ms-ledger-member", "--pubkey", keyJson(ledgerKey.value));
    await simd("keys", "add", "ms-erin-member", "--pubkey", keyJson(vaultMember.pubKey));
    await simd("keys", "add", "ms-ledger-2of3", "--multisig", "ms-ledger-member,ms-erin-member,ms-ledger-third", "--multisig-threshold", "2");
    expect(account.address).toBe(await simd("keys", "show", "ms-ledger-2of3", "-a"));
    await fund(account.address);

    const prepared = await prepareSend(multisigSigner(account.address, account.pubkey), "2468", "a Ledger member ✓");
    const context = exportedOf(prepared).context;
    const doc = aminoSignDoc(prepared.bodyBytes, prepared.authInfoBytes, context);
    const signBytes = serializeSignDoc(doc);
    // The Ledger account as the wallet keeps it; its network is the devnet's, with the coin type the recorded app signs for.
    const { transport, store } = await replay(await derivedSignExchange(t01, signBytes));
    const ledger = ledgerKind(createLedgerDevice({ openTransport: async () => transport }))(
      { slot: 2, kind: "ledger", networkId: network.id, address: ledgerAddress, label: "Operator's Ledger", pubKey: ledgerKey.value, ledger: { hdPath: t01.path, coinType: 394 }, createdAt: new Date().toISOString() },
      { ...network, coinType: 394 },
    );
    const fromLedger = await ledger.signAsMember!(account.pubkey, doc);
    store.ensureQueueEmpty();
    expect(verifySecp256k1(fromLedger, signBytes, fromBase64(ledgerKey.value))).toBe(true);
    const fromVault = await vaultMember.signAsMember!(account.pubkey, doc);

    const txBytes = assembleMultisig(account.pubkey, info.bech32Prefix, prepared.bodyBytes, prepared.authInfoBytes, context.sequence, new Map([[ledgerAddress, fromLedger], [erin.address, fromVault]]));
    const before = await reader.getBalance(bob, info.denom);
    await broadcast(txBytes);
    expect(BigInt((await reader.getBalance(bob, info.denom)).amount) - BigInt(before.amount)).toBe(2468n);
  });
});
