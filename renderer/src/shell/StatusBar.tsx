import { useQuery } from "@tanstack/react-query";
import { useApi } from "../api/api-context.js";
import { failedWith } from "../api/failure.js";
import { errorMessage } from "../api/unwrap.js";
import { ERROR_CODES } from "../../../shared/error-codes.js";
import { chainQueries } from "../queries/chain-queries.js";
import { useSelectedNetwork } from "../queries/use-selected-network.js";

const STATE_LABEL = { idle: "idle", connecting: "connecting", live: "live", polling: "polling", offline: "offline" } as const;

/**
 * The node's live state: height from main's block events, catching up, health, and why. Only
 * offline is an alarm: polling a node without a websocket, or waiting out its rate limit, is
 * normal on a public node and said calmly.
 */
export function StatusBar() {
  const api = useApi();
  const { network } = useSelectedNetwork();
  const id = network?.id ?? "";
  const connection = useQuery({ ...chainQueries.connection(api, id), enabled: network !== undefined });
  const status = useQuery({ ...chainQueries.status(api, id), enabled: network !== undefined });
  const c = connection.data;
  const healthy = c?.state === "live" || c?.state === "polling";
  const lastError = c?.reason ?? (status.isError ? errorMessage(status.error) : null);
  const alarm = c?.state === "offline" || (!c?.reason && status.isError && !failedWith(status.error, ERROR_CODES.rpcRateLimited));
  const catchingUp = status.data?.syncInfo.catchingUp;
  return (
    <footer className="statusbar" aria-label="Node status" data-testid="node-status" data-state={c?.state ?? "unknown"}>
      <span className="status-network">{network?.name ?? "No network"}</span>
      <span className={`status-dot ${healthy ? "ok" : c?.state === "offline" ? "bad" : "pending"}`} aria-hidden="true" />
      {/* Announced when the connection changes, not on every block. */}
      <span role="status" data-testid="node-health">{c ? STATE_LABEL[c.state] : "…"}</span>
      <span>
        Height <span data-testid="node-height" data-chain-height={c?.lastHeight ?? undefined}>{c?.lastHeight ?? "—"}</span>
      </span>
      {catchingUp !== undefined && <span data-testid="node-sync">{catchingUp ? "catching up" : "in sync"}</span>}
      {lastError && <span className={alarm ? "status-error" : "status-note"} data-testid={alarm ? "node-error" : "node-note"} title={lastError}>{lastError}</span>}
    </footer>
  );
}
