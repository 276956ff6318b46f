import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { DEFAULT_COIN_TYPE } from "../../../../../shared/network/key-facts.js";
import { ledgerAppFor, ledgerPath, MAX_LEDGER_INDEX } from "../../../../../shared/wallet/ledger-app.js";
import { useApi } from "../../../api/api-context.js";
import { unwrap } from "../../../api/unwrap.js";
import { useAction } from "../../../api/use-action.js";
import { BusyButton } from "../../../components/BusyButton.js";
import { FormError } from "../../../components/FormError.js";
import { walletKeys } from "../../../queries/wallet-queries.js";
import { useSelectedNetwork } from "../../../queries/use-selected-network.js";
import { useSelectedAccount } from "../../use-selected-account.js";

/**
 * Ledger accounts of the selected network: add one by its index (the device shows the address,
 * the user confirms it there, then it joins the wallet), and show a Ledger account's address on
 * the device again. While the device waits, its words ("Confirm on your Ledger…") are shown.
 */
export function LedgerPanel() {
  const api = useApi();
  const client = useQueryClient();
  const { network } = useSelectedNetwork();
  const { account } = useSelectedAccount();
  const [index, setIndex] = useState("0");
  const [label, setLabel] = useState("");
  const [waiting, setWaiting] = useState<string | undefined>();
  useEffect(() => api.on("ledger.progress", (p) => setWaiting(p.stage === "confirm" ? p.message : undefined)), [api]);

  const coinType = network?.coinType ?? DEFAULT_COIN_TYPE;
  const app = ledgerAppFor(coinType);
  const n = Number(index);
  const indexOk = /^\d{1,3}$/.test(index) && n <= MAX_LEDGER_INDEX;
  const add = useAction(async () => {
    if (!network) return;
    await unwrap(api.wallet.addLedgerAccount({ networkId: network.id, index: n, label: label.trim() || undefined }));
    setLabel("");
    await client.invalidateQueries({ queryKey: walletKeys.accounts() });
  });
  const [shown, setShown] = useState<string | undefined>();
  const show = useAction(async () => {
    if (!network || !account) return;
    const r = await unwrap(api.wallet.showLedgerAddress({ networkId: network.id, address: account.address }));
    setShown(`The Ledger showed ${r.address} (${r.path}).`);
  });
  if (!network) return null;
  return (
    <section aria-labelledby="ledger-title" className="panel">
      <h2 id="ledger-title">Ledger</h2>
      {!app ? (
        <p className="muted">No Ledger app is known to sign for {network.name} (coin type {coinType}).</p>
      ) : (
        <>
          <p className="muted">
            Plug in the Ledger, unlock it and open its <strong>{app.name}</strong> app. The key at {indexOk ? ledgerPath(coinType, n) : `m/44'/${coinType}'/0'/0/…`} is read,
            its address shown on the device: check it matches, and approve it there. The Ledger signs every transaction after you review it on its screen.
          </p>
          <form className="row" onSubmit={(e) => { e.preventDefault(); void add.run(); }}>
            <label htmlFor="ledger-index" className="inline">Account index</label>
            <input id="ledger-index" inputMode="numeric" value={index} onChange={(e) => setIndex(e.target.value)} aria-invalid={!indexOk} size={4} />
            <label htmlFor="ledger-label" className="inline">Label</label>
            <input id="ledger-label" value={label} maxLength={64} onChange={(e) => setLabel(e.target.value)} placeholder={`Ledger ${indexOk ? n : ""}`} />
            <BusyButton busy={add.pending} busyLabel="Waiting for the Ledger…" disabled={!indexOk}>Add a Ledger account</BusyButton>
          </form>
          {!indexOk && <p className="field-problem">The index is a whole number from 0 to {MAX_LEDGER_INDEX}.</p>}
          {account?.kind === "ledger" && (
            <div className="row">
              <BusyButton type="button" busy={show.pending} busyLabel="Waiting for the Ledger…" onClick={() => void show.run()}>Show on device</BusyButton>
              {shown && <span role="status">{shown}</span>}
            </div>
          )}
          {waiting && <p role="status" aria-live="polite" data-testid="ledger-waiting">{waiting}</p>}
          <FormError message={add.error ?? show.error} />
        </>
      )}
    </section>
  );
}
