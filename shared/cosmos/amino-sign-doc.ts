import { makeSignDoc, type StdSignDoc } from "@cosmjs/amino";
import { actionOf } from "./actions.js";
import { cosmosAminoTypes } from "./signing.js";

/** What a SIGN_MODE_LEGACY_AMINO_JSON sign doc is made of, messages as the contract's actions take them. */
export interface AminoSignDocArgs {
  readonly messages: ReadonlyArray<{ readonly typeUrl: string; readonly value: unknown }>;
  readonly fee: { readonly amount: ReadonlyArray<{ readonly denom: string; readonly amount: string }>; readonly gas: string };
  readonly memo: string;
  readonly chainId: string;
  readonly accountNumber: string;
  readonly sequence: string;
  readonly timeoutHeight?: bigint;
}

/**
 * The amino StdSignDoc of registered actions: each value checked by its action's schema, turned
 * into its protobuf message by the action and into amino JSON by the module's converters, the
 * same road `aminoTxRaw` takes back. A Ledger signs exactly `serializeSignDoc` of this.
 * Main and the access service only (it loads CosmJS's stargate converters).
 */
export function aminoSignDoc(args: AminoSignDocArgs): StdSignDoc {
  const msgs = args.messages.map((m) => {
    const action = actionOf(m.typeUrl);
    if (!action) throw new TypeError(`${m.typeUrl} is not a message this wallet signs`);
    return cosmosAminoTypes.toAmino({ typeUrl: action.typeUrl, value: action.toProto(action.value.parse(m.value)) });
  });
  const fee = { amount: args.fee.amount.map((c) => ({ denom: c.denom, amount: c.amount })), gas: args.fee.gas };
  return makeSignDoc(msgs, fee, args.chainId, args.memo, args.accountNumber, args.sequence, args.timeoutHeight);
}
