import { NotFoundError } from "../app-error.js";
import type { NamespaceHandlers } from "../dispatcher.js";
import type { DemoKey } from "../networks/devnet-seed.js";
import type { WalletAccount } from "../../../shared/contract/wallet.js";
import type { Vault } from "./vault.js";

/**
 * Registers `wallet.*` but balances (a chain read, wired in create-services): addresses come
 * out, never a private key or a signature; the recovery phrase only as the answer of `create`
 * and of `reveal` (password typed again), which is the user's backup.
 */
export function registerWalletHandlers(vault: Vault, demoKeys: readonly DemoKey[] = [], accounts: () => WalletAccount[] = () => vault.accounts()): Omit<NamespaceHandlers<"wallet">, "balances" | "keyNotice" | "dismissKeyNotice"> {
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
  };
}
