import { useState } from "react";
import { FieldProblem, tiedTo } from "../../../components/FieldProblem.js";
import { buildQuery, type Condition } from "../../search/query-builder.js";
import { SearchResults } from "./SearchResults.js";

const OPS: Condition["op"][] = ["=", "<", "<=", ">", ">=", "CONTAINS", "EXISTS"];
const KEYS = ["tx.height", "message.sender", "message.action", "transfer.recipient", "transfer.sender", "block.height"];

/** The query builder for `tx_search` and `block_search`: conditions, paging and order. */
export function SearchPage({ initial }: { initial?: { kind: "tx" | "block"; conditions: Condition[] } }) {
  const [kind, setKind] = useState<"tx" | "block">(initial?.kind ?? "tx");
  const [conditions, setConditions] = useState<Condition[]>(initial?.conditions ?? [{ key: "tx.height", op: ">=", value: "1" }]);
  const [order, setOrder] = useState<"asc" | "desc">("desc");
  const [perPage, setPerPage] = useState(20);
  const [submitted, setSubmitted] = useState<string>();
  const built = buildQuery(conditions);
  // Each problem is said at the field to change, or at the Search button for the query as a whole.
  const problemAt = (i: number, field: "key" | "value") => (!built.ok && built.at?.index === i && built.at.field === field ? built.error : undefined);
  const queryProblem = !built.ok && !built.at ? built.error : undefined;
  const set = (i: number, patch: Partial<Condition>) => setConditions(conditions.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <div className="stack">
      <p className="muted">Press Ctrl+K (Cmd+K) anywhere to jump to a height, hash or address.</p>
      <form className="stack query-builder" aria-label="Query builder" onSubmit={(e) => { e.preventDefault(); if (built.ok) setSubmitted(built.query); }}>
        <fieldset className="row">
          <legend>Search</legend>
          <label className="inline"><input type="radio" name="kind" checked={kind === "tx"} onChange={() => setKind("tx")} /> transactions (tx_search)</label>
          <label className="inline"><input type="radio" name="kind" checked={kind === "block"} onChange={() => setKind("block")} /> blocks (block_search)</label>
        </fieldset>
        <datalist id="event-keys">{KEYS.map((k) => <option key={k} value={k} />)}</datalist>
        {conditions.map((c, i) => (
          <div key={i}>
            <div className="row">
              <input id={`condition-${i}-key`} aria-label={`Condition ${i + 1} key`} list="event-keys" value={c.key} onChange={(e) => set(i, { key: e.target.value })} {...tiedTo(`condition-${i}-key`, problemAt(i, "key"))} />
              <select aria-label={`Condition ${i + 1} operator`} value={c.op} onChange={(e) => set(i, { op: e.target.value as Condition["op"] })}>
                {OPS.map((o) => <option key={o}>{o}</option>)}
              </select>
              {c.op !== "EXISTS" && <input id={`condition-${i}-value`} aria-label={`Condition ${i + 1} value`} value={c.value} onChange={(e) => set(i, { value: e.target.value })} {...tiedTo(`condition-${i}-value`, problemAt(i, "value"))} />}
              <button type="button" className="secondary" aria-label={`Remove condition ${i + 1}`} onClick={() => setConditions(conditions.filter((_, j) => j !== i))}>✕</button>
            </div>
            <FieldProblem id={`condition-${i}-key`} problem={problemAt(i, "key")} />
            <FieldProblem id={`condition-${i}-value`} problem={problemAt(i, "value")} />
          </div>
        ))}
        <div className="row">
          <button type="button" className="secondary" onClick={() => setConditions([...conditions, { key: "", op: "=", value: "" }])}>Add condition</button>
          <label className="inline">Order <select value={order} onChange={(e) => setOrder(e.target.value as "asc" | "desc")}><option value="desc">newest first</option><option value="asc">oldest first</option></select></label>
          <label className="inline">Per page <select value={perPage} onChange={(e) => setPerPage(Number(e.target.value))}>{[10, 20, 50, 100].map((p) => <option key={p}>{p}</option>)}</select></label>
        </div>
        <p><code className="mono" data-testid="built-query">{built.ok ? built.query : ""}</code></p>
        <FieldProblem id="query" problem={queryProblem} />
        <button type="submit" disabled={!built.ok} aria-describedby={queryProblem ? "query-error" : undefined}>Search</button>
      </form>
      {submitted && <SearchResults key={`${kind}|${submitted}|${order}|${perPage}`} kind={kind} query={submitted} order={order} perPage={perPage} />}
    </div>
  );
}
