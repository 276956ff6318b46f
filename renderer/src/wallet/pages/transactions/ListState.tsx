import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import { type ReactNode, useSyncExternalStore } from "react";
import type { Network } from "../../../../../shared/contract/network.js";
import { ApiError, errorMessage } from "../../../api/unwrap.js";
import { AccessProblemView } from "../../AccessProblemView.js";

const onlineSubscribe = (cb: () => void) => {
  window.addEventListener("online", cb);
  window.addEventListener("offline", cb);
  return () => {
    window.removeEventListener("online", cb);
    window.removeEventListener("offline", cb);
  };
};

const TOKEN_CODES = new Set(["no_token", "access_unauthorized", "access_forbidden"]);
const UNREACHABLE_CODES = new Set(["access_unreachable", "access_timeout", "access_unavailable", "access_upstream_error", "access_upstream_timeout", "access_rate_limited"]);

/** The list's loading, empty, error and offline states, each saying what to do next. */
export function ListState(props: { network: Network | undefined; list: UseInfiniteQueryResult<unknown>; empty: boolean; filtered: boolean; children: ReactNode }) {
  const online = useSyncExternalStore(onlineSubscribe, () => navigator.onLine);
  const { list, network } = props;
  const retry = <button type="button" onClick={() => void list.refetch()}>Try again</button>;
  if (!network) return <div className="state" aria-busy="true"><p>Loading networks…</p></div>;
  if (!network.accessUrl && list.fetchStatus === "idle" && list.isPending) {
    return <div className="state" data-state="no-service"><h2>No account</h2><p>{network.name} has no access service: its list is read from the chain for one account. Add or import an account in Wallet.</p><a href="#/wallet">Open Wallet</a></div>;
  }
  if (!online) return <div className="state" data-state="offline" role="status"><h2>You are offline</h2><p>The list comes back when this computer is online again.</p>{retry}</div>;
  if (list.isPending) return <div className="state" data-state="loading" aria-busy="true"><div className="skeleton" /><div className="skeleton" /><div className="skeleton" /><p className="muted">Loading transactions…</p></div>;
  if (list.isError) {
    const code = list.error instanceof ApiError ? list.error.code : "";
    if (TOKEN_CODES.has(code)) {
      return <div className="state" data-state="token" role="alert"><h2>An access token is needed</h2><p>{code === "no_token" ? `No access token is set for ${network.name}.` : `The access service refused the token for ${network.name}: ${errorMessage(list.error)}`}</p><a className="button" href="#/networks">Set the token in Networks</a></div>;
    }
    const heading = UNREACHABLE_CODES.has(code) ? "The access service does not answer" : "The list could not be loaded";
    return <div className="state" data-state={UNREACHABLE_CODES.has(code) ? "unreachable" : "error"}><h2>{heading}</h2><AccessProblemView error={list.error} networkName={network.name} onRetry={() => void list.refetch()} /></div>;
  }
  if (props.empty) {
    return <div className="state" data-state="empty"><h2>No transactions{props.filtered ? " match" : " yet"}</h2><p>{!network.accessUrl ? `${network.name}'s nodes have no transaction of this account in their index${props.filtered ? " with this status" : ""}; a node with its indexer off or its history pruned lists nothing older.` : props.filtered ? "Try another filter, or All." : "Transfers appear here as soon as the service sees them."}</p><a href="#/send">Send a transfer</a></div>;
  }
  return <>{props.children}</>;
}
