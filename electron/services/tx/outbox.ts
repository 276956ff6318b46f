import { join } from "node:path";
import { z } from "zod";
import { SubmitRequest } from "../../../shared/access/bodies.js";
import { OutboxEntry } from "../../../shared/contract/tx.js";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-file.js";
import type { ProblemLog } from "../storage/problems.js";

/** A transaction main signed to broadcast itself (direct mode): its TxRaw bytes, fee and end. */
export const DirectSend = z.object({
  txBytes: z.string(),
  fee: z.string(),
  /** Past this height the chain can no longer include it: the send has a certain end. */
  timeoutHeight: z.string(),
  /** Held in main until then (the undo window); absent when it was broadcast at once. */
  holdUntil: z.string().optional(),
  /** Refused by a node for its fee: the gas price it asked for then, to prepare the same request again at. */
  gasPriceNow: z.string().optional(),
});

/** What the outbox keeps to submit the very same bytes again: the signed transfer body, or the signed transaction (for the nodes or for an access service). */
export const StoredSend = OutboxEntry.extend({
  // The submit body as sent to an access service; loose, so a file written by another version still reads.
  body: z.object({ ...SubmitRequest.shape, publicKey: z.string() }).optional(),
  direct: DirectSend.optional(),
  /** Signed in main (SIGN_MODE_DIRECT) and submitted to the network's access service as `{txBytes}`. */
  accessTx: DirectSend.optional(),
});
export type StoredSend = z.infer<typeof StoredSend>;
export type DirectSend = z.infer<typeof DirectSend>;
const OutboxFile = z.object({ version: z.literal(1), sends: z.array(StoredSend) });

/**
 * Signed transfers and transactions, written to disk (atomically, fsynced) before they are submitted. With the tx
 * hash known in advance, a retry or a restart resubmits the same bytes (the service answers an
 * identical resubmission with the same record) and never signs a second transfer.
 */
export function openOutbox(dataDir: string, problems: ProblemLog) {
  const path = join(dataDir, "outbox.json");
  const read = readJsonFile(path, OutboxFile);
  if (read.status === "corrupt") problems.add({ file: "outbox.json", keptAs: read.keptAs, reason: read.reason });
  let sends: StoredSend[] = read.status === "ok" ? read.value.sends : [];
  // Memory changes only once the file has: a write that fails (a full disk) changes nothing.
  const commit = (next: StoredSend[]) => {
    writeFileAtomic(path, JSON.stringify({ version: 1, sends: next }, null, 2));
    sends = next;
  };

  return {
    byRequest: (requestId: string) => sends.find((s) => s.requestId === requestId),
    /** Every send not yet confirmed by the service, oldest first. */
    unconfirmed: () => sends.filter((s) => s.state === "signed"),
    list: () => [...sends],
    /** Durable before it returns; throws a StorageWriteError (nothing stored) when the disk refuses. */
    put(send: StoredSend): void {
      commit([...sends.filter((s) => s.requestId !== send.requestId), send]);
    },
    update(requestId: string, patch: Partial<Pick<StoredSend, "state" | "problem" | "direct">>): void {
      let next = sends.map((s) => (s.requestId === requestId ? { ...s, ...patch } : s));
      // Confirmed sends are history the service keeps; the outbox keeps the last 200 of them.
      const settled = next.filter((s) => s.state !== "signed");
      if (settled.length > 200) next = next.filter((s) => s.state === "signed" || settled.slice(-200).includes(s));
      commit(next);
    },
  };
}
export type Outbox = ReturnType<typeof openOutbox>;
