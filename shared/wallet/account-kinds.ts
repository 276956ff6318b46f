/**
 * The kinds of account the wallet lists on a network, and the sign modes a transaction can be
 * made in (docs/architecture.md, "Signers and routes"). Plain code, no zod: the account picker
 * shows a kind's badge without loading the contract's schemas.
 */

/**
 * - `vault`: derived from the vault's recovery phrase;
 * - `imported`: a private key imported into the vault (from a node's CLI), sealed as the phrase is;
 * - `ledger`: a Ledger device's key (main holds the transport);
 * - `watch`: an address alone: read, prepared, never signed here;
 * - `multisig`: a threshold of members' keys.
 */
export const ACCOUNT_KINDS = ["vault", "imported", "ledger", "watch", "multisig"] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** The kinds whose records live outside the vault file (external-accounts.json): no secret of theirs is kept. */
export const EXTERNAL_ACCOUNT_KINDS = ["ledger", "watch", "multisig"] as const satisfies readonly AccountKind[];
export type ExternalAccountKind = (typeof EXTERNAL_ACCOUNT_KINDS)[number];

/** The sign modes of cosmos.tx.signing.v1beta1.SignMode this app signs in, by their protobuf names. */
export const SIGN_MODES = ["SIGN_MODE_DIRECT", "SIGN_MODE_LEGACY_AMINO_JSON"] as const;
export type SignModeName = (typeof SIGN_MODES)[number];

/** What the account picker says beside an account's name: nothing for the vault's own phrase accounts. */
export function accountBadge(account: { readonly kind?: AccountKind; readonly multisig?: { readonly threshold: number; readonly members: number } }): string | undefined {
  switch (account.kind) {
    case "imported": return "Imported";
    case "ledger": return "Ledger";
    case "watch": return "Watch-only";
    case "multisig": return account.multisig ? `Multisig ${account.multisig.threshold}/${account.multisig.members}` : "Multisig";
    default: return undefined;
  }
}

/** Whether a transaction of this kind of account is signed somewhere else (exported unsigned), never here. */
export function signsElsewhere(kind: AccountKind | undefined): boolean {
  return kind === "watch" || kind === "multisig";
}

/** An account as a picker's option reads: its name, its kind's badge, its address. */
export function accountOption(account: { readonly label: string; readonly address: string; readonly kind?: AccountKind; readonly multisig?: { readonly threshold: number; readonly members: number } }): string {
  const badge = accountBadge(account);
  return `${account.label}${badge ? ` [${badge}]` : ""} — ${account.address}`;
}

/** The kinds whose key signs a multisig's amino sign doc here as one of its members (`offline.signAsMember`): the vault's and a Ledger's. */
export const MEMBER_SIGNING_KINDS = ["vault", "imported", "ledger"] as const satisfies readonly AccountKind[];

/**
 * The multisig's members not signed yet that this app holds a key for, in the multisig's order,
 * each with the wallet account it is (a kind unknown is the vault's): what "Sign as member" offers.
 */
export function membersToSignHere<A extends { readonly address: string; readonly kind?: AccountKind }>(members: ReadonlyArray<{ readonly address: string; readonly signed: boolean }>, accounts: readonly A[]): A[] {
  return members.flatMap((m) => {
    const account = m.signed ? undefined : accounts.find((a) => a.address === m.address && (a.kind === undefined || (MEMBER_SIGNING_KINDS as readonly AccountKind[]).includes(a.kind)));
    return account ? [account] : [];
  });
}
