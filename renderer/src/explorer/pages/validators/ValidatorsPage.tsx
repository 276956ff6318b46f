import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { chainQueries } from "../../../queries/chain-queries.js";
import { validatorQueries } from "../../queries/validator-queries.js";
import { ErrorState, Loading } from "../../../components/states.js";
import { FieldProblem, tiedTo } from "../../../components/FieldProblem.js";
import { atHeightProblem, parseAtHeight } from "../../components/at-height.js";
import { useExplorer } from "../../components/use-explorer.js";
import { useMonikers } from "../../validators/use-monikers.js";
import { SigningRecord } from "./SigningRecord.js";
import { ValidatorList } from "./ValidatorList.js";

/** The validator set at the head or at a chosen height, every page of it, with a signing record. */
export function ValidatorsPage() {
  const { api, n, enabled } = useExplorer();
  const [height, setHeight] = useState("");
  const typed = parseAtHeight(height);
  const at = typed.ok ? typed.height : undefined;
  // A height that cannot be asked for is said at the field; no other height's set is shown.
  const live = useQuery({ ...validatorQueries.head(api, n), enabled: enabled && typed.ok && !at });
  const fixed = useQuery({ ...validatorQueries.at(api, n, at ?? ""), enabled: enabled && !!at });
  const q = at ? fixed : live;
  // At the head the signing record follows the blocks main announces, while the set itself is read only when it changes.
  const head = useQuery({ ...chainQueries.connection(api, n), enabled: enabled && !at }).data?.lastHeight;
  // A height the node refuses (not reached yet, or pruned) is said at the field too, as what to change.
  const { problem, fromNode } = atHeightProblem(typed, q.error);
  // `validators` at H is the set that signs block H; its names come from the state committed at H - 1.
  const monikers = useMonikers(at && at !== "1" ? String(BigInt(at) - 1n) : undefined);
  return (
    <div className="stack">
      <form className="row" onSubmit={(e) => e.preventDefault()}>
        <label className="inline">At height <input id="validators-height" value={height} onChange={(e) => setHeight(e.target.value.trim())} placeholder="latest" inputMode="numeric" size={10} {...tiedTo("validators-height", problem)} /></label>
        <FieldProblem id="validators-height" problem={problem} alert={fromNode} testId="height-error" />
      </form>
      {problem ? null : q.isPending ? <Loading what="validators" /> : q.isError && !q.data ? <ErrorState what="validators" error={q.error} retry={() => void q.refetch()} /> : q.data && (
        <>
          <p data-testid="validators-summary">{q.data.total} validator{q.data.total === 1 ? "" : "s"} at height {q.data.blockHeight}{q.data.validators.length < q.data.total ? ` (${q.data.validators.length} read)` : ""}</p>
          <ValidatorList validators={q.data.validators} monikers={monikers} />
          <SigningRecord addresses={q.data.validators.map((v) => v.address)} upTo={at ? q.data.blockHeight : (head ?? q.data.blockHeight)} monikers={monikers} />
        </>
      )}
    </div>
  );
}
