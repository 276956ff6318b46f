import { fromBase64 } from "@cosmjs/encoding";
import type { SignModeName } from "../../../shared/wallet/account-kinds.js";
import type { Vault } from "../vault/vault.js";
import type { AccountSigner } from "./account-signer.js";
import { type AccountSource, createSigners } from "./signers.js";

/**
 * The vault signs DIRECT by default and LEGACY_AMINO_JSON when asked: the seed's transfers
 * through an access service, and any registered action prepared in amino mode (as a Ledger signs).
 */
const VAULT_MODES: readonly SignModeName[] = ["SIGN_MODE_DIRECT", "SIGN_MODE_LEGACY_AMINO_JSON"];

/** The vault's accounts on each network as AccountSigners; the vault checks each message's signer before it signs. */
export function vaultAccounts(vault: Pick<Vault, "signerFor">): AccountSource {
  return {
    accounts: (network) => vault.signerFor(network).accounts(),
    signer(network, address) {
      const keys = vault.signerFor(network);
      const account = keys.accounts().find((a) => a.address === address);
      if (!account) return undefined;
      return {
        kind: account.kind,
        address,
        signModes: VAULT_MODES,
        pubKey: account.pubKey,
        pubKeyAny: () => keys.pubKeyAny(address),
        async sign(request) {
          const { signature } = request.mode === "SIGN_MODE_DIRECT" ? await keys.signDirect(address, request.signDoc) : await keys.signAmino(address, request.signDoc);
          return { signature: fromBase64(signature) };
        },
        async signAsMember(multisig, signDoc) {
          return fromBase64((await keys.signAminoAsMember(address, multisig, signDoc)).signature);
        },
      } satisfies AccountSigner;
    },
  };
}

/** The signers of a wallet with the vault's accounts only (no account kept outside it): tests, and tools that hold a vault. */
export function vaultOnlySigners(vault: Pick<Vault, "signerFor">) {
  return createSigners({ vault: vaultAccounts(vault), external: { onNetwork: () => [] }, kinds: {} });
}
