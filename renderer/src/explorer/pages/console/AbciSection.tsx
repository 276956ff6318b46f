import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { JsonValue } from "../../../../../shared/primitives.js";
import { errorMessage, unwrap } from "../../../api/unwrap.js";
import { liveQueries } from "../../queries/live-queries.js";
import { Facts, QueryView } from "../../../components/states.js";
import { FieldProblem, tiedTo } from "../../../components/FieldProblem.js";
import { BusyButton } from "../../../components/BusyButton.js";
import { focusFirstProblem } from "../../../components/focus-first-problem.js";
import { useExplorer } from "../../components/use-explorer.js";
import { abciArgsFromForm, abciFormProblems, type AbciFormProblems, type AbciFormValues } from "../../console/abci-form.js";
import { ABCI_PRESETS } from "../../console/abci-presets.js";
import { JsonTree } from "../../json/JsonTree.js";
import { ChainText } from "../../../components/text/ChainText.js";

/** `abci_info`, and `abci_query` with presets that encode and decode common Cosmos queries. */
export function AbciSection() {
  const { api, n, enabled } = useExplorer();
  const info = useQuery({ ...liveQueries.abciInfo(api, n), enabled, placeholderData: (p) => p });
  const [presetId, setPresetId] = useState("");
  const [inputs, setInputs] = useState<Record<string, string>>({});
  const [path, setPath] = useState("/app/version");
  const [data, setData] = useState("");
  const [mode, setMode] = useState<"hex" | "text">("hex");
  const [height, setHeight] = useState("");
  const [prove, setProve] = useState(false);
  // What was wrong at the last submit, at its field; a field's problem goes once it is edited.
  const [problems, setProblems] = useState<AbciFormProblems>({});
  const preset = ABCI_PRESETS.find((p) => p.id === presetId);
  // A preset's request is hex already; its path and data go through the same checks.
  const values: AbciFormValues = preset ? { path: preset.path, data: preset.encode(inputs), mode: "hex", height, prove } : { path, data, mode, height, prove };
  const query = useMutation({
    mutationFn: async () => {
      const r = await unwrap(api.chain.abciQuery(abciArgsFromForm(values)));
      let decoded: JsonValue | undefined;
      try {
        decoded = preset && r.code === 0 ? preset.decode(r.value) : undefined;
      } catch {
        decoded = undefined;
      }
      return { r, decoded };
    },
  });
  const edited = (key: keyof AbciFormProblems) => setProblems(({ [key]: _gone, ...rest }) => rest);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (query.isPending) return;
    const found = abciFormProblems(values);
    setProblems(found);
    // Nothing is sent until all are right. A preset's data is built from its own inputs: its
    // problem is said under them, and the first takes the keyboard.
    const idOf = (key: keyof AbciFormProblems) => (key === "data" && preset ? presetInputId(preset.inputs[0] ?? "") : `abci-${key}`);
    if (focusFirstProblem(["path", "data", "height"], found, idOf)) return;
    query.mutate();
  };
  const tie = (key: keyof AbciFormProblems) => tiedTo(`abci-${key}`, problems[key]);
  const problem = (key: keyof AbciFormProblems) => <FieldProblem id={`abci-${key}`} problem={problems[key]} />;
  return (
    <section aria-labelledby="abci-h" className="stack">
      <h2 id="abci-h">ABCI</h2>
      <QueryView query={info} what="abci_info">
        {(i) => <Facts testId="abci-info" rows={[["App", <ChainText value={i.data} />], ["Version", <ChainText value={i.version} />], ["App version", i.appVersion], ["Last block height", i.lastBlockHeight], ["Last app hash (base64)", <span className="mono">{i.lastBlockAppHash}</span>]]} />}
      </QueryView>
      <form className="stack form-grid" aria-label="ABCI query" onSubmit={submit} noValidate>
        <label>Preset <select value={presetId} onChange={(e) => { setPresetId(e.target.value); setInputs({}); edited("path"); edited("data"); }}>
          <option value="">none: path and data by hand</option>
          {ABCI_PRESETS.map((p) => <option key={p.id} value={p.id}>{p.label}</option>)}
        </select></label>
        {preset ? (
          <>
            {preset.inputs.map((name) => (
              <label key={name}>{name} <input id={presetInputId(name)} data-preset-input value={inputs[name] ?? ""} onChange={(e) => { setInputs({ ...inputs, [name]: e.target.value.trim() }); edited("data"); }} spellCheck={false} {...tie("data")} /></label>
            ))}
            {problem("data")}
          </>
        ) : (
          <>
            <label>Path <input id="abci-path" value={path} onChange={(e) => { setPath(e.target.value); edited("path"); }} spellCheck={false} {...tie("path")} /></label>
            {problem("path")}
            <label>Data <input id="abci-data" value={data} onChange={(e) => { setData(e.target.value); edited("data"); }} spellCheck={false} {...tie("data")} /></label>
            {problem("data")}
            <span className="row">
              <label className="inline"><input type="radio" checked={mode === "hex"} onChange={() => { setMode("hex"); edited("data"); }} /> hex</label>
              <label className="inline"><input type="radio" checked={mode === "text"} onChange={() => { setMode("text"); edited("data"); }} /> text</label>
            </span>
          </>
        )}
        <label>Height <input id="abci-height" value={height} onChange={(e) => { setHeight(e.target.value.trim()); edited("height"); }} placeholder="latest" inputMode="numeric" {...tie("height")} /></label>
        {problem("height")}
        <label className="inline"><input type="checkbox" checked={prove} onChange={(e) => setProve(e.target.checked)} /> prove</label>
        <div className="row"><BusyButton busy={query.isPending} busyLabel="Querying…">Query</BusyButton></div>
      </form>
      {query.isError && <p role="alert" className="form-error">{errorMessage(query.error)}</p>}
      {query.data && (
        <div className="stack" data-testid="abci-result">
          <Facts rows={[["Code", String(query.data.r.code)], ["Height", query.data.r.height], ["Log", <ChainText value={query.data.r.log} />], ["Value (base64)", <span className="mono wrap">{query.data.r.value || "—"}</span>]]} />
          {query.data.decoded !== undefined && <><h3>Decoded</h3><div data-testid="abci-decoded"><JsonTree value={query.data.decoded} label="Decoded answer" openDepth={3} /></div></>}
        </div>
      )}
    </section>
  );
}

function presetInputId(name: string): string {
  return `abci-preset-${name}`;
}
