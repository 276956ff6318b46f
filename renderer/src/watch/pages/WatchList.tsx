import { useQueryClient } from "@tanstack/react-query";
import type { ResultOf } from "../../../../shared/contract/index.js";
import { useApi } from "../../api/api-context.js";
import { unwrap } from "../../api/unwrap.js";
import { Empty } from "../../components/states.js";
import { ChainText } from "../../components/text/ChainText.js";
import { watchKeys } from "../../queries/watch-queries.js";
import { MissedChart } from "./MissedChart.js";

type Status = ResultOf<"watch.status">;
export const percent = (u: number | null) => (u === null ? "–" : `${(u * 100).toFixed(u === 1 ? 0 : 2)}%`);

function state(v: Status["validators"][number]): string {
  if (v.tombstoned) return "tombstoned";
  if (v.jailed) return "jailed";
  if (v.unknown) return "not in the validator set";
  if (v.inactive) return "inactive";
  return v.currentMissStreak > 0 ? `missing (${v.currentMissStreak} in a row)` : "signing";
}

/** The watched validators: uptime, signed and missed, streaks, proposals, slashing window, and where the misses fell. */
export function WatchList({ networkId, status }: { networkId: string; status: Status }) {
  const api = useApi();
  const client = useQueryClient();
  const remove = async (address: string) => {
    await unwrap(api.watch.removeValidator({ networkId, address }));
    await client.invalidateQueries({ queryKey: watchKeys.status(networkId) });
  };
  if (status.validators.length === 0) return <Empty>No validator is watched on this network yet.</Empty>;
  return (
    <table className="grid" data-testid="watch-list">
      <caption>Watched validators (uptime over the last {status.uptimeBlocks} blocks followed)</caption>
      <thead>
        <tr>
          <th scope="col">Validator</th>
          <th scope="col">State</th>
          <th scope="col">Uptime</th>
          <th scope="col">Signed / missed</th>
          <th scope="col">Longest streak</th>
          <th scope="col">Proposed</th>
          <th scope="col">Missed in the slashing window</th>
          <th scope="col">Missed heights</th>
          <th scope="col"><span className="visually-hidden">Actions</span></th>
        </tr>
      </thead>
      <tbody>
        {status.validators.map((v) => (
          <tr key={v.address} data-address={v.address} data-testid="watch-row">
            <th scope="row">
              {v.label || (v.moniker !== null ? <ChainText value={v.moniker} max={64} /> : v.address.slice(0, 12))}
              <br />
              <small className="mono">{v.address}</small>
            </th>
            <td data-testid="watch-state">
              {state(v)}
              {v.unknown && <small className="muted" data-testid="watch-state-hint"><br />No validator of this network has this address: check it, or its blocks count once it joins.</small>}
            </td>
            <td data-testid="watch-uptime">{percent(v.uptime)}</td>
            <td data-testid="watch-signed">{v.signed} / {v.missed}</td>
            <td>{v.longestMissStreak}</td>
            <td>{v.proposed}</td>
            <td>{v.windowMissed ?? "–"}{status.slashing && v.windowMissed !== null && ` of ${status.slashing.maxMissed} allowed`}</td>
            <td><MissedChart missed={v.missedHeights} height={status.height} span={100} /></td>
            <td><button type="button" className="secondary" onClick={() => void remove(v.address)}>Stop watching</button></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
