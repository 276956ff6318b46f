import type { PrepareArgs } from "../../../shared/contract/tx.js";
import { ApiError, errorMessage } from "../api/unwrap.js";
import { ChainText } from "./text/ChainText.js";

/**
 * A transaction main could not prepare: why, in words (with what to do), the chain's own text a
 * press away, and what would have been signed, as asked (no fee or sequence: the chain refused
 * before they could be set).
 */
export function RefusedReview({ error, args }: { error: unknown; args: PrepareArgs }) {
  const chain = error instanceof ApiError ? error.chainWords : undefined;
  return (
    <div data-testid="prepare-refused">
      <p className="field-error" role="alert" data-testid="prepare-problem">{errorMessage(error)}</p>
      {chain && (
        <details data-testid="chain-words">
          <summary>Show the chain&apos;s words</summary>
          <pre className="raw-json"><ChainText value={chain} /></pre>
        </details>
      )}
      <details>
        <summary>What would have been signed</summary>
        <pre className="raw-json" data-testid="refused-messages">{JSON.stringify({ messages: args.messages, memo: args.memo ?? "" }, null, 2)}</pre>
      </details>
    </div>
  );
}
