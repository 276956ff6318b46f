import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Network } from "../../../../shared/contract/network.js";
import { useApi } from "../../api/api-context.js";
import { errorMessage } from "../../api/unwrap.js";
import { networkQueries } from "../../queries/network-queries.js";
import { NetworkForm } from "./NetworkForm.js";
import { NetworkRow } from "./NetworkRow.js";

/** Every network the app knows: select, edit, remove, add, and set or clear its access token. */
export function NetworksPage() {
  const api = useApi();
  const list = useQuery(networkQueries.list(api));
  const [editing, setEditing] = useState<Network | "new" | undefined>();
  if (list.isPending) return <p aria-busy="true">Loading networks…</p>;
  if (list.isError) return <p role="alert">Networks could not be loaded: {errorMessage(list.error)}</p>;
  if (editing) return <NetworkForm network={editing === "new" ? undefined : editing} onDone={() => setEditing(undefined)} />;
  return (
    <>
      <table className="networks">
        <caption className="visually-hidden">Networks</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Chain id</th>
            <th scope="col">Runs</th>
            <th scope="col">Access token</th>
            <th scope="col"><span className="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {list.data.networks.map((n) => (
            <NetworkRow key={n.id} network={n} selected={n.id === list.data.selectedId} onEdit={() => setEditing(n)} />
          ))}
        </tbody>
      </table>
      <button type="button" onClick={() => setEditing("new")}>Add a network</button>
    </>
  );
}
