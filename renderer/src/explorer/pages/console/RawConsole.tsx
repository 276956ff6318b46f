import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { SAFE_ROUTES } from "../../../../../shared/contract/safe-routes.js";
import { errorMessage, unwrap } from "../../../api/unwrap.js";
import { useExplorer } from "../../components/use-explorer.js";
import { FieldProblem, tiedTo } from "../../../components/FieldProblem.js";
import { BusyButton } from "../../../components/BusyButton.js";
import { buildCurl } from "../../console/curl.js";
import { encodeParams, hint, ROUTE_PARAMS, type SafeRoute } from "../../console/route-params.js";
import { JsonTree } from "../../json/JsonTree.js";
import { type HistoryEntry, useConsoleHistory } from "./console-history.js";

/** Any safe route, with a parameter form generated from the route list; GET or POST. */
export function RawConsole() {
  const { api, network } = useExplorer();
  const [route, setRoute] = useState<SafeRoute>("status");
  const [method, setMethod] = useState<"GET" | "POST">("POST");
  const [values, setValues] = useState<Record<string, string>>({});
  const [history, remember] = useConsoleHistory();
  const [copied, setCopied] = useState("");
  const encoded = encodeParams(route, values, method);
  const call = useMutation({
    mutationFn: async (e: HistoryEntry) => unwrap(api.chain.rawCall({ route: e.route, method: e.method, params: encodeOrThrow(e) })),
  });
  const run = (e: HistoryEntry) => {
    remember(e);
    call.mutate(e);
  };
  // The answer's own call, encoded again; rendering never throws, even if that could not be.
  const sent = call.data && call.variables ? encodeParams(call.variables.route, call.variables.values, call.variables.method) : undefined;
  const curl = call.data && sent?.ok ? buildCurl({ endpoint: call.data.endpoint, route: call.data.route, method: call.data.method, params: sent.params, viaAccess: network?.rpcVia === "access" }) : "";
  return (
    <section aria-labelledby="console-h" className="stack">
      <h2 id="console-h">RPC console</h2>
      <form className="stack form-grid" aria-label="RPC call" onSubmit={(e) => { e.preventDefault(); if (encoded.ok && !call.isPending) run({ route, method, values }); }}>
        <div className="row">
          <label className="inline">Route <select value={route} onChange={(e) => { setRoute(e.target.value as SafeRoute); setValues({}); }}>{SAFE_ROUTES.map((r) => <option key={r}>{r}</option>)}</select></label>
          <label className="inline"><input type="radio" checked={method === "POST"} onChange={() => setMethod("POST")} /> POST (JSON-RPC)</label>
          <label className="inline"><input type="radio" checked={method === "GET"} onChange={() => setMethod("GET")} /> GET (URI form)</label>
        </div>
        {ROUTE_PARAMS[route].map(({ name, kind }) => {
          // Said at the field as it is typed: the call waits until every value can be sent.
          const problem = !encoded.ok && encoded.name === name ? encoded.error : undefined;
          return (
            <div key={name}>
              <label>{name} <small>({hint(kind)})</small> <input id={`console-param-${name}`} value={values[name] ?? ""} onChange={(e) => setValues({ ...values, [name]: e.target.value })} spellCheck={false} {...tiedTo(`console-param-${name}`, problem)} /></label>
              <FieldProblem id={`console-param-${name}`} problem={problem} testId="console-param-error" />
            </div>
          );
        })}
        <div className="row"><BusyButton busy={call.isPending} busyLabel="Calling…" disabled={!encoded.ok}>Call {route}</BusyButton></div>
      </form>
      {call.isError && <p role="alert" className="form-error" data-testid="console-error">{errorMessage(call.error)}</p>}
      {call.data && (
        <div className="stack" data-testid="console-result">
          <p className="muted">{call.data.method} {call.data.route} · {call.data.endpoint} · {call.data.elapsedMs} ms</p>
          <div className="row">
            <code className="mono wrap" data-testid="console-curl">{curl}</code>
            <button type="button" className="secondary" onClick={() => void navigator.clipboard?.writeText(curl).then(() => setCopied("Copied"), () => setCopied("Copy failed: select the command instead"))}>Copy as curl</button>
            <span role="status">{copied}</span>
          </div>
          <JsonTree value={call.data.result} label={`${call.data.route} answer`} openDepth={2} />
        </div>
      )}
      {history.length > 0 && (
        <>
          <h3>History</h3>
          <ol className="history">
            {history.map((h, i) => (
              <li key={i}>
                <button type="button" className="secondary small" onClick={() => { setRoute(h.route); setMethod(h.method); setValues(h.values); run(h); }}>Run again</button>{" "}
                <code className="mono">{h.method} {h.route} {JSON.stringify(h.values)}</code>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** Only ever called inside the mutation, where a throw becomes the call's error message. */
function encodeOrThrow(e: HistoryEntry) {
  const r = encodeParams(e.route, e.values, e.method);
  if (!r.ok) throw new Error(`${r.name}: ${r.error}`);
  return r.params;
}
