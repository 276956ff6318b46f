import { z } from "zod";
import { FINAL_TX_STATUSES, TX_STATUSES, type TxStatus } from "../../shared/contract/tx-constants.js";

export { TX_STATUSES, type TxStatus };
/** Final states never change again, except that the chain itself may prove a commit. */
export const FINAL_STATUSES = FINAL_TX_STATUSES;

/** Not final yet: held here or in a mempool. */
export function isPending(record: { readonly status: TxStatus }): boolean {
  return record.status === "queued" || record.status === "broadcast";
}

const HistoryEntrySchema = z.object({ status: z.enum(TX_STATUSES), at: z.string(), detail: z.string().optional() });
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** A transaction record as stored; the wire form drops the internal fields (docs/access-interface.md). */
export const TxRecordSchema = z.object({
  txHash: z.string().regex(/^[0-9A-F]{64}$/),
  from: z.string(),
  to: z.string(),
  amount: z.string(),
  status: z.enum(TX_STATUSES),
  source: z.enum(["submitted", "chain"]),
  nonce: z.string(),
  memo: z.string(),
  fee: z.string(),
  gas: z.string(),
  height: z.string().optional(),
  time: z.string().optional(),
  code: z.number().int().optional(),
  codespace: z.string().optional(),
  log: z.string().optional(),
  timeoutHeight: z.string(),
  holdUntil: z.string().optional(),
  createdAt: z.string(),
  history: z.array(HistoryEntrySchema),
  /** What it does: "transfer", or the titles of its messages ("Delegate"). Absent in records written before it existed, all transfers. */
  kind: z.string().optional(),
  /** Internal: base64 TxRaw, kept so a restart can broadcast what it acknowledged. */
  raw: z.string().optional(),
  /** Internal: id of the token that submitted it (only that token may cancel). */
  owner: z.string().optional(),
  /** Internal: ordering time, createdAt for submissions and block time for chain transfers. */
  sortKey: z.string(),
});
export type TxRecord = Readonly<z.infer<typeof TxRecordSchema>>;

/** A record as the list shows it: the list omits history, so a store need not read it. */
export type ListedTx = Omit<TxRecord, "history"> & { readonly history?: TxRecord["history"] };

/** The kind of a bank transfer, in its seed form or found on chain. */
export const TRANSFER_KIND = "transfer";

/** The record as clients see it. */
export type WireTx = Omit<TxRecord, "raw" | "owner" | "sortKey" | "history" | "kind"> & { kind: string; history?: readonly HistoryEntry[] };

/** The wire form; the list omits history to stay small. */
export function toWire(record: TxRecord, withHistory: true): WireTx;
export function toWire(record: ListedTx, withHistory: false): WireTx;
export function toWire(record: ListedTx, withHistory: boolean): WireTx {
  const { raw: _raw, owner: _owner, sortKey: _sortKey, history, kind, ...fields } = record;
  // Every item says what it is; a record without a kind is a transfer (the only kind there was).
  const rest = { ...fields, kind: kind ?? TRANSFER_KIND };
  return withHistory && history ? { ...rest, history } : rest;
}

/**
 * A copy of `record` moved to `status`, with the change appended to its history. A final record
 * drops its signed bytes: nothing broadcasts it again, and a quarter of every line it would keep
 * in the journal (and in memory) was those bytes.
 */
export function withStatus(record: TxRecord, status: TxStatus, detail: string | undefined, extra: Partial<TxRecord> = {}, at = new Date()): TxRecord {
  const entry: HistoryEntry = detail === undefined ? { status, at: at.toISOString() } : { status, at: at.toISOString(), detail };
  const { raw, ...rest } = { ...record, ...extra, status, history: [...record.history, entry] };
  return FINAL_STATUSES.has(status) || raw === undefined ? rest : { ...rest, raw };
}
