import { useState } from "react";
import { MAX_TIMEOUT_BLOCKS } from "../../../shared/contract/tx.js";
import { Field } from "./pages/send/Field.js";

/**
 * How many blocks the transaction stays valid for: main signs it with the chain's height plus
 * this as its timeout height, so one that sits in a mempool has a certain end. Applied when the
 * field is left or Enter is pressed; the review is prepared again with it.
 */
export function TimeoutField({ blocks, onChange, timeoutHeight }: { blocks: number; onChange: (blocks: number) => void; timeoutHeight: string }) {
  const [text, setText] = useState(String(blocks));
  const [error, setError] = useState<string>();
  const apply = () => {
    const n = Number(text.trim());
    if (!/^\d+$/.test(text.trim()) || n < 1 || n > MAX_TIMEOUT_BLOCKS) {
      setError(`a whole number of blocks from 1 to ${MAX_TIMEOUT_BLOCKS.toLocaleString("en")}`);
      return;
    }
    setError(undefined);
    if (n !== blocks) onChange(n);
  };
  return (
    <Field id="timeout-blocks" label="Valid for (blocks)" error={error} hint={`Void if not included by height ${timeoutHeight}.`}>
      {(control) => (
        <input
          {...control}
          inputMode="numeric"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={apply}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              apply();
            }
          }}
        />
      )}
    </Field>
  );
}
