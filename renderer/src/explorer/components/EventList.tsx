import type { ResultOf } from "../../../../shared/contract/index.js";
import { ChainText } from "../../components/text/ChainText.js";
import { Empty } from "../../components/states.js";

type AbciEvent = ResultOf<"chain.blockResults">["finalizeBlockEvents"][number];

/** ABCI events as type → key/value rows. Keys and values are attacker-chosen text. */
export function EventList({ events, label }: { events: readonly AbciEvent[]; label: string }) {
  if (!events.length) return <Empty>No events.</Empty>;
  return (
    <ul className="events" aria-label={label}>
      {events.map((e, i) => (
        <li key={i} className="event">
          <strong><ChainText value={e.type} /></strong>
          <table className="kv">
            <tbody>
              {e.attributes.map((a, j) => (
                <tr key={j}>
                  <th scope="row"><ChainText value={a.key} /></th>
                  <td><ChainText value={a.value} /></td>
                  <td className="muted">{a.index ? "indexed" : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </li>
      ))}
    </ul>
  );
}
