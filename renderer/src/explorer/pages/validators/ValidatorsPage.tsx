import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { unwrap } from "../../../api/unwrap.js";
import { explorerKeys } from "../../../queries/explorer-keys.js";
import { liveQueries } from "../../../queries/live-queries.js";
import { Hash } from "../../components/links.js";
import { ErrorState, Loading } from "../../components/states.js";
import { useExplorer } from "../../components/use-explorer.js";
import { powerShare } from "../../validators/signing-record.js";
import { SigningRecord } from "./SigningRecord.js";

/** The validator set at the head or at a chosen height, with shares and a signing record. */
export function ValidatorsPage() {
  const { api, n, enabled } = useExplorer();
  const [height, setHeight] = useState("");
  const [page, setPage] = useState(1);
  const at = /^[1-9]\d*$/.test(height) ? height : undefined;
  const live = useQuery({ ...liveQueries.validators(api, n, page), enabled: enabled && !at });
  const fixed = useQuery({ queryKey: explorerKeys.validatorsAt(n, at ?? "", page), queryFn: () => unwrap(api.chain.validators({ height: at, page, perPage: 100 })), enabled: enabled && !!at, retry: false });
  const q = at ? fixed : live;
  return (
    <div className="stack">
      <form className="row" onSubmit={(e) => e.preventDefault()}>
        <label className="inline">At height <input value={height} onChange={(e) => { setHeight(e.target.value.trim()); setPage(1); }} placeholder="latest" inputMode="numeric" size={10} /></label>
      </form>
      {q.isPending ? <Loading what="validators" /> : q.isError && !q.data ? <ErrorState what="validators" error={q.error} retry={() => void q.refetch()} /> : q.data && (() => {
        const set = q.data;
        const total = set.validators.reduce((s, v) => s + BigInt(v.votingPower), 0n);
        const pages = Math.max(1, Math.ceil(set.total / 100));
        return (
          <>
            <p data-testid="validators-summary">{set.total} validators at height {set.blockHeight}{pages > 1 ? ` · page ${page} of ${pages}` : ""}</p>
            <table className="grid" data-testid="validators-table">
              <thead><tr><th>Address</th><th>Voting power</th><th>Share</th><th>Proposer priority</th></tr></thead>
              <tbody>
                {set.validators.map((v) => (
                  <tr key={v.address} data-address={v.address}>
                    <td><Hash value={v.address} /></td>
                    <td data-testid="validator-power">{v.votingPower}</td>
                    <td>{powerShare(v.votingPower, total)} %</td>
                    <td>{v.proposerPriority}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {pages > 1 && (
              <div className="row">
                <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous page</button>
                <button type="button" className="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>Next page</button>
              </div>
            )}
            <SigningRecord addresses={set.validators.map((v) => v.address)} upTo={set.blockHeight} />
          </>
        );
      })()}
    </div>
  );
}
