import { useQuery } from "@tanstack/react-query";
import { formatCoin } from "../../../../../shared/wallet/amount.js";
import { useApi } from "../../../api/api-context.js";
import { errorMessage } from "../../../api/unwrap.js";
import { walletQueries } from "../../../queries/wallet-queries.js";
import { useSelectedNetwork } from "../../../queries/use-selected-network.js";
import { useDisplayUnits } from "../../use-display-units.js";

/** Balances per denom, with the network's display exponents; unknown denoms in base units. */
export function Balances({ address }: { address: string }) {
  const api = useApi();
  const { network } = useSelectedNetwork();
  const units = useDisplayUnits();
  const balances = useQuery({ ...walletQueries.balances(api, network?.id ?? "", address), enabled: !!network });
  return (
    <section aria-labelledby="balances-title" className="panel">
      <h2 id="balances-title">Balances</h2>
      {balances.isPending && <p aria-busy="true">Reading balances…</p>}
      {balances.isError && (
        <div role="alert" className="state-error">
          <p>The balances could not be read: {errorMessage(balances.error)}</p>
          <button type="button" className="secondary" onClick={() => void balances.refetch()}>Try again</button>
        </div>
      )}
      {balances.data && balances.data.balances.length === 0 && <p className="muted">This account holds nothing yet. Send to its address to fund it.</p>}
      {balances.data && network && balances.data.balances.length > 0 && (
        <ul className="balances" data-testid="balances">
          {balances.data.balances.map((b) => (
            <li key={b.denom} data-denom={b.denom}>
              <span className="balance-amount">{formatCoin(`${b.amount}${b.denom}`, units, network.defaultDenom)}</span>
              <small className="muted"> ({b.amount} {b.denom})</small>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
