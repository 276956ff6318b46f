import { type SignDoc, TxBody } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { actionOf } from "./actions.js";
import { type SignerRefusal, sameKey } from "./amino-signers.js";
import { cosmosRegistry } from "./signing.js";

/**
 * Why `account` may not sign this SIGN_MODE_DIRECT sign doc, or undefined when it may: every
 * message must be a registered action (shared/cosmos/actions.ts) whose declared signer field
 * names that account (or, for a validator's message, its operator address). The messages are
 * read from the very body bytes being signed, never from a description of them.
 */
export function directSignerRefusal(doc: Pick<SignDoc, "bodyBytes">, account: string): { refusal: SignerRefusal; typeUrl: string } | undefined {
  const body = TxBody.decode(doc.bodyBytes); // CosmJS's decodeTxBody drops the type URLs
  if (body.messages.length === 0) return { refusal: "unregistered_message", typeUrl: "(none)" };
  for (const any of body.messages) {
    const action = actionOf(any.typeUrl);
    if (!action) return { refusal: "unregistered_message", typeUrl: any.typeUrl };
    const msg = cosmosRegistry.decode(any) as Record<string, unknown>;
    const named = msg[action.signer.field];
    if (typeof named !== "string" || !sameKey(named, action.signer.kind, account)) return { refusal: "signer_mismatch", typeUrl: any.typeUrl };
  }
  return undefined;
}
