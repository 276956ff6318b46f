import { useQuery } from "@tanstack/react-query";
import { liveQueries } from "../../queries/live-queries.js";
import { Empty, ErrorState, Facts, Loading } from "../../../components/states.js";
import { useExplorer } from "../../components/use-explorer.js";
import { CheckTx } from "./CheckTx.js";
import { MempoolList } from "./MempoolList.js";

/** Transactions waiting for a block: counts, bytes and each one decoded; refreshed every block. */
export function MempoolPage() {
  const { api, n, enabled, network } = useExplorer();
  const q = useQuery({ ...liveQueries.mempool(api, n), enabled, placeholderData: (p) => p });
  return (
    <div className="stack">
      {q.isPending ? <Loading what="the mempool" /> : q.isError && !q.data ? <ErrorState what="the mempool" error={q.error} retry={() => void q.refetch()} /> : q.data && (
        <>
          <Facts testId="mempool-facts" rows={[["Pending transactions", String(q.data.total)], ["Bytes", q.data.totalBytes], ["Shown", `${q.data.txs.length} (the first 100 at most)`]]} />
          {q.data.txs.length === 0 ? (
            <Empty>The mempool is empty: every transaction the node knows of is in a block.</Empty>
          ) : (
            <MempoolList txs={q.data.txs} prefix={network?.bech32Prefix} />
          )}
        </>
      )}
      <CheckTx />
    </div>
  );
}
