import { useQuery } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import type { WalletAccount } from "../../../shared/contract/wallet.js";
import { useApi } from "../api/api-context.js";
import { walletQueries } from "../queries/wallet-queries.js";

// Which account is "current" is a view preference, not a secret: only its index is kept.
const KEY = "cometdesk.selectedAccount";
const listeners = new Set<() => void>();
const read = () => Number(localStorage.getItem(KEY) ?? "0");
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The account the wallet pages act for, and a way to switch it (shared by every page). */
export function useSelectedAccount(): { account: WalletAccount | undefined; accounts: readonly WalletAccount[]; select: (index: number) => void; isPending: boolean } {
  const api = useApi();
  const list = useQuery(walletQueries.accounts(api));
  const index = useSyncExternalStore(subscribe, read);
  const accounts = list.data?.accounts ?? [];
  const select = useCallback((i: number) => {
    localStorage.setItem(KEY, String(i));
    listeners.forEach((l) => l());
  }, []);
  return { account: accounts.find((a) => a.index === index) ?? accounts[0], accounts, select, isPending: list.isPending };
}
