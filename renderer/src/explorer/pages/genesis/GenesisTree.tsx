import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ResultOf } from "../../../../../shared/contract/index.js";
import { unwrap } from "../../../api/unwrap.js";
import { explorerKeys } from "../../../queries/explorer-keys.js";
import { ErrorState } from "../../../components/states.js";
import { useExplorer } from "../../components/use-explorer.js";
import { onTreeFocus, onTreeKeyDown } from "../../json/tree-keys.js";
import { ChainText } from "../../../components/text/ChainText.js";

type Entry = ResultOf<"chain.genesisNode">["entries"][number];
const PAGE = 100;

/**
 * The genesis as a tree whose nodes main reads from the genesis it parsed once
 * (`chain.genesisNode`): the renderer holds only the open nodes' pages, whatever the file's size
 * or number of chunks. Keyboard as every JSON tree (tree-keys.ts).
 */
export function GenesisTree() {
  return (
    <ul className="json-tree" role="tree" aria-label="Genesis" onKeyDown={onTreeKeyDown} onFocus={onTreeFocus} data-testid="genesis-tree">
      <Container name="Genesis" path={[]} kind="object" size={undefined} depth={0} />
    </ul>
  );
}

function Container({ name, path, kind, size, depth }: { name: string; path: readonly string[]; kind: "object" | "array"; size: number | undefined; depth: number }) {
  const { api, n, enabled } = useExplorer();
  const [open, setOpen] = useState(depth === 0);
  const q = useInfiniteQuery({
    queryKey: explorerKeys.genesisNode(n, path),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => unwrap(api.chain.genesisNode({ path: [...path], offset: pageParam, limit: PAGE })),
    getNextPageParam: (last) => (last.offset + last.entries.length < last.total ? last.offset + last.entries.length : undefined),
    enabled: enabled && open,
    staleTime: Infinity,
    retry: false,
  });
  const total = size ?? q.data?.pages[0]?.total;
  const entries = q.data?.pages.flatMap((p) => p.entries) ?? [];
  const summary = total === undefined ? "" : kind === "array" ? `[${total} ${total === 1 ? "item" : "items"}]` : `{${total} ${total === 1 ? "key" : "keys"}}`;
  return (
    <li role="treeitem" aria-expanded={open} aria-level={depth + 1} tabIndex={depth === 0 ? 0 : -1}>
      <button type="button" className="json-toggle" tabIndex={-1} onClick={() => setOpen(!open)} aria-label={`${open ? "Collapse" : "Expand"} ${name}`}>
        {open ? "▾" : "▸"}
      </button>
      <span className="json-key"><ChainText value={name} /></span> <span className="muted">{summary}</span>
      {open && (
        <ul role="group">
          {q.isPending && <li className="muted">Reading…</li>}
          {q.isError && <li><ErrorState what="this part of the genesis" error={q.error} retry={() => void q.refetch()} /></li>}
          {entries.map((e) => <Child key={e.key} entry={e} path={[...path, e.key]} depth={depth + 1} />)}
          {q.hasNextPage && (
            <li>
              <button type="button" className="secondary small" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
                Show {Math.min(PAGE, (total ?? 0) - entries.length)} more of {(total ?? 0) - entries.length}
              </button>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

function Child({ entry, path, depth }: { entry: Entry; path: readonly string[]; depth: number }) {
  if (entry.kind === "object" || entry.kind === "array") return <Container name={entry.key} path={path} kind={entry.kind} size={entry.size} depth={depth} />;
  return (
    <li role="treeitem" className="json-leaf" aria-level={depth + 1} tabIndex={-1}>
      <span className="json-key"><ChainText value={entry.key} /></span>:{" "}
      {entry.kind === "string" ? <span className="json-string">"<ChainText value={entry.value} />"</span> : <span className="json-scalar">{entry.value}</span>}
      {entry.cut && <span className="muted"> … (cut at {entry.value.length} characters; save the file for all of it)</span>}
    </li>
  );
}
