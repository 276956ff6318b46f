import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { AuthInfo, TxBody } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { describe, expect, it } from "vitest";
import { createProblemLog } from "../../../storage/problems.js";
import { openAddressBook } from "../address-book/address-book.js";
import { exportAnswering } from "./answered-export.js";
import { EXPORTS_FILE, type KeptExport, MAX_KEPT_EXPORTS, openExportStore } from "./export-store.js";
import { txToSdkJson } from "./protojson.js";

const SIGNER = "cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu";
const MEMBER = "cosmos1qgpqyqszqgpqyqszqgpqyqszqgpqyqszrh8mx2";

/** A kept export as exportUnsigned makes one; `n` tells them apart (its sequence and body). */
function exportOf(n: number, multisig = false): KeptExport {
  return {
    id: randomUUID(), networkId: "devnet-rpc", requestId: randomUUID(), createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    filename: `unsigned-devnet-acc7-seq${n}.json`, command: `simd tx sign unsigned-devnet-acc7-seq${n}.json …`,
    prepared: {
      review: {
        signer: SIGNER, chainId: "devnet", accountNumber: "7", sequence: String(n), signMode: "SIGN_MODE_DIRECT",
        messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", title: "Send", value: { toAddress: MEMBER }, review: [["To", MEMBER]] }],
        fee: { amount: [{ denom: "ucomet", amount: "500" }], gas: "200000" }, gasAdjustment: 1.3, memo: `export ${n}`, timeoutHeight: "1000",
      },
      bodyBytes: TxBody.encode(TxBody.fromPartial({
        messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.encode(MsgSend.fromPartial({ fromAddress: SIGNER, toAddress: MEMBER, amount: [{ denom: "ucomet", amount: String(n) }] })).finish() }],
        memo: `export ${n}`,
      })).finish(),
      authInfoBytes: AuthInfo.encode(AuthInfo.fromPartial({ fee: { amount: [{ denom: "ucomet", amount: "500" }], gasLimit: 200_000n } })).finish(),
      spend: [{ denom: "ucomet", amount: String(n) }],
      chainSequence: BigInt(n),
    },
    ...(multisig ? { multisig: { type: "tendermint/PubKeyMultisigThreshold", value: { threshold: "1", pubkeys: [{ type: "tendermint/PubKeySecp256k1", value: "A".repeat(43) + "=" }] } } } : {}),
    signatures: new Map(),
  };
}

const freshDir = () => mkdtempSync(join(tmpdir(), "cometdesk-exports-"));

/** A file of good entries, one more than the store ever writes: written by hand, not by this app. */
function fileOverTheBound(): string {
  const dir = freshDir();
  const store = openExportStore(dir, createProblemLog());
  for (let n = 0; n < MAX_KEPT_EXPORTS; n++) store.add(exportOf(n));
  const file = JSON.parse(readFileSync(join(dir, EXPORTS_FILE), "utf8")) as { exports: Array<{ id: string }> };
  file.exports.push({ ...file.exports[0]!, id: randomUUID() });
  return JSON.stringify(file);
}

describe("the kept exports", () => {
  it("reads back across a restart what was kept: the bytes, the review and a multisig's signatures", () => {
    const dir = freshDir();
    const first = openExportStore(dir, createProblemLog());
    const single = exportOf(1);
    const multi = exportOf(2, true);
    first.add(single);
    first.add(multi);
    const signature = Uint8Array.from({ length: 64 }, (_, i) => i);
    first.addSignatures(multi.id, new Map([[MEMBER, signature]]));

    const again = openExportStore(dir, createProblemLog());
    expect(again.list().map((e) => e.id)).toEqual([single.id, multi.id]);
    expect(again.get(single.id)).toEqual(single);
    expect(again.get(multi.id)).toEqual({ ...multi, signatures: new Map([[MEMBER, signature]]) });
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it(`keeps the ${MAX_KEPT_EXPORTS} newest, on disk as in memory`, () => {
    const dir = freshDir();
    const store = openExportStore(dir, createProblemLog());
    const all = Array.from({ length: MAX_KEPT_EXPORTS + 8 }, (_, n) => exportOf(n));
    for (const e of all) store.add(e);
    const newest = all.slice(-MAX_KEPT_EXPORTS).map((e) => e.id);
    expect(store.list().map((e) => e.id)).toEqual(newest);
    expect(openExportStore(dir, createProblemLog()).list().map((e) => e.id)).toEqual(newest);
    expect(store.get(all[0]!.id)).toBeUndefined();
  });

  it("forgets them all on clear, and a restart does not bring them back", () => {
    const dir = freshDir();
    const store = openExportStore(dir, createProblemLog());
    store.add(exportOf(1));
    store.add(exportOf(2));
    expect(store.clear()).toBe(2);
    expect(store.list()).toEqual([]);
    expect(openExportStore(dir, createProblemLog()).list()).toEqual([]);
  });

  it.each([
    ["not JSON", "{\"version\":1,\"exports\":[", "not valid JSON"],
    ["a hostile entry", JSON.stringify({ version: 1, exports: [{ id: randomUUID(), networkId: "devnet-rpc", bodyBytes: "<script>" }] }), "unexpected contents at exports.0"],
    ["more than the bound", fileOverTheBound(), "unexpected contents at exports"],
  ])("keeps %s aside, reports it, starts empty and touches no other file", (_, text, reason) => {
    const dir = freshDir();
    const problems = createProblemLog();
    openAddressBook(dir, problems).save("Bob", SIGNER);
    const book = readFileSync(join(dir, "address-book.json"), "utf8");
    writeFileSync(join(dir, EXPORTS_FILE), text);

    const store = openExportStore(dir, problems);
    expect(store.list()).toEqual([]);
    const [problem, ...rest] = problems.list();
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ file: EXPORTS_FILE, reason: expect.stringContaining(reason) });
    expect(readFileSync(problem!.keptAs, "utf8")).toBe(text);
    expect(existsSync(join(dir, EXPORTS_FILE))).toBe(false);
    expect(readFileSync(join(dir, "address-book.json"), "utf8")).toBe(book);
    // A new export starts a good file beside the one kept aside.
    store.add(exportOf(3));
    expect(openExportStore(dir, createProblemLog()).list()).toHaveLength(1);
  });
});

describe("the export a signed file answers", () => {
  const fileOf = (e: KeptExport) => JSON.stringify(txToSdkJson(e.prepared.bodyBytes, e.prepared.authInfoBytes, []));

  it("is the newest with the file's transaction body, on the selected network first", () => {
    const older = exportOf(1);
    const other = { ...exportOf(1), networkId: "other-net" };
    const newer = exportOf(1);
    expect(exportAnswering([older, newer, other], fileOf(older), "devnet-rpc")).toBe(newer);
    expect(exportAnswering([older, other], fileOf(older), "other-net")).toBe(other);
    // Only on another network: that one, and keptFor asks to select its network.
    expect(exportAnswering([other], fileOf(older), "devnet-rpc")).toBe(other);
  });

  it("is none for another transaction, refused in words", () => {
    expect(() => exportAnswering([exportOf(1)], fileOf(exportOf(2)), "devnet-rpc")).toThrow(expect.objectContaining({ code: "not_found", message: expect.stringContaining("this file answers none of the 1 exports kept here") }));
  });
});
