import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { unwrap } from "../../../api/unwrap.js";
import { explorerKeys } from "../../../queries/explorer-keys.js";
import { QueryView } from "../../../components/states.js";
import { useExplorer } from "../../components/use-explorer.js";
import { JsonTree } from "../../json/JsonTree.js";

/**
 * The header alone, as `header` (by height) and `header_by_hash` answer it, read only when
 * opened: light clients and relayers check exactly this shape.
 */
export function HeaderRaw({ height, hash }: { height: string; hash: string }) {
  const { api, n, enabled } = useExplorer();
  const [open, setOpen] = useState(false);
  const byHeight = useQuery({ queryKey: [...explorerKeys.blocks(n), "header", height], queryFn: () => unwrap(api.chain.header({ height })), enabled: enabled && open, staleTime: Infinity });
  const byHash = useQuery({ queryKey: [...explorerKeys.blocks(n), "headerByHash", hash], queryFn: () => unwrap(api.chain.headerByHash({ hash })), enabled: enabled && open, staleTime: Infinity });
  const same = byHeight.data && byHash.data ? JSON.stringify(byHeight.data) === JSON.stringify(byHash.data) : undefined;
  const standIn = byHeight.data?.readFrom === "block" || byHash.data?.readFrom === "block";
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Header as the header and header_by_hash routes answer</summary>
      {open && (
        <div className="stack">
          {standIn && (
            <p data-testid="header-stand-in" role="note">
              This node has no header routes (Tendermint 0.34 added none): what follows is the header inside its block, read with block and block_by_hash.
            </p>
          )}
          {same !== undefined && <p data-testid="header-agree" className={same ? "ok" : "bad"}>{same ? "header and header_by_hash agree." : "header and header_by_hash differ!"}</p>}
          <QueryView query={byHeight} what="the header">{({ readFrom: _readFrom, ...h }) => <JsonTree value={h} label="Header" openDepth={1} />}</QueryView>
          {byHash.isError && <QueryView query={byHash} what="the header by hash">{() => null}</QueryView>}
        </div>
      )}
    </details>
  );
}
