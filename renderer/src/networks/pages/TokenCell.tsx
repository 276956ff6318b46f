import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { Network } from "../../../../shared/contract/network.js";
import { tokenTravelsInClear } from "../../../../shared/network/token-transport.js";
import { useApi } from "../../api/api-context.js";
import { errorMessage, unwrap } from "../../api/unwrap.js";
import { useAction } from "../../api/use-action.js";
import { networkKeys, networkQueries } from "../../queries/network-queries.js";
import { tokenProblem } from "./network-form.js";
import { tiedTo } from "../../components/FieldProblem.js";
import { BusyButton } from "../../components/BusyButton.js";

/**
 * Sets or clears a network's access token. The token goes to main once and is never shown
 * again: the page only ever learns {hasToken, plainHttp}, and the field is emptied on success.
 * Main binds it to the access URL's origin, and takes one for plain http to another machine
 * only with the box below ticked: the choice is the user's, made on a control that says why.
 */
export function TokenCell({ network }: { network: Network }) {
  const api = useApi();
  const client = useQueryClient();
  const status = useQuery(networkQueries.token(api, network.id));
  const [token, setToken] = useState("");
  const [open, setOpen] = useState(false);
  const [allowPlainHttp, setAllowPlainHttp] = useState(false);
  const [problem, setProblem] = useState<string>();
  const onSaved = (value: { hasToken: boolean; plainHttp: boolean }) => {
    setToken("");
    setProblem(undefined);
    setAllowPlainHttp(false);
    setOpen(false);
    client.setQueryData(networkKeys.token(network.id), value);
  };
  // Not useMutation: its cache would keep the token as the mutation's variables.
  const inClear = network.accessUrl !== null && tokenTravelsInClear(network.accessUrl);
  const save = useAction(async () => onSaved(await unwrap(api.network.setToken({ id: network.id, token, ...(inClear ? { allowPlainHttp } : {}) }))));
  const clear = useMutation({ mutationFn: () => unwrap(api.network.clearToken({ id: network.id })), onSuccess: onSaved });
  if (!network.accessUrl) return <span className="muted">no access service</span>;
  const has = status.data?.hasToken;
  // A token main would refuse unread (far too long: a paste gone wrong) is said here, not sent.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const why = tokenProblem(token);
    setProblem(why);
    save.clearError();
    if (!why) void save.run();
  };
  const error = problem ?? save.error;
  const fieldId = `token-${network.id}`;
  return (
    <div className="token-cell">
      <span data-testid={`token-status-${network.id}`}>{has === undefined ? "…" : has ? "Token set" : "No token"}</span>
      {has && status.data?.plainHttp && <span className="form-error" data-testid={`token-plain-http-${network.id}`}>sent unencrypted over plain http</span>}
      {status.error && <span role="alert" className="form-error">{errorMessage(status.error)}</span>}
      {open ? (
        <form onSubmit={submit} className="row">
          <label htmlFor={fieldId} className="visually-hidden">Access token for {network.name}</label>
          <input id={fieldId} type="password" autoComplete="off" spellCheck={false} autoFocus value={token} onChange={(e) => {
              setToken(e.target.value);
              setProblem(undefined);
            }} required {...tiedTo(fieldId, error)} />
          {inClear && (
            <label>
              <input type="checkbox" checked={allowPlainHttp} onChange={(e) => setAllowPlainHttp(e.target.checked)} />
              {" "}This service uses plain http: send the token unencrypted anyway (anyone on the way can read it)
            </label>
          )}
          <BusyButton busy={save.pending} busyLabel="Saving…" disabled={token.length === 0 || (inClear && !allowPlainHttp)}>Save token</BusyButton>
          <button type="button" className="secondary" onClick={() => { setToken(""); setProblem(undefined); save.clearError(); setOpen(false); }}>Cancel</button>
        </form>
      ) : (
        <button type="button" className="secondary" onClick={() => setOpen(true)}>{has ? "Replace token" : "Set token"}</button>
      )}
      {has && !open && <button type="button" className="secondary" onClick={() => clear.mutate()}>Clear token</button>}
      {error && <span role="alert" className="form-error" id={`${fieldId}-error`}>{error}</span>}
      {clear.error && <span role="alert" className="form-error">{errorMessage(clear.error)}</span>}
    </div>
  );
}
