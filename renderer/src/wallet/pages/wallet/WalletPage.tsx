import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { unwrap } from "../../../api/unwrap.js";
import { AddressQr } from "../../../components/AddressQr.js";
import { CopyButton } from "../../../components/CopyButton.js";
import { FormError } from "../../../components/FormError.js";
import { useAction } from "../../../api/use-action.js";
import { walletKeys } from "../../../queries/wallet-queries.js";
import { useSelectedAccount } from "../../use-selected-account.js";
import { AccountSwitcher } from "./AccountSwitcher.js";
import { AddressBookPanel } from "./AddressBookPanel.js";
import { KeptExportsPanel } from "../../offline/KeptExportsPanel.js";
import { OfflineAccountsPanel } from "../../offline/OfflineAccountsPanel.js";
import { Balances } from "./Balances.js";
import { LedgerPanel } from "./LedgerPanel.js";
import { ExportCliKey } from "./ExportCliKey.js";
import { ImportCliKey } from "./ImportCliKey.js";
import { SecurityPanel } from "./SecurityPanel.js";
import { BusyButton } from "../../../components/BusyButton.js";

/** The wallet: the current account's address (copy, QR), its balances, more accounts, the address book, and the backup and password. */
export function WalletPage({ unlocked }: { unlocked: boolean }) {
  const api = useApi();
  const client = useQueryClient();
  const { account, accounts, isPending } = useSelectedAccount();
  const [label, setLabel] = useState("");
  const add = useAction(async () => {
    await unwrap(api.wallet.addAccount({ label: label.trim() || undefined }));
    setLabel("");
    await client.invalidateQueries({ queryKey: walletKeys.accounts() });
  });
  const derived = accounts.filter((a) => a.kind === "vault").length;
  if (isPending) return <p aria-busy="true">Loading accounts…</p>;
  if (!account) return <div className="empty-state"><h2>No wallet</h2><p>Create or import a wallet from the start screen to hold accounts here.</p></div>;
  return (
    <div className="wallet-page">
      <AccountSwitcher />
      <section aria-labelledby="address-title" className="panel">
        <h2 id="address-title">{account.label}</h2>
        <div className="address-row">
          <code data-testid="account-address" className="address">{account.address}</code>
          <CopyButton value={account.address} label={`Copy the address of ${account.label}`} />
        </div>
        <AddressQr address={account.address} />
      </section>
      <Balances address={account.address} />
      <section aria-labelledby="add-account-title" className="panel">
        <h2 id="add-account-title">Another account</h2>
        <p className="muted">Accounts come from the same recovery phrase (m/44'/118'/0'/0/{derived}).</p>
        <form className="row" onSubmit={(e) => { e.preventDefault(); void add.run(); }}>
          <label htmlFor="new-account-label" className="inline">Label</label>
          <input id="new-account-label" value={label} maxLength={64} onChange={(e) => setLabel(e.target.value)} placeholder={`Account ${derived + 1}`} />
          <BusyButton busy={add.pending} busyLabel="Adding…" disabled={!unlocked} title={unlocked ? undefined : "Unlock the wallet first"}>Add account</BusyButton>
        </form>
        <FormError message={add.error} />
      </section>
      <LedgerPanel />
      <ImportCliKey unlocked={unlocked} />
      <ExportCliKey account={account} unlocked={unlocked} />
      <AddressBookPanel />
      <OfflineAccountsPanel />
      <KeptExportsPanel />
      <SecurityPanel unlocked={unlocked} />
    </div>
  );
}
