import { useQuery } from "@tanstack/react-query";
import { useApi } from "../api/api-context.js";
import { errorMessage } from "../api/unwrap.js";
import { chainQueries } from "../queries/chain-queries.js";
import { useSelectedNetwork } from "../queries/use-selected-network.js";

const STATE_LABEL = { idle: "idle", connecting: "connecting", live: "live", polling: "polling", offline: "offline" } as const;

/** The node's live state: height from main's block events, catching up, health, last error. */
export function StatusBar() {
  const api = useApi();
  const { network } = useSelectedNetwork();
  const id = network?.id ?? "";
  const connection = useQuery({ ...chainQueries.connection(api, id), enabled: network !== undefined });
  const status = useQuery({ ...chainQueries.status(api, id), enabled: network !== undefined });
  const c = connection.data;
  const healthy = c?.state === "live" || c?.state === "polling";
  const lastError = c?.reason ?? (status.isError ? errorMessage(status.error) : null);
  const catchingUp = status.data?.syncInfo.catchingUp;
  return (
    <footer className="statusbar" aria-label="Node status" data-testid="node-status" data-state={c?.state ?? "unknown"}>
      <span className="status-network">{network?.name ?? "No network"}</span>
      <span className={`status-dot ${healthy ? "ok" : c?.state === "offline" ? "bad" : "pending"}`} aria-hidden="true" />
      {/* Announced when the connection changes, not on every block. */}
      <span role="status" data-testid="node-health">{c ? STATE_LABEL[c.state] : "…"}</span>
      <span>
        Height <span data-testid="node-height">{c?.lastHeight ?? "—"}</span>
      </span>
      {catchingUp !== undefined && <span data-testid="node-sync">{catchingUp ? "catching up" : "in sync"}</span>}
      {lastError && <span className="status-error" data-testid="node-error" title={lastError}>{lastError}</span>}
    </footer>
  );
}
