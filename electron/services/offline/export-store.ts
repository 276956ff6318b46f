import { join } from "node:path";
import type { MultisigThresholdPubkey } from "@cosmjs/amino";
import { fromBase64, toBase64 } from "@cosmjs/encoding";
import { z } from "zod";
import { MAX_MULTISIG_MEMBERS, MAX_TX_FILE_CHARS } from "../../../shared/contract/offline.js";
import { PreparedTx } from "../../../shared/contract/tx.js";
import { Base64String, DecString, Id, IsoTime } from "../../../shared/primitives.js";
import { readJsonFile, writeFileAtomic } from "../../../storage/atomic-file.js";
import type { ProblemLog } from "../../../storage/problems.js";
import type { Prepared } from "../tx/direct/prepare.js";

/** How many exports are kept at once, across networks; the oldest goes first. */
export const MAX_KEPT_EXPORTS = 32;

export const EXPORTS_FILE = "offline-exports.json";

const Bytes = Base64String.max(MAX_TX_FILE_CHARS);
const Key = Base64String.max(100);

/**
 * One export as it is written: the prepared transaction (its review and the very bytes that were
 * exported), the request id its send goes out under, and a multisig's members' signatures
 * collected so far. Nothing in it is secret: addresses, amounts, memo, fee and public keys, all
 * of which the chain publishes once it is sent, and signatures, which reveal nothing of a key and
 * authorize only this transaction; the outbox beside it keeps signed bytes the same way. So it
 * is plain JSON, owner-only like every file of the data folder, and not sealed with the vault.
 */
const StoredExport = z.object({
  id: z.uuid(),
  networkId: Id,
  requestId: z.uuid(),
  createdAt: IsoTime,
  filename: z.string().max(256),
  command: z.string().max(4096),
  review: PreparedTx,
  bodyBytes: Bytes,
  authInfoBytes: Bytes,
  spend: z.array(z.object({ denom: z.string().max(128), amount: DecString })).max(64),
  chainSequence: DecString,
  multisig: z.object({
    threshold: DecString,
    pubkeys: z.array(z.object({ type: z.literal("tendermint/PubKeySecp256k1"), value: Key })).min(1).max(MAX_MULTISIG_MEMBERS),
  }).optional(),
  signatures: z.array(z.object({ member: z.string().min(1).max(128), signature: Key })).max(MAX_MULTISIG_MEMBERS),
});
type StoredExport = z.infer<typeof StoredExport>;

const ExportsFile = z.object({ version: z.literal(1), exports: z.array(StoredExport).max(MAX_KEPT_EXPORTS) });

/** An exported transaction main keeps until its signed file comes back. */
export interface KeptExport {
  readonly id: string;
  readonly networkId: string;
  readonly requestId: string;
  readonly createdAt: string;
  readonly filename: string;
  readonly command: string;
  readonly prepared: Prepared;
  readonly multisig?: MultisigThresholdPubkey;
  /** The multisig members whose signatures verified, by address. */
  readonly signatures: ReadonlyMap<string, Uint8Array>;
}

const toStored = (e: KeptExport): StoredExport => ({
  id: e.id,
  networkId: e.networkId,
  requestId: e.requestId,
  createdAt: e.createdAt,
  filename: e.filename,
  command: e.command,
  review: e.prepared.review,
  bodyBytes: toBase64(e.prepared.bodyBytes),
  authInfoBytes: toBase64(e.prepared.authInfoBytes),
  spend: e.prepared.spend.map((c) => ({ denom: c.denom, amount: c.amount })),
  chainSequence: e.prepared.chainSequence.toString(),
  ...(e.multisig ? { multisig: { threshold: e.multisig.value.threshold, pubkeys: e.multisig.value.pubkeys.map((k) => ({ type: "tendermint/PubKeySecp256k1" as const, value: k.value })) } } : {}),
  signatures: [...e.signatures].map(([member, signature]) => ({ member, signature: toBase64(signature) })),
});

const fromStored = (s: StoredExport): KeptExport => ({
  id: s.id,
  networkId: s.networkId,
  requestId: s.requestId,
  createdAt: s.createdAt,
  filename: s.filename,
  command: s.command,
  // An amino-mode review carries its sign doc; main never signs an export itself, so the Prepared needs none.
  prepared: { review: s.review, bodyBytes: fromBase64(s.bodyBytes), authInfoBytes: fromBase64(s.authInfoBytes), spend: s.spend, chainSequence: BigInt(s.chainSequence) },
  ...(s.multisig ? { multisig: { type: "tendermint/PubKeyMultisigThreshold", value: { threshold: s.multisig.threshold, pubkeys: s.multisig.pubkeys } } } : {}),
  signatures: new Map(s.signatures.map((m) => [m.member, fromBase64(m.signature)])),
});

/**
 * The exports waiting for their signed file (`offline-exports.json`), so one exported before a
 * restart is still there when its file comes back: at most MAX_KEPT_EXPORTS, the newest kept,
 * each change written atomically and fsynced (temp file, rename), read through zod. A file that
 * does not parse is kept aside and reported (app.problems), and the list starts empty.
 */
export function openExportStore(dataDir: string, problems: ProblemLog) {
  const path = join(dataDir, EXPORTS_FILE);
  const read = readJsonFile(path, ExportsFile);
  if (read.status === "corrupt") problems.add({ file: EXPORTS_FILE, keptAs: read.keptAs, reason: read.reason });
  let kept: readonly KeptExport[] = read.status === "ok" ? read.value.exports.map(fromStored) : [];
  const commit = (next: readonly KeptExport[]) => {
    writeFileAtomic(path, JSON.stringify(ExportsFile.parse({ version: 1, exports: next.map(toStored) })));
    kept = next; // only after the write: a failed write leaves memory and disk agreeing
  };
  return {
    /** Oldest first. */
    list: (): readonly KeptExport[] => kept,
    get: (id: string): KeptExport | undefined => kept.find((e) => e.id === id),
    /** Keeps a new export, durably before it returns; past the bound the oldest goes. */
    add(entry: KeptExport): void {
      commit([...kept, entry].slice(-MAX_KEPT_EXPORTS));
    },
    /** Records members' verified signatures on a multisig export. */
    addSignatures(id: string, found: ReadonlyMap<string, Uint8Array>): KeptExport | undefined {
      const entry = kept.find((e) => e.id === id);
      if (!entry) return undefined;
      const next = { ...entry, signatures: new Map([...entry.signatures, ...found]) };
      commit(kept.map((e) => (e === entry ? next : e)));
      return next;
    },
    /** Drops one export (its transaction was sent). */
    remove(id: string): void {
      if (kept.some((e) => e.id === id)) commit(kept.filter((e) => e.id !== id));
    },
    /** Forgets every export; says how many there were. */
    clear(): number {
      const count = kept.length;
      commit([]);
      return count;
    },
  };
}
export type ExportStore = ReturnType<typeof openExportStore>;
