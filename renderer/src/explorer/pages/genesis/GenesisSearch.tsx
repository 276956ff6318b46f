import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { unwrap } from "../../../api/unwrap.js";
import { explorerKeys } from "../../../queries/explorer-keys.js";
import { Empty, ErrorState } from "../../../components/states.js";
import { useExplorer } from "../../components/use-explorer.js";
import { ChainText } from "../../../components/text/ChainText.js";

/** The fewest characters a search sends: one would match nearly every key and value. */
const MIN_QUERY = 2;

/** Search over the whole genesis, run in main (`chain.genesisSearch`): paths and snippets, at most 200. */
export function GenesisSearch() {
  const { api, n, enabled } = useExplorer();
  const [needle, setNeedle] = useState("");
  const deferred = useDeferredValue(needle.trim());
  const q = useQuery({
    queryKey: explorerKeys.genesisSearch(n, deferred),
    queryFn: () => unwrap(api.chain.genesisSearch({ query: deferred })),
    enabled: enabled && deferred.length >= MIN_QUERY && deferred.length <= 256,
    staleTime: Infinity,
    retry: false,
  });
  return (
    <div className="stack">
      <label>Search keys and values <input type="search" value={needle} maxLength={256} onChange={(e) => setNeedle(e.target.value)} aria-describedby="genesis-matches" /></label>
      {/* Always present: the input's description, and a live region that announces what follows. */}
      <div id="genesis-matches" role="status" data-testid="genesis-matches">
        {deferred.length < MIN_QUERY ? <p className="muted">Type at least {MIN_QUERY} characters to search.</p> : q.isPending ? <p className="muted">Searching…</p> : q.isError ? <ErrorState what="the search" error={q.error} /> : q.data.matches.length === 0 ? <Empty>No key or value contains “{deferred}”.</Empty> : (
          <>
            <p>{q.data.truncated ? `The first ${q.data.matches.length} matches` : `${q.data.matches.length} matches`}</p>
            <ul className="matches">
              {q.data.matches.map((m) => <li key={m.path.join("\u0000")}><code className="mono"><ChainText value={m.path.join(".")} /></code> = <ChainText value={m.value} max={200} /></li>)}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
