import type { ResultOf } from "../../../../shared/contract/index.js";
import { ChainText } from "../../components/text/ChainText.js";
import { percent } from "./WatchList.js";

/** An uptime figure for every validator of the set, watched or not. */
export function SetUptime({ status }: { status: ResultOf<"watch.status"> }) {
  if (status.set.length === 0) return null;
  return (
    <table className="grid" data-testid="watch-set">
      <caption>The validator set: uptime over the blocks followed</caption>
      <thead>
        <tr>
          <th scope="col">Validator</th>
          <th scope="col">Voting power</th>
          <th scope="col">Blocks seen</th>
          <th scope="col">Uptime</th>
        </tr>
      </thead>
      <tbody>
        {status.set.map((m) => (
          <tr key={m.address} data-address={m.address}>
            <th scope="row">{m.moniker !== null ? <ChainText value={m.moniker} max={64} /> : <span className="mono">{m.address}</span>}</th>
            <td>{m.votingPower}</td>
            <td>{m.seen}</td>
            <td>{percent(m.uptime)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
