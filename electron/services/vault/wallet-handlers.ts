import type { NamespaceHandlers } from "../dispatcher.js";
import type { Vault } from "./vault.js";

/** Registers `wallet.*` but balances (a chain read, wired in create-services): addresses and signatures come out, keys never. */
export function registerWalletHandlers(vault: Vault): Omit<NamespaceHandlers<"wallet">, "balances"> {
  return {
    status: () => vault.status(),
    create: (a) => vault.create(a.password, a.words),
    import: (a) => vault.import(a.mnemonic, a.password),
    unlock: (a) => vault.unlock(a.password),
    lock: () => vault.lock(),
    accounts: () => ({ accounts: vault.accounts() }),
    addAccount: (a) => vault.addAccount(a.label),
    reveal: (a) => vault.reveal(a.password),
    changePassword: (a) => vault.changePassword(a.oldPassword, a.newPassword),
    signAmino: (a) => vault.signAmino(a.signer, a.signDoc),
  };
}
