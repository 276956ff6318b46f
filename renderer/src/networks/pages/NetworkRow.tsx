import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Network } from "../../../../shared/contract/network.js";
import { useApi } from "../../api/api-context.js";
import { errorMessage, unwrap } from "../../api/unwrap.js";
import { NETWORK_SELECT_SCOPE, networkKeys } from "../../queries/network-queries.js";
import { TokenCell } from "./TokenCell.js";
import { GenerationCell } from "./GenerationCell.js";
import { BusyButton } from "../../components/BusyButton.js";

/** One network in the table, with its actions. */
export function NetworkRow({ network, selected, onEdit }: { network: Network; selected: boolean; onEdit: () => void }) {
  const api = useApi();
  const client = useQueryClient();
  const invalidate = () => client.invalidateQueries({ queryKey: networkKeys.all });
  const select = useMutation({ scope: { id: NETWORK_SELECT_SCOPE }, mutationFn: () => unwrap(api.network.select({ id: network.id })), onSuccess: invalidate });
  const remove = useMutation({ mutationFn: () => unwrap(api.network.remove({ id: network.id })), onSuccess: invalidate });
  const error = select.error ?? remove.error;
  return (
    <tr aria-current={selected ? "true" : undefined} data-network-id={network.id}>
      <th scope="row">
        {network.name}
        {selected && <span className="badge">selected</span>}
      </th>
      <td><code>{network.chainId}</code></td>
      <td><GenerationCell networkId={network.id} selected={selected} /></td>
      <td><TokenCell network={network} /></td>
      <td>
        <div className="actions">
          {!selected && <BusyButton type="button" busy={select.isPending} busyLabel="Switching…" onClick={() => select.mutate()} aria-label={select.isPending ? `Switching to ${network.name}…` : `Use ${network.name}`}>Use</BusyButton>}
          <button type="button" className="secondary" onClick={onEdit} aria-label={`Edit ${network.name}`}>Edit</button>
          {network.source !== "devnet" && !selected && (
            <button type="button" className="danger" aria-label={`Remove ${network.name}`} onClick={() => window.confirm(`Remove ${network.name}?`) && remove.mutate()}>Remove</button>
          )}
          {error && <span role="alert" className="form-error">{errorMessage(error)}</span>}
        </div>
      </td>
    </tr>
  );
}
