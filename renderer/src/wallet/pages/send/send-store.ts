import { useSyncExternalStore } from "react";
import type { StdSignDoc, Tx } from "../../../../../shared/contract/tx.js";
import type { SendDraft, TransferArgsOut } from "../../../../../shared/cosmos/bank/send-form.js";

/**
 * The send in progress, kept outside the component tree: when the vault locks mid-review the
 * lock screen replaces the app, and after unlocking the same review (and the same request id,
 * so no second transfer) is back. Holds no secret: addresses, amounts, the sign doc.
 */
export type SendState =
  | { readonly step: "form"; readonly draft?: SendDraft }
  | {
    readonly step: "review"; readonly draft: SendDraft; readonly args: TransferArgsOut; readonly requestId: string; readonly signDoc?: StdSignDoc;
    /** Why the form could not read the balance (main still checks it before signing). */
    readonly fundsUnread?: string;
  }
  | { readonly step: "sent"; readonly draft: SendDraft; readonly tx: Tx };

let state: SendState = { step: "form" };
const listeners = new Set<() => void>();

export const sendStore = {
  get: () => state,
  set(next: SendState): void {
    state = next;
    listeners.forEach((l) => l());
  },
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useSendState(): SendState {
  return useSyncExternalStore(sendStore.subscribe, sendStore.get);
}
