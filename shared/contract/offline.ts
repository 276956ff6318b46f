import { z } from "zod";
import { Bech32Address, Hash32Hex, IsoTime, NoArgs } from "../primitives.js";
import { method } from "./method.js";
import { PrepareArgs, PreparedTx, Tx } from "./tx.js";

/** The largest signed or signature file main reads: a 16-message transaction with a multisig's keys is far less. */
export const MAX_TX_FILE_CHARS = 256 * 1024;
export const MAX_MULTISIG_MEMBERS = 20;

const ExportId = z.uuid();
const FileText = z.string().min(1, "the file is empty").max(MAX_TX_FILE_CHARS, `a transaction file is at most ${MAX_TX_FILE_CHARS} characters`);

/** Members' keys as `simd keys show --pubkey` prints them, or their base64. */
const MemberKeys = z.array(z.string().min(1).max(200)).min(1).max(MAX_MULTISIG_MEMBERS);
const Threshold = z.number().int().min(1).max(MAX_MULTISIG_MEMBERS);
const AccountLabel = z.string().trim().min(1, "give the account a name").max(64);
const AddedAccount = z.object({ address: z.string(), label: z.string() });

/** A multisig's progress: the members whose signatures main holds and verified, and how many it needs. */
export const MultisigProgress = z.object({
  threshold: z.number().int(),
  members: z.array(z.object({ address: z.string(), signed: z.boolean() })),
});

/** A prepared transaction written as the SDK's unsigned JSON, kept in main by `id` until its signed file comes back. */
export const UnsignedExportResult = z.object({
  id: ExportId,
  review: PreparedTx,
  filename: z.string(),
  /** The `simd tx sign --offline …` command that signs the file on the key's machine. */
  command: z.string(),
  saved: z.boolean(),
  path: z.string().optional(),
  /** The file's text where there is no save dialog (browser mode): the renderer offers it as a download. */
  json: z.string().optional(),
  multisig: MultisigProgress.optional(),
});

/** An export main keeps (across restarts, the newest 32) until its transaction is sent or the list is forgotten. */
export const KeptExport = z.object({
  id: ExportId,
  filename: z.string(),
  command: z.string(),
  createdAt: IsoTime,
  review: PreparedTx,
  multisig: MultisigProgress.optional(),
});

/** A signed file that passed every check, ready to send. */
export const CheckedSigned = z.object({
  id: ExportId,
  review: PreparedTx,
  txHash: Hash32Hex,
  mode: z.enum(["direct", "amino-json", "multisig"]),
  multisig: MultisigProgress.optional(),
});

/**
 * `offline.*`: transactions signed elsewhere. A watch-only or multisig account's form prepares
 * the transaction and exports it as the SDK's unsigned JSON; the signed file (`simd tx sign`,
 * `simd tx multisign`) or the members' signatures come back, are checked against what was
 * exported, and go through the outbox and undo window as any send.
 */
export const offlineMethods = {
  exportUnsigned: method(PrepareArgs, UnsignedExportResult),
  /**
   * Reads a signed file for the export `id` and checks it: this chain, the sender's key, every
   * signature, the same transaction. Without `id`, the kept export whose transaction the file
   * holds is the one it answers (after a restart the renderer knows no id).
   */
  checkSigned: method(z.strictObject({ id: ExportId.optional(), text: FileText }), CheckedSigned),
  /** Adds one multisig member's signature file (`simd tx sign --multisig=<address> --offline …`). */
  addSignature: method(z.strictObject({ id: ExportId, text: FileText }), MultisigProgress),
  /**
   * Signs the export `id` with `member`, a multisig member whose key is here: in this app's vault,
   * or on a Ledger (the device shows the multisig's amino sign doc; progress arrives as
   * `ledger.progress`, a refusal as its worded `ledger_*` error). The signature is kept only
   * once it verifies with the member's key over the export's sign doc.
   */
  signAsMember: method(z.strictObject({ id: ExportId, member: Bech32Address }), MultisigProgress),
  /** Sends the checked file, or the multisig's signatures once the threshold is met, through the outbox and undo window. */
  send: method(z.strictObject({ id: ExportId }), Tx),
  /** The exports kept for the selected network's accounts, newest first. */
  exports: method(NoArgs, z.object({ exports: z.array(KeptExport) })),
  /** Forgets every kept export, on every network; their signed files can no longer be imported. */
  forgetExports: method(NoArgs, z.object({ forgotten: z.number().int().min(0) })),
  /** Adds an address to watch on the selected network: read everywhere, its transactions exported unsigned. */
  addWatch: method(z.strictObject({ address: Bech32Address, label: AccountLabel }), AddedAccount),
  /** Adds a multisig account on the selected network by its members' keys and threshold (its address as simd's). */
  addMultisig: method(z.strictObject({ label: AccountLabel, members: MemberKeys, threshold: Threshold, nosort: z.boolean().optional() }), AddedAccount),
  /** The address `simd keys add --multisig` gives these members' keys and threshold on the selected network. */
  multisigAddress: method(
    z.strictObject({ members: MemberKeys, threshold: Threshold, nosort: z.boolean().optional() }),
    z.object({ address: z.string(), members: z.array(z.object({ address: z.string(), pubkey: z.string() })) }),
  ),
};
