import { queryOptions } from "@tanstack/react-query";
import type { CometdeskApi } from "../../../shared/api.js";
import { unwrap } from "../api/unwrap.js";

/** The vault's state. Keys: wallet.all → status, accounts. */
export const walletKeys = {
  all: ["wallet"] as const,
  status: () => [...walletKeys.all, "status"] as const,
  accounts: () => [...walletKeys.all, "accounts"] as const,
  demoAccounts: () => [...walletKeys.all, "demo-accounts"] as const,
};

export const walletQueries = {
  status: (api: CometdeskApi) => queryOptions({ queryKey: walletKeys.status(), queryFn: () => unwrap(api.wallet.status({})) }),
  accounts: (api: CometdeskApi) => queryOptions({ queryKey: walletKeys.accounts(), queryFn: () => unwrap(api.wallet.accounts({})) }),
  /** Names and addresses only: the demo keys stay in main. */
  demoAccounts: (api: CometdeskApi) => queryOptions({ queryKey: walletKeys.demoAccounts(), queryFn: () => unwrap(api.wallet.demoAccounts({})), staleTime: Infinity }),
};
