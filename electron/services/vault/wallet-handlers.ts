import { NotFoundError } from "../app-error.js";
import type { NamespaceHandlers } from "../dispatcher.js";
import type { DemoKey } from "../networks/devnet-seed.js";
import type { SaveFile } from "../ports.js";
import type { WalletAccount } from "../../../shared/contract/wallet.js";
import { decryptCliKey, parseUnarmoredHex } from "./cli-key.js";
import { WalletLockedError } from "./vault-errors.js";
import type { Vault } from "./vault.js";

/** A file name from an account's label: letters, digits, dot, dash and underscore. */
const keyFileName = (label: string) => `${label.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[-.]+|-+$/g, "") || "key"}.armor`;

/**
 * Registers `wallet.*` but balances (a chain read, wired in create-services): addresses come
 * out, never a private key or a signature; the recovery phrase only as the answer of `create`
 * and of `reveal` (password typed again), which is the user's backup.
 */
export function registerWalletHandlers(vault: Vault, demoKeys: readonly DemoKey[] = [], accounts: () => WalletAccount[] = () => vault.accounts(), saveFile?: SaveFile): Omit<NamespaceHandlers<"wallet">, "balances" | "keyNotice" | "dismissKeyNotice" | "addLedgerAccount" | "showLedgerAddress"> {
  return {
    demoAccounts: () => ({ accounts: demoKeys.map(({ name, address, operator }) => ({ name, address, operator })) }),
    importDemo: (a) => {
      const key = demoKeys.find((k) => k.name === a.name);
      if (!key) throw new NotFoundError(`the local devnet has no demo account named ${a.name}`);
      return vault.import(key.mnemonic, a.password);
    },
    status: () => vault.status(),
    create: (a) => vault.create(a.password, a.words),
    import: (a) => vault.import(a.mnemonic, a.password),
    unlock: (a) => vault.unlock(a.password),
    lock: () => vault.lock(),
    activity: () => vault.activity(),
    /** Every account on the selected network, of every kind (signers/signers.ts): the vault's and those kept outside it. */
    accounts: () => ({ accounts: accounts() }),
    addAccount: (a) => vault.addAccount(a.label),
    reveal: (a) => vault.reveal(a.password),
    changePassword: (a) => vault.changePassword(a.oldPassword, a.newPassword),
    async importCliKey(a) {
      // Said before the passphrase's slow key derivation, not after it.
      if (vault.status().locked) throw new WalletLockedError();
      const key = a.armor === undefined ? parseUnarmoredHex(a.hex ?? "", vault.keyAlgo()) : await decryptCliKey(a.armor, a.passphrase);
      try {
        return await vault.importKey(key, a.label);
      } finally {
        key.privateKey.fill(0);
      }
    },
    async exportCliKey(a) {
      const { armor, label } = await vault.exportKey(a.address, a.password, a.passphrase);
      const filename = keyFileName(label);
      if (!saveFile) return { saved: false, armor, filename };
      const result = await saveFile.save(filename, armor);
      return { saved: result.saved, path: result.path, filename };
    },
  };
}
