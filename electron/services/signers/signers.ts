import type { WalletAccount } from "../../../shared/contract/wallet.js";
import type { ExternalAccountKind } from "../../../shared/wallet/account-kinds.js";
import { AppError } from "../app-error.js";
import type { AccountSigner, SignersNetwork } from "./account-signer.js";
import { EXTERNAL_INDEX_BASE, type ExternalAccount, type ExternalAccounts } from "./external-accounts.js";

/**
 * Where the wallet's accounts of some kinds come from: the vault (its phrase's accounts and the
 * keys imported into it), listed and made into signers for one network at a time.
 */
export interface AccountSource {
  accounts(network: SignersNetwork): WalletAccount[];
  /** The signer of `address` on `network`, or undefined when this source has no such account. */
  signer(network: SignersNetwork, address: string): AccountSigner | undefined;
}

/** Makes the signer of one stored external account on its network (a Ledger, a watch-only address, a multisig). */
export type ExternalKindFactory = (record: ExternalAccount, network: SignersNetwork) => AccountSigner;

/** The factories of the external kinds, by kind name; a kind without one lists its accounts, and they cannot sign. */
export type ExternalKinds = Partial<Record<ExternalAccountKind, ExternalKindFactory>>;

export interface SignersDeps {
  /** The vault's accounts (phrase-derived and imported). */
  readonly vault: AccountSource;
  /** The records of the accounts kept outside the vault. */
  readonly external: Pick<ExternalAccounts, "onNetwork">;
  readonly kinds: ExternalKinds;
}

/** A signer address that none of the wallet's accounts has on the network. */
export const unknownSigner = (address: string, network: SignersNetwork) =>
  new AppError("unknown_signer", `${address} is not an account of this wallet on ${network.name ?? network.id}`);

/**
 * Every account the wallet lists on a network, whatever kind signs for it, behind one
 * interface (docs/architecture.md, "Signers and routes"): the account picker lists them, and
 * `tx.prepare`, the senders and the access service's transfer path ask `signerFor` and use the
 * AccountSigner it gives without asking which kind it is.
 */
export function createSigners(deps: SignersDeps) {
  const listed = (record: ExternalAccount): WalletAccount => ({
    index: EXTERNAL_INDEX_BASE + record.slot,
    label: record.label,
    address: record.address,
    pubKey: record.kind === "multisig" ? "" : record.pubKey,
    kind: record.kind,
    ...(record.multisig ? { multisig: { threshold: record.multisig.threshold, members: record.multisig.members.length } } : {}),
  });
  function external(network: SignersNetwork, address: string): AccountSigner | undefined {
    const record = deps.external.onNetwork(network.id).find((a) => a.address === address);
    if (!record) return undefined;
    const factory = deps.kinds[record.kind];
    if (!factory) throw new AppError("kind_unavailable", `${address} is a ${record.kind} account, which this build cannot use`);
    return factory(record, network);
  }
  const find = (network: SignersNetwork, address: string): AccountSigner | undefined => deps.vault.signer(network, address) ?? external(network, address);
  return {
    /** The vault's accounts, then the external ones of this network. */
    accounts: (network: SignersNetwork): WalletAccount[] => [...deps.vault.accounts(network), ...deps.external.onNetwork(network.id).map(listed)],
    find,
    /** The signer of one of the wallet's accounts on `network`; `unknown_signer` for any other address. */
    signerFor(network: SignersNetwork, address: string): AccountSigner {
      return find(network, address) ?? (() => { throw unknownSigner(address, network); })();
    },
  };
}
export type Signers = ReturnType<typeof createSigners>;
