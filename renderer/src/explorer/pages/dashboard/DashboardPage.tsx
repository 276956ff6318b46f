import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { errorMessage } from "../../../api/unwrap.js";
import { blockQueries } from "../../queries/block-queries.js";
import { chainQueries } from "../../../queries/chain-queries.js";
import { liveQueries } from "../../queries/live-queries.js";
import { BlockLink } from "../../../links/links.js";
import { ErrorState, Facts, Loading } from "../../../components/states.js";
import { useExplorer } from "../../components/use-explorer.js";
import { ChainText } from "../../../components/text/ChainText.js";
import { ChainTime } from "../../../components/ChainTime.js";
import { BlockChart } from "./BlockChart.js";
import { chartPoints } from "./chart-model.js";
import { useChainHeight } from "../../../queries/chain-height.js";

/** The network at a glance: who, how far, how healthy, and how the last blocks went. */
export function DashboardPage() {
  const { api, n, enabled, network } = useExplorer();
  const status = useQuery({ ...chainQueries.status(api, n), enabled });
  const head = useQuery({ ...blockQueries.head(api, n), enabled });
  const health = useQuery({ ...liveQueries.health(api, n), enabled });
  const net = useQuery({ ...liveQueries.netInfo(api, n), enabled });
  const mempool = useQuery({ ...liveQueries.mempoolCount(api, n), enabled });
  const validators = useQuery({ ...liveQueries.validators(api, n), enabled });
  const points = useMemo(() => chartPoints((head.data?.blockMetas ?? []).map((m) => ({ height: m.header.height, time: m.header.time, numTxs: m.numTxs }))), [head.data]);
  const s = status.data;
  const latest = head.data?.blockMetas[0];
  // The live feed patches the connection's height as its event arrives; the block list follows
  // one round trip to the node later. Show the newest at once (docs/benchmarks.md, "Block to screen").
  // Main's feed already knows a height before the node answers `status`: the page shows it then,
  // and the node's own facts as they come (an offline feed's height waits for the node).
  const height = useChainHeight(api, n, { enabled, seen: latest?.header.height });
  if (status.isError && !s) return <ErrorState what="the node's status" error={status.error} retry={() => void status.refetch()} />;
  const blockTime = latest?.header.time ?? s?.syncInfo.latestBlockTime;
  if (height === undefined) return <Loading what="the node's status" />;
  // react-query keeps the last good answer after a failure: show it, but say it is not current.
  const or = <T,>(q: { data: T | undefined; error: unknown }, f: (d: T) => string) =>
    q.data !== undefined ? `${f(q.data)}${q.error ? " (last known; the node is not answering)" : ""}` : q.error ? `unavailable (${errorMessage(q.error)})` : "…";
  return (
    <div className="stack">
      <Facts
        testId="dashboard-facts"
        rows={[
          ["Network", network?.name ?? "—"],
          ["Chain id", s ? <ChainText value={s.nodeInfo.network} /> : "…"],
          ["Node version", s ? <ChainText value={s.nodeInfo.version} /> : "…"],
          ["Height", <span data-chain-height={height}><BlockLink height={height} /></span>],
          ["Block time", blockTime !== undefined ? <ChainTime value={blockTime} /> : "…"],
          ["Catching up", s ? (s.syncInfo.catchingUp ? "yes" : "no") : "…"],
          ["Health", health.error ? `unavailable (${errorMessage(health.error)})` : health.data ? "healthy" : "…"],
          ["Peers", or(net, (d) => String(d.peerCount))],
          ["Mempool", or(mempool, (d) => `${d.total} txs, ${d.totalBytes} bytes`)],
          ["Validators", or(validators, (d) => String(d.total))],
        ]}
      />
      <section aria-labelledby="chart-h">
        <h2 id="chart-h">Recent blocks</h2>
        <BlockChart points={points} />
      </section>
    </div>
  );
}
