import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ERROR_CODES } from "../../../../../shared/error-codes.js";
import { errorSentence, failedWith } from "../../../api/failure.js";
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
  // A block the node has not made yet is waited for: the live feed says when the chain reaches it.
  const ahead = failedWith(q.error, ERROR_CODES.rpcHeightAhead) && detail.kind === "block";
  const announced = useQuery({ ...blockQueries.announced(n), enabled: enabled && ahead }).data?.height;
  const reached = ahead && announced !== undefined && BigInt(announced) >= BigInt(detail.height);
  const { refetch } = byHeight;
  // Asked again at each block from there on: a node a block behind its own feed answers the next time.
  useEffect(() => {
    if (reached) void refetch();
  }, [reached, announced, refetch]);
  if (impossible) return <div role="alert" className="state-error card" data-testid="block-height-problem"><p>There is no block {detail.height}. {TOO_HIGH}</p></div>;
  if (q.isPending) return <Loading what={what} />;
  if (ahead) {
    return (
      <div role="status" className="state-empty card" data-testid="block-ahead">
        <p>{announced ? `Block ${detail.height} is not on the chain yet: the newest block is ${announced}.` : `${errorSentence(q.error)}.`}</p>
        <p className="muted">This page shows it as soon as the node has it.</p>
      </div>
    );
  }
  if (q.isError) return <ErrorState what={what} error={q.error} retry={() => void q.refetch()} />;
  return <BlockBody block={q.data} />;
}
