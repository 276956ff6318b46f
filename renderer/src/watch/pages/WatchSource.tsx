import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { ResultOf } from "../../../../shared/contract/index.js";
import { useApi } from "../../api/api-context.js";
import { unwrap } from "../../api/unwrap.js";
import { useAction } from "../../api/use-action.js";
import { BusyButton } from "../../components/BusyButton.js";
import { FieldProblem, tiedTo } from "../../components/FieldProblem.js";
import { watchKeys, watchQueries } from "../../queries/watch-queries.js";

type Connection = ResultOf<"watch.status">["connection"];

/** Whole seconds since `iso`, ticking once a second. */
function useSecondsSince(iso: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(t);
  }, []);
  return iso === null ? null : Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
}

/**
 * Where the network's watch runs: here, or a watch service (its URL, when it last answered, and
 * why not when it does not), with the form that connects to one or goes back to the app's own.
 */
export function WatchSource({ networkId, connection }: { networkId: string; connection: Connection }) {
  const api = useApi();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: watchKeys.all(networkId) });
  const disconnect = useAction(async () => {
    await unwrap(api.watch.disconnect({ networkId }));
    await refresh();
  });
  const ago = useSecondsSince(connection.source === "remote" ? connection.lastHeardAt : null);
  return (
    <section aria-labelledby="watch-source-title" data-testid="watch-source" data-source={connection.source}>
      <h2 id="watch-source-title">Where this watch runs</h2>
      {connection.source === "local" ? (
        <>
          <p data-testid="watch-source-label">Local: this app watches the network while it runs.</p>
          <ConnectForm networkId={networkId} onDone={refresh} />
        </>
      ) : (
        <>
          <p data-testid="watch-source-label">
            Remote: {connection.url} · {ago === null ? "not heard from yet" : `last heard ${ago}s ago`}
          </p>
          {connection.error && <p className="field-error" role="alert" data-testid="watch-source-error">The watch service is not answering: {connection.error}</p>}
          <BusyButton type="button" className="secondary" busy={disconnect.pending} busyLabel="Disconnecting…" onClick={() => void disconnect.run()} aria-describedby={disconnect.error ? "watch-disconnect-error" : undefined}>
            Use this app&apos;s own watch
          </BusyButton>
          <FieldProblem id="watch-disconnect" problem={disconnect.error} alert />
          <RoutesPanel networkId={networkId} />
        </>
      )}
    </section>
  );
}

function ConnectForm({ networkId, onDone }: { networkId: string; onDone: () => Promise<void> }) {
  const api = useApi();
  const [url, setUrl] = useState("");
  const [token, setToken] = useState("");
  const [serviceNetworkId, setServiceNetworkId] = useState("");
  const [problem, setProblem] = useState<string>();
  const urlField = useRef<HTMLInputElement>(null);
  const connect = useAction(async () => {
    await unwrap(api.watch.connect({ networkId, url: url.trim(), token: token.trim(), serviceNetworkId: serviceNetworkId.trim() || undefined }));
    setToken(""); // the token lives in main from now on
    await onDone();
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = !/^https?:\/\/\S+$/i.test(url.trim()) ? "Give the watch service's URL, starting with https:// or http://." : token.trim() === "" ? "Give the watch service's token." : undefined;
    setProblem(found);
    connect.clearError();
    if (found) return urlField.current?.focus();
    void connect.run();
  };
  const error = problem ?? connect.error;
  return (
    <form className="watch-connect" onSubmit={submit} noValidate aria-label="Connect to a watch service">
      <label>
        Watch service URL
        <input ref={urlField} id="watch-connect-url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://watch.example.org" spellCheck={false} {...tiedTo("watch-connect", error)} />
      </label>
      <label>
        Token
        <input id="watch-connect-token" type="password" value={token} onChange={(e) => setToken(e.target.value)} autoComplete="off" />
      </label>
      <label>
        <span>Its network id <span className="muted">(optional)</span></span>
        <input id="watch-connect-network" value={serviceNetworkId} onChange={(e) => setServiceNetworkId(e.target.value)} spellCheck={false} />
      </label>
      <BusyButton busy={connect.pending} busyLabel="Connecting…">Connect</BusyButton>
      <FieldProblem id="watch-connect" problem={error} alert testId="watch-connect-problem" />
    </form>
  );
}

/** The watch service's routes: what each delivered and why the last failure failed, and a test message. */
function RoutesPanel({ networkId }: { networkId: string }) {
  const api = useApi();
  const client = useQueryClient();
  const routes = useQuery(watchQueries.routes(api, networkId));
  const [asked, setAsked] = useState<string>();
  const test = useAction(async (name: string) => {
    setAsked(name);
    await unwrap(api.watch.testRoute({ networkId, name }));
    await client.invalidateQueries({ queryKey: watchKeys.routes(networkId) });
  });
  if (!routes.data) return routes.isError ? <p className="field-error">The routes could not be read.</p> : null;
  return (
    <section aria-labelledby="watch-routes-title">
      <h3 id="watch-routes-title">Routes</h3>
      {routes.data.routes.length === 0 ? (
        <p className="muted">The watch service has no routes in its config.</p>
      ) : (
        <table data-testid="watch-routes">
          <thead>
            <tr>
              <th scope="col">Route</th>
              <th scope="col">Delivered</th>
              <th scope="col">Failures</th>
              <th scope="col">Pending</th>
              <th scope="col">Last error</th>
              <th scope="col"><span className="visually-hidden">Test</span></th>
            </tr>
          </thead>
          <tbody>
            {routes.data.routes.map((r) => (
              <tr key={r.name} data-route={r.name}>
                <th scope="row">{r.name} <span className="muted">({r.type})</span></th>
                <td>{r.delivered}</td>
                <td>{r.failures}</td>
                <td>{r.pending}</td>
                <td data-testid="watch-route-error">{r.lastError ?? "—"}</td>
                <td>
                  <BusyButton type="button" busy={test.pending && asked === r.name} busyLabel="Sending…" onClick={() => void test.run(r.name)} aria-label={`Send test message on ${r.name}`}>
                    Send test message
                  </BusyButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <FieldProblem id="watch-routes" problem={test.error} alert />
    </section>
  );
}
