import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../api/api-context.js";
import { errorMessage, unwrap } from "../api/unwrap.js";
import { afterNetworkChange, NETWORK_SELECT_SCOPE, networkQueries } from "../queries/network-queries.js";

/** The header's network picker: selecting one moves the whole app, block feed included. */
export function NetworkSwitcher() {
  const api = useApi();
  const client = useQueryClient();
  const list = useQuery(networkQueries.list(api));
  // Switches run one after another, so the last one picked is the one in force. The picker stays
  // usable meanwhile: a disabled control would drop the keyboard's focus on the page's body.
  const select = useMutation({
    scope: { id: NETWORK_SELECT_SCOPE },
    mutationFn: (id: string) => unwrap(api.network.select({ id })),
    onSuccess: () => afterNetworkChange(client),
  });
  if (!list.data) return <span className="network-switcher muted">{list.isError ? "Networks unavailable" : "…"}</span>;
  return (
    <div className="network-switcher">
      <label htmlFor="network-select">Network</label>
      <select id="network-select" value={list.data.selectedId} aria-busy={select.isPending || undefined} onChange={(e) => select.mutate(e.target.value)}>
        {list.data.networks.map((n) => (
          <option key={n.id} value={n.id}>{n.name}</option>
        ))}
      </select>
      {select.isError && <span role="alert" className="form-error">{errorMessage(select.error)}</span>}
    </div>
  );
}
