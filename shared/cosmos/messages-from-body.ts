import { TxBody } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { ActionMessage, actionOf } from "./actions.js";
import { cosmosRegistry } from "./signing.js";

/** What a signed body asks for, in the form `tx.prepare` takes, or why it cannot be said so. */
export type MessagesFromBody = { readonly messages: ActionMessage[]; readonly memo: string } | { readonly refusal: string };

/**
 * The messages and memo of signed body bytes as `tx.prepare` takes them, to prepare the same
 * request again: each message a registered action (shared/cosmos/actions.ts), its protobuf value
 * turned back by the action's `fromProto` and checked by the action's own schema. A message the
 * wallet does not sign, or whose value that schema refuses, is refused in words.
 */
export function messagesFromBody(bodyBytes: Uint8Array): MessagesFromBody {
  let body: TxBody;
  try {
    body = TxBody.decode(bodyBytes); // CosmJS's decodeTxBody drops the type URLs
  } catch {
    return { refusal: "its signed body could not be read" };
  }
  const messages: ActionMessage[] = [];
  for (const any of body.messages) {
    const action = actionOf(any.typeUrl);
    if (!action) return { refusal: `it holds a ${any.typeUrl} message, which this wallet does not prepare` };
    let decoded: Record<string, unknown>;
    try {
      decoded = cosmosRegistry.decode(any) as Record<string, unknown>;
    } catch {
      return { refusal: `its ${action.title} message could not be read` };
    }
    const parsed = ActionMessage.safeParse({ typeUrl: any.typeUrl, value: action.fromProto ? action.fromProto(decoded) : { ...decoded } });
    if (!parsed.success) return { refusal: `its ${action.title} message has a value this wallet's form cannot carry (${parsed.error.issues[0]?.message ?? "refused"})` };
    messages.push(parsed.data);
  }
  if (messages.length === 0) return { refusal: "it holds no message" };
  return { messages, memo: body.memo };
}
