import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../api/api-context.js";
import { appQueries } from "../queries/app-queries.js";

/** Files main found damaged and set aside (instead of silently starting over), until dismissed. */
export function ProblemsBanner() {
  const api = useApi();
  const problems = useQuery(appQueries.problems(api));
  const [dismissed, setDismissed] = useState(false);
  const list = problems.data?.problems ?? [];
  if (dismissed || list.length === 0) return null;
  return (
    <div className="card problems" role="alert">
      <p>Some stored files could not be read. Cometdesk kept each one aside and started that part afresh:</p>
      <ul>
        {list.map((p) => (
          <li key={p.keptAs}>
            <code>{p.file}</code> ({p.reason}), kept as <code>{p.keptAs}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="secondary" onClick={() => setDismissed(true)}>Dismiss</button>
    </div>
  );
}
