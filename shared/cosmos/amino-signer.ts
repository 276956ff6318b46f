/**
 * How a module declares who signs each of its amino messages: the field of the message's value
 * that holds the signer's address, and whether that address is an account (`cosmos1…`) or the
 * same account's validator operator address (`cosmosvaloper1…`).
 */
export interface AminoSigner {
  readonly field: string;
  readonly kind: "account" | "validator";
}

/** A module's declarations, by amino type name (`cosmos-sdk/MsgSend`). */
export type AminoSigners = Readonly<Record<string, AminoSigner>>;
