import { useQuery } from "@tanstack/react-query";
import { useExplorer } from "../../components/use-explorer.js";
import { Empty, ErrorState, Loading } from "../../../components/states.js";
import { requestQueries } from "../../queries/request-queries.js";
import { requestRows } from "./request-rows.js";

/** How hard the app asks the selected network's nodes: main's count of the last minute, per endpoint. */
export function NodeRequests() {
  const { api, network } = useExplorer();
  const rates = useQuery({ ...requestQueries.rates(api), enabled: network !== undefined });
  const rows = network && rates.data ? requestRows(network, rates.data.endpoints) : [];
  return (
    <>
      <h2>Requests to this network's nodes</h2>
      {rates.isPending ? <Loading what="the request counts" /> : rates.isError && !rates.data ? <ErrorState what="the request counts" error={rates.error} retry={() => void rates.refetch()} /> : rows.length === 0 ? (
        <Empty>No requests to this network's nodes in the last minute.</Empty>
      ) : (
        <table className="grid" data-testid="request-rates">
          <thead><tr><th>Endpoint</th><th>Requests/min</th><th>Refused/min</th><th>Rate now / set rate</th><th>Resting</th></tr></thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.endpoint} data-endpoint={r.endpoint}>
                <td className="mono">{r.endpoint}</td>
                <td>{r.perMinute}</td>
                <td>{r.refusedPerMinute}</td>
                <td>{r.rate}</td>
                <td>{r.resting || <span className="muted">—</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
