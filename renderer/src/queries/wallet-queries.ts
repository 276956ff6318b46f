import { queryOptions } from "@tanstack/react-query";
import type { CometdeskApi } from "../../../shared/api.js";
import { unwrap } from "../api/unwrap.js";

/** The vault's state. Keys: wallet.all → status, accounts, keyNotice(networkId), balances(networkId, address). */
export const walletKeys = {
  all: ["wallet"] as const,
  status: () => [...walletKeys.all, "status"] as const,
  accounts: () => [...walletKeys.all, "accounts"] as const,
  demoAccounts: () => [...walletKeys.all, "demo-accounts"] as const,
  balancesOf: (networkId: string) => [...walletKeys.all, "balances", networkId] as const,
  keyNotice: (networkId: string) => [...walletKeys.all, "key-notice", networkId] as const,
  balances: (networkId: string, address: string) => [...walletKeys.balancesOf(networkId), address] as const,
};

export const walletQueries = {
  status: (api: CometdeskApi) => queryOptions({ queryKey: walletKeys.status(), queryFn: () => unwrap(api.wallet.status({})) }),
  accounts: (api: CometdeskApi) => queryOptions({ queryKey: walletKeys.accounts(), queryFn: () => unwrap(api.wallet.accounts({})) }),
  /** Names and addresses only: the demo keys stay in main. */
  demoAccounts: (api: CometdeskApi) => queryOptions({ queryKey: walletKeys.demoAccounts(), queryFn: () => unwrap(api.wallet.demoAccounts({})), staleTime: Infinity }),
  /** A network's key notice (its coin type and the address there), until dismissed. */
  keyNotice: (api: CometdeskApi, networkId: string) => queryOptions({ queryKey: walletKeys.keyNotice(networkId), queryFn: () => unwrap(api.wallet.keyNotice({ networkId })) }),
  /** Bank balances; new blocks with transactions invalidate them. */
  balances: (api: CometdeskApi, networkId: string, address: string) =>
    queryOptions({ queryKey: walletKeys.balances(networkId, address), queryFn: () => unwrap(api.wallet.balances({ address })), retry: false }),
};

/** Saved recipients. Keys: addressBook.all. */
export const addressBookKeys = { all: ["addressBook"] as const };
export const addressBookQueries = {
  list: (api: CometdeskApi) => queryOptions({ queryKey: addressBookKeys.all, queryFn: () => unwrap(api.addressBook.list({})) }),
};
