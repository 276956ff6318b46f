import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { JsonValue } from "../../../../../shared/primitives.js";
import { errorMessage, unwrap } from "../../../api/unwrap.js";
import { liveQueries } from "../../queries/live-queries.js";
import { Facts, QueryView } from "../../../components/states.js";
import { useExplorer } from "../../components/use-explorer.js";
import { ABCI_PRESETS, dataAsHex } from "../../console/abci-presets.js";
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
  const preset = ABCI_PRESETS.find((p) => p.id === presetId);
  const hex = preset ? preset.encode(inputs) : dataAsHex(data, mode);
  const query = useMutation({
    mutationFn: async () => {
      const r = await unwrap(api.chain.abciQuery({ path: preset?.path ?? path, data: hex || undefined, height: height || undefined, prove }));
      let decoded: JsonValue | undefined;
      try {
        decoded = preset && r.code === 0 ? preset.decode(r.value) : undefined;
      } catch {
        decoded = undefined;
      }
      return { r, decoded };
    },
  });
  return (
    <section aria-labelledby="abci-h" className="stack">
      <h2 id="abci-h">ABCI</h2>
      <QueryView query={info} what="abci_info">
        {(i) => <Facts testId="abci-info" rows={[["App", <ChainText value={i.data} />], ["Version", <ChainText value={i.version} />], ["App version", i.appVersion], ["Last block height", i.lastBlockHeight], ["Last app hash (base64)", <span className="mono">{i.lastBlockAppHash}</span>]]} />}
      </QueryView>
      <form className="stack form-grid" aria-label="ABCI query" onSubmit={(e) => { e.preventDefault(); if (hex !== undefined) query.mutate(); }}>
        <label>Preset <select value={presetId} onChange={(e) => { setPresetId(e.target.value); setInputs({}); }}>
          <option value="">none: path and data by hand</option>
          {ABCI_PRESETS.map((p) => <option key={p.id} value={p.id}>{p.label}</option>)}
        </select></label>
        {preset ? preset.inputs.map((name) => (
          <label key={name}>{name} <input value={inputs[name] ?? ""} onChange={(e) => setInputs({ ...inputs, [name]: e.target.value.trim() })} spellCheck={false} /></label>
        )) : (
          <>
            <label>Path <input value={path} onChange={(e) => setPath(e.target.value)} spellCheck={false} /></label>
            <label>Data <input value={data} onChange={(e) => setData(e.target.value)} spellCheck={false} /></label>
            <span className="row">
              <label className="inline"><input type="radio" checked={mode === "hex"} onChange={() => setMode("hex")} /> hex</label>
              <label className="inline"><input type="radio" checked={mode === "text"} onChange={() => setMode("text")} /> text</label>
            </span>
          </>
        )}
        <label>Height <input value={height} onChange={(e) => setHeight(e.target.value.trim())} placeholder="latest" inputMode="numeric" /></label>
        <label className="inline"><input type="checkbox" checked={prove} onChange={(e) => setProve(e.target.checked)} /> prove</label>
        {hex === undefined && <p className="form-error">Data is not hex.</p>}
        <div className="row"><button type="submit" disabled={hex === undefined || query.isPending}>{query.isPending ? "Querying…" : "Query"}</button></div>
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
