import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { PrepareArgs, Tx } from "../../../../../shared/contract/tx.js";
import { TX_STATUSES, type TxStatus } from "../../../../../shared/contract/tx-constants.js";
import { useApi } from "../../../api/api-context.js";
import { MessagesReview } from "../../../components/MessagesReview.js";
import { txKeys, txQueries } from "../../../queries/tx-queries.js";
import { useSelectedNetwork } from "../../../queries/use-selected-network.js";
import { useSelectedAccount } from "../../use-selected-account.js";
import { useDisplayUnits } from "../../use-display-units.js";
import { ExportCsvButton } from "./ExportCsvButton.js";
import { ListState } from "./ListState.js";
import { TxHistory } from "./TxHistory.js";
import { TxTable } from "./TxTable.js";
import { useLoadMore } from "./use-load-more.js";

const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Transfers from the access service, or the chain's for the account without one: filtered, paged ("load more"), live, exportable. */
export function TransactionsPage() {
  const api = useApi();
  const { network } = useSelectedNetwork();
  const { account, accounts } = useSelectedAccount();
  const [chosenScope, setScope] = useState<"mine" | "all">(account ? "mine" : "all");
  // Without an access service the list is the chain's, read per address (tx_search).
  const scope = network && !network.accessUrl ? "mine" : chosenScope;
  const [status, setStatus] = useState<TxStatus | "">("");
  const networkId = network?.id ?? "";
  const info = useQuery({ ...txQueries.info(api, networkId), enabled: !!network });
  // Opens at the interface's own default (10), once the service has said what it is.
  const [chosenSize, setPageSize] = useState<number | undefined>();
  const pageSize = chosenSize ?? info.data?.defaultListLimit ?? 10;
  const [history, setHistory] = useState<Tx | undefined>();
  const filter = { address: scope === "mine" ? account?.address : undefined, status: status || undefined, pageSize };
  const list = useInfiniteQuery({ ...txQueries.list(api, networkId, filter), enabled: !!network && (!!network.accessUrl || !!filter.address) });
  const loadMore = useLoadMore(list, JSON.stringify(filter));
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.transactions) ?? [], [list.data]);
  const denoms = useDisplayUnits();
  // A send refused for its fee, prepared again at the price now: the same review the Staking page uses, as a new request.
  const [reprice, setReprice] = useState<{ args: PrepareArgs; requestId: string }>();
  const client = useQueryClient();
  if (reprice && network) {
    const back = () => (setReprice(undefined), void client.invalidateQueries({ queryKey: txKeys.all(network.id) }));
    return <MessagesReview args={reprice.args} requestId={reprice.requestId} network={network} accounts={accounts} onBack={back} onSent={back} />;
  }
  return (
    <div className="tx-page">
      <form className="filters row" aria-label="Filter transactions" onSubmit={(e) => e.preventDefault()}>
        <fieldset className="inline-fieldset">
          <legend className="visually-hidden">Whose transactions</legend>
          <label className="inline"><input type="radio" name="scope" checked={scope === "mine"} disabled={!account} onChange={() => setScope("mine")} /> Mine</label>
          <label className="inline"><input type="radio" name="scope" checked={scope === "all"} disabled={!!network && !network.accessUrl} onChange={() => setScope("all")} /> All</label>
        </fieldset>
        <label className="inline" htmlFor="tx-status-filter">Status</label>
        <select id="tx-status-filter" value={status} onChange={(e) => setStatus(e.target.value as TxStatus | "")}>
          <option value="">any</option>
          {TX_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
        <label className="inline" htmlFor="tx-page-size">Per page</label>
        <select id="tx-page-size" value={pageSize} onChange={(e) => setPageSize(Number(e.target.value))}>
          {[...new Set([pageSize, ...PAGE_SIZES])].sort((a, b) => a - b).map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
        <ExportCsvButton filter={filter} rows={rows.length} />
      </form>
      <ListState network={network} list={list} empty={rows.length === 0} filtered={!!filter.status || scope === "mine"}>
        <p className="muted" data-testid="tx-count" aria-live="polite">{rows.length} transaction{rows.length === 1 ? "" : "s"} shown{list.hasNextPage ? "; more on the service" : ""}</p>
        <TxTable rows={rows} denoms={denoms} defaultDenom={info.data?.defaultDenom ?? network?.defaultDenom ?? ""} mine={account?.address} onHistory={setHistory} />
        {list.hasNextPage && (
          <button type="button" className="secondary load-more" disabled={list.isFetchingNextPage} onClick={loadMore}>
            {list.isFetchingNextPage ? "Loading…" : `Load ${pageSize} more`}
          </button>
        )}
      </ListState>
      {network && !network.accessUrl && (
        <p className="muted" data-testid="direct-history-note">
          {network.name} has no access service, so this list is what its nodes find for the account in their transaction index (<code>tx_search</code>, at most 100 each way, with their blocks' times), among what this app signed and no block has included yet (held, sent, cancelled or refused) until its timeout height passes. A node with its indexer off, or with older blocks pruned, cannot list what it no longer holds.
        </p>
      )}
      {history && network && <TxHistory network={network} tx={history} onClose={() => setHistory(undefined)} onReprice={(args) => (setHistory(undefined), setReprice({ args, requestId: crypto.randomUUID() }))} />}
    </div>
  );
}
