import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import type { ResultOf } from "../../../../shared/contract/index.js";
import { useApi } from "../../api/api-context.js";
import { unwrap } from "../../api/unwrap.js";
import { useAction } from "../../api/use-action.js";
import { Empty } from "../../components/states.js";
import { FieldProblem, tiedTo } from "../../components/FieldProblem.js";
import { ChainText } from "../../components/text/ChainText.js";
import { ChainTime } from "../../components/ChainTime.js";
import { watchKeys } from "../../queries/watch-queries.js";
import { nodeUrlProblem } from "./watch-checks.js";
import { flagWords, nodeRowKind } from "./node-flags.js";
import { BusyButton } from "../../components/BusyButton.js";

type Node = ResultOf<"watch.status">["nodes"][number];

/** A fault in the danger colour (the rows of missed blocks share it), a wait in the warning colour. */
const rowClass = (flags: Node["flags"]) => ({ fault: "missed", wait: "waiting", none: undefined })[nodeRowKind(flags) ?? "none"];

/** Every node of the network side by side, as the last probe found it (a node just added: "checking…" until its first), with its hashes at the common height. */
export function NodesTable({ networkId, nodes }: { networkId: string; nodes: readonly Node[] }) {
  const api = useApi();
  const client = useQueryClient();
  const remove = async (url: string) => {
    await unwrap(api.watch.removeNode({ networkId, url }));
    await client.invalidateQueries({ queryKey: watchKeys.status(networkId) });
  };
  return (
    <>
      {nodes.length === 0 ? <Empty>No node probed yet.</Empty> : <NodeRows nodes={nodes} remove={remove} />}
      <AddNode networkId={networkId} />
    </>
  );
}

function NodeRows({ nodes, remove }: { nodes: readonly Node[]; remove: (url: string) => Promise<void> }) {
  return (
    <div className="table-frame">
      <table className="grid" data-testid="watch-nodes">
        <caption>Nodes</caption>
        <thead>
          <tr>
            <th scope="col">Node</th>
            <th scope="col">Flags</th>
            <th scope="col">Height</th>
            <th scope="col">Latest block</th>
            <th scope="col">Version</th>
            <th scope="col">Peers</th>
            <th scope="col">Mempool</th>
            <th scope="col">Latency</th>
            <th scope="col" title="Each node's app hash at the highest height they all have: a node whose hash differs has forked">App hash</th>
            <th scope="col" title="The validator key the node signs with (status validator_info) and its voting power; one key on two nodes double-signs">Validator key</th>
          </tr>
        </thead>
        <tbody>
          {nodes.map((n) => (
            <tr key={n.url} data-url={n.url} data-testid="watch-node" className={rowClass(n.flags)}>
              <th scope="row">
                {n.moniker !== null && <ChainText value={n.moniker} max={64} />} <small className="mono">{n.url}</small>
                {n.source === "user" && (
                  <>
                    <small className="muted"> (added)</small>{" "}
                    <button type="button" className="secondary" onClick={() => void remove(n.url)}>Remove</button>
                  </>
                )}
              </th>
              <td data-testid="node-flags">
                {n.checkedAt === null ? "checking…" : flagWords(n.flags)}
                {n.rateLimitedSince !== null && <small className="muted"> since <ChainTime value={n.rateLimitedSince} />; the facts shown are the last it answered</small>}
                {n.error && <small className="muted"> {n.error}</small>}
              </td>
              <td data-testid="node-height">{n.height ?? "–"}</td>
              <td>{n.latestBlockTime !== null ? <ChainTime value={n.latestBlockTime} /> : "–"}</td>
              <td>{n.version !== null ? <ChainText value={n.version} max={32} /> : "–"}</td>
              <td>{n.peers ?? "–"}</td>
              <td>{n.mempoolTxs ?? "–"}</td>
              <td>{n.latencyMs !== null ? `${n.latencyMs} ms` : "–"}</td>
              <td className="mono">{n.compared ? `${n.compared.height}: ${n.compared.appHash.slice(0, 16)}…` : "–"}</td>
              <td data-testid="node-key"><ValidatorKey node={n} nodes={nodes} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The node's validator key in short (its first eight base64 characters) with its power; marked when another node reports it too. */
function ValidatorKey({ node, nodes }: { node: Node; nodes: readonly Node[] }) {
  const key = node.validatorKey;
  if (!key) return <>–</>;
  const others = nodes.filter((o) => o.url !== node.url && o.up && o.validatorKey?.value === key.value && o.validatorKey.type === key.type && (o.nodeId === null || o.nodeId !== node.nodeId));
  const short = key.value.length > 12 ? `${key.value.slice(0, 8)}…` : key.value;
  return (
    <>
      <span className="mono" title={key.value}>{short}</span> <small className="muted">power {key.votingPower}</small>
      {others.length > 0 && <strong> also on {others.map((o) => o.url).join(", ")}</strong>}
    </>
  );
}

/** A node of the user's beside the network's own: listed at once, probed straight away and compared with them from then on. */
function AddNode({ networkId }: { networkId: string }) {
  const api = useApi();
  const client = useQueryClient();
  const [url, setUrl] = useState("");
  // What was wrong at the last submit; it goes once the field is edited.
  const [problem, setProblem] = useState<string>();
  const field = useRef<HTMLInputElement>(null);
  const add = useAction(async () => {
    await unwrap(api.watch.addNode({ networkId, url: url.trim() }));
    setUrl("");
    await client.invalidateQueries({ queryKey: watchKeys.status(networkId) });
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = nodeUrlProblem(url);
    setProblem(found);
    add.clearError();
    // Nothing is sent until main would take it; the keyboard goes back to the field to change.
    if (found) return field.current?.focus();
    void add.run();
  };
  const error = problem ?? add.error;
  return (
    <form className="watch-add" onSubmit={submit} noValidate aria-label="Add a node">
      <label>
        Node RPC address
        <input ref={field} id="watch-node" value={url} onChange={(e) => {
            setUrl(e.target.value);
            setProblem(undefined);
            add.clearError();
          }} placeholder="https://rpc.example.org" required spellCheck={false} {...tiedTo("watch-node", error)} />
      </label>
      <BusyButton busy={add.pending} busyLabel="Adding…">Add node</BusyButton>
      <FieldProblem id="watch-node" problem={error} alert />
    </form>
  );
}
