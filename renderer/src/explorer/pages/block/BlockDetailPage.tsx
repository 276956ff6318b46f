import { useQuery } from "@tanstack/react-query";
import type { Detail } from "../../../links/routes.js";
import { blockQueries } from "../../queries/block-queries.js";
import { ErrorState, Loading } from "../../../components/states.js";
import { useExplorer } from "../../components/use-explorer.js";
import { BlockBody } from "./BlockBody.js";
import { heightTooHigh, TOO_HIGH } from "../../../../../shared/height.js";

/** `#/block/<height>` or `#/block/hash/<HASH>`: the block, its commit, results and transactions. */
export function BlockDetailPage({ detail }: { detail: Extract<Detail, { kind: "block" | "blockHash" }> }) {
  const { api, n, enabled } = useExplorer();
  // A height past int64 is not asked: the node cannot read it and answers with its decoder's words.
  const impossible = detail.kind === "block" && heightTooHigh(detail.height);
  const byHeight = useQuery({ ...blockQueries.block(api, n, detail.kind === "block" ? detail.height : ""), enabled: enabled && detail.kind === "block" && !impossible });
  const byHash = useQuery({ ...blockQueries.byHash(api, n, detail.kind === "blockHash" ? detail.hash : ""), enabled: enabled && detail.kind === "blockHash" });
  const q = detail.kind === "block" ? byHeight : byHash;
  const what = detail.kind === "block" ? `block ${detail.height}` : `block ${detail.hash}`;
  if (impossible) return <div role="alert" className="state-error card" data-testid="block-height-problem"><p>There is no block {detail.height}. {TOO_HIGH}</p></div>;
  if (q.isPending) return <Loading what={what} />;
  if (q.isError) return <ErrorState what={what} error={q.error} retry={() => void q.refetch()} />;
  return <BlockBody block={q.data} />;
}
