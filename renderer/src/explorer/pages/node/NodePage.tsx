import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useApi } from "../../../api/api-context.js";
import { errorMessage } from "../../../api/unwrap.js";
import { ChainText } from "../../../components/text/ChainText.js";
import { ChainTime } from "../../../components/ChainTime.js";
import { RateLimitWait } from "../../../components/RateLimitWait.js";
import { chainQueries } from "../../../queries/chain-queries.js";
import { useSelectedNetwork } from "../../../queries/use-selected-network.js";

/** The selected network's node: who it is, how far it is, and where the app reaches it. */
export function NodePage() {
  const api = useApi();
  const { network } = useSelectedNetwork();
  const id = network?.id ?? "";
  const status = useQuery({ ...chainQueries.status(api, id), enabled: network !== undefined });
  const connection = useQuery({ ...chainQueries.connection(api, id), enabled: network !== undefined });
  if (!network) return <p>No network is selected. Add one under Networks.</p>;
  if (status.isPending) return <p aria-busy="true">Asking the node…<RateLimitWait /></p>;
  if (status.isError) {
    return (
      <div role="alert" className="card">
        <p>The node of {network.name} did not answer: {errorMessage(status.error)}</p>
        <button type="button" onClick={() => void status.refetch()}>Try again</button>
      </div>
    );
  }
  const { nodeInfo, syncInfo } = status.data;
  // What the node says about itself is its operator's to choose: text, hidden characters shown.
  const rows: Array<[string, ReactNode]> = [
    ["Network", network.name],
    ["Chain id", <ChainText value={nodeInfo.network} />],
    ["Moniker", <ChainText value={nodeInfo.moniker} />],
    ["Node id", <ChainText value={nodeInfo.id} />],
    ["CometBFT version", <ChainText value={nodeInfo.version} />],
    // The block feed's height is live; the status answer is only as fresh as its last refetch.
    ["Latest block", connection.data?.lastHeight ?? syncInfo.latestBlockHeight],
    ["Latest block time", <ChainTime value={syncInfo.latestBlockTime} />],
    ["Earliest block", syncInfo.earliestBlockHeight],
    ["Catching up", syncInfo.catchingUp ? "yes" : "no"],
    ["Endpoint", connection.data?.endpoint ?? "—"],
  ];
  return (
    <dl className="facts" data-testid="node-facts">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
