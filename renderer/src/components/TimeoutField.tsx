import { useEffect, useState } from "react";
import { MAX_TIMEOUT_BLOCKS } from "../../../shared/contract/tx-constants.js";

/**
 * How many blocks the transaction stays valid for: main signs it with the chain's height plus
 * this as its timeout height, so one that sits in a mempool has a certain end. Applied when the
 * field is left or Enter is pressed; the review is prepared again with it. A wrong entry goes to
 * `onProblem` too: the review must not sign while the field shows one, since the prepared
 * transaction still carries the last good value, not the one on screen.
 */
export function TimeoutField({ blocks, onChange, onProblem, timeoutHeight }: { blocks: number; onChange: (blocks: number) => void; onProblem: (problem: string | undefined) => void; timeoutHeight: string }) {
  const [text, setText] = useState(String(blocks));
  const [error, setError] = useState<string>();
  // Unmounted (the review is prepared again), the field comes back with the value in force and no
  // problem: the review must not stay blocked by one nobody sees. `onProblem` is a state setter.
  useEffect(() => () => onProblem(undefined), [onProblem]);
  const apply = () => {
    const n = Number(text.trim());
    if (!/^\d+$/.test(text.trim()) || n < 1 || n > MAX_TIMEOUT_BLOCKS) {
      const problem = `a whole number of blocks from 1 to ${MAX_TIMEOUT_BLOCKS.toLocaleString("en")}`;
      setError(problem);
      onProblem(problem);
      return;
    }
    setError(undefined);
    onProblem(undefined);
    if (n !== blocks) onChange(n);
  };
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <label htmlFor="timeout-blocks">Valid for (blocks)</label>
      <input
        id="timeout-blocks"
        inputMode="numeric"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "timeout-blocks-error timeout-blocks-hint" : "timeout-blocks-hint"}
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            apply();
          }
        }}
      />
      {error && <p className="field-error" id="timeout-blocks-error" role="alert">{error}</p>}
      <p className="field-hint muted" id="timeout-blocks-hint">Void if not included by height {timeoutHeight}.</p>
    </div>
  );
}
