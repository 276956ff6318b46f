import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { unwrap } from "../../../api/unwrap.js";
import { explorerKeys } from "../../../queries/explorer-keys.js";
import { chainQueries } from "../../../queries/chain-queries.js";
import { liveQueries } from "../../queries/live-queries.js";
import { Hash } from "../../../links/links.js";
import { ErrorState, Facts, Loading, QueryView } from "../../../components/states.js";
import { FieldProblem, tiedTo } from "../../../components/FieldProblem.js";
import { atHeightProblem, parseAtHeight } from "../../components/at-height.js";
import { useExplorer } from "../../components/use-explorer.js";
import { ValidatorName } from "../../components/ValidatorName.js";
import { JsonTree } from "../../json/JsonTree.js";
import { validatorQueries } from "../../queries/validator-queries.js";
import { useMonikers } from "../../validators/use-monikers.js";
import { roundView } from "./round-state.js";

/** Consensus as it happens (height, round, step and each validator's votes), the dump and the params. */
export function ConsensusPage() {
  const { api, n, enabled } = useExplorer();
  const connection = useQuery({ ...chainQueries.connection(api, n), enabled });
  const state = useQuery({ ...liveQueries.consensusState(api, n, connection.data?.state === "live"), enabled, placeholderData: (p) => p });
  const [showDump, setShowDump] = useState(false);
  const dump = useQuery({ ...liveQueries.dumpConsensus(api, n), enabled: enabled && showDump });
  const [height, setHeight] = useState("");
  const typed = parseAtHeight(height);
  const at = typed.ok ? typed.height : undefined;
  // A height that cannot be asked for is said at the field; no other height's params are shown.
  const params = useQuery({ queryKey: explorerKeys.consensusParams(n, at ?? "latest"), queryFn: () => unwrap(api.chain.consensusParams({ height: at })), enabled: enabled && typed.ok, retry: false });
  // A height the node refuses (not reached yet, or pruned) is said at the field, as what to change.
  const { problem, fromNode } = atHeightProblem(typed, params.error);
  const view = state.data ? roundView(state.data.value) : undefined;
  // Votes are listed in the set's order, the order `validators` answers in.
  const set = useQuery({ ...validatorQueries.head(api, n), enabled });
  const monikers = useMonikers();
  return (
    <div className="stack">
      <section aria-labelledby="round-h">
        <h2 id="round-h">Round state</h2>
        {state.isPending ? <Loading what="the consensus state" /> : !view ? <ErrorState what="the consensus state" error={state.error} retry={() => void state.refetch()} /> : (
          <>
            <Facts testId="round-facts" rows={[["Height", view.height], ["Round", view.round], ["Step", view.step], ["Proposer", <Hash value={view.proposer} />]]} />
            {view.rounds.map((r) => (
              <table key={r.round} className="grid votes" data-testid="votes-table">
                <caption>Round {r.round}: prevotes {r.prevotesSummary}; precommits {r.precommitsSummary}</caption>
                <thead><tr><th>#</th><th>Validator</th><th>Prevote</th><th>Precommit</th></tr></thead>
                <tbody>
                  {r.prevotes.map((p, i) => (
                    <tr key={i} data-testid="vote-row"><td>{i}</td><td>{set.data?.validators[i] ? <ValidatorName address={set.data.validators[i].address} monikers={monikers} /> : "—"}</td><td className={`vote ${p}`}>{p}</td><td className={`vote ${r.precommits[i] ?? "missing"}`}>{r.precommits[i] ?? "missing"}</td></tr>
                  ))}
                </tbody>
              </table>
            ))}
          </>
        )}
      </section>
      <section aria-labelledby="params-h">
        <h2 id="params-h">Consensus parameters</h2>
        <label className="inline">At height <input id="params-height" value={height} onChange={(e) => setHeight(e.target.value.trim())} placeholder="latest" size={10} inputMode="numeric" {...tiedTo("params-height", problem)} /></label>
        {problem ? <FieldProblem id="params-height" problem={problem} alert={fromNode} testId="height-error" /> : (
          <QueryView query={params} what="consensus parameters">
            {(p) => (<><p className="muted" data-testid="params-height">At height {p.blockHeight}</p><JsonTree value={p.params} label="Consensus parameters" openDepth={2} /></>)}
          </QueryView>
        )}
      </section>
      <section aria-labelledby="dump-h">
        <h2 id="dump-h">Full dump (dump_consensus_state)</h2>
        {!showDump ? <button type="button" className="secondary" onClick={() => setShowDump(true)}>Load the dump</button> : (
          <>
            <button type="button" className="secondary" onClick={() => void dump.refetch()} disabled={dump.isFetching}>{dump.isFetching ? "Reading…" : "Read again"}</button>
            <QueryView query={dump} what="the consensus dump">{(d) => <JsonTree value={d.value} label="Consensus dump" />}</QueryView>
          </>
        )}
      </section>
    </div>
  );
}
