import { useQuery } from "@tanstack/react-query";
import { liveQueries } from "../../queries/live-queries.js";
import { Empty, ErrorState, Facts, Loading } from "../../../components/states.js";
import { useExplorer } from "../../components/use-explorer.js";
import { ChainText } from "../../../components/text/ChainText.js";
import { NodeRequests } from "./NodeRequests.js";

const rate = (bytesPerSecond: number) => (bytesPerSecond >= 1024 ? `${(bytesPerSecond / 1024).toFixed(1)} KiB/s` : `${bytesPerSecond} B/s`);

/** Below the node's facts: its health and its peers (`health`, `net_info`), and how hard the app asks its nodes. */
export function NodeNetwork() {
  const { api, n, enabled } = useExplorer();
  const health = useQuery({ ...liveQueries.health(api, n), enabled });
  const net = useQuery({ ...liveQueries.netInfo(api, n), enabled, placeholderData: (p) => p });
  return (
    <div className="stack node-network">
      <h2>Health</h2>
      <p data-testid="node-healthy" className={health.isError ? "bad" : health.data ? "ok" : ""}>
        {health.isError ? "not healthy: the node does not answer /health" : health.data ? "healthy" : "…"}
      </p>
      <h2>Peers</h2>
      {net.isPending ? <Loading what="peers" /> : net.isError && !net.data ? <ErrorState what="peers" error={net.error} retry={() => void net.refetch()} /> : net.data && (
        <>
          <Facts rows={[["Listening", net.data.listening ? "yes" : "no"], ["Listeners", net.data.listeners.join(", ") || "—"], ["Peers", <span data-testid="peer-count">{net.data.peerCount}</span>]]} />
          {net.data.peers.length === 0 ? <Empty>This node has no peers.</Empty> : (
            <table className="grid" data-testid="peers-table">
              <thead><tr><th>Moniker</th><th>Node id</th><th>Address</th><th>Direction</th><th>Send</th><th>Receive</th></tr></thead>
              <tbody>
                {net.data.peers.map((p) => (
                  <tr key={p.nodeId} data-node-id={p.nodeId}>
                    <td><ChainText value={p.moniker} max={40} /></td>
                    <td className="mono">{p.nodeId}</td>
                    <td className="mono"><ChainText value={p.remoteIp} /> <span className="muted"><ChainText value={p.listenAddr} /></span></td>
                    <td>{p.isOutbound ? "outbound" : "inbound"}</td>
                    <td>{rate(p.sendRate)}</td>
                    <td>{rate(p.recvRate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      <NodeRequests />
    </div>
  );
}
