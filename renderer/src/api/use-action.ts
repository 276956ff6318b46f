import { useCallback, useRef, useState } from "react";
import { errorMessage } from "./unwrap.js";

/**
 * One user action (a form submit) with its pending flag and error text. Used instead of
 * useMutation where the answer holds a secret (a new mnemonic) that must not sit in a cache.
 */
export function useAction<A extends unknown[]>(run: (...args: A) => Promise<void>): { run: (...args: A) => Promise<void>; pending: boolean; error: string | undefined; failure: unknown; clearError: () => void } {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // The error itself, so a caller can word it by its code (an access service's status, say).
  const [failure, setFailure] = useState<unknown>();
  const latest = useRef(run);
  latest.current = run;
  const wrapped = useCallback(async (...args: A) => {
    setPending(true);
    setError(undefined);
    setFailure(undefined);
    try {
      await latest.current(...args);
    } catch (e) {
      setError(errorMessage(e));
      setFailure(e);
    } finally {
      setPending(false);
    }
  }, []);
  return { run: wrapped, pending, error, failure, clearError: useCallback(() => setError(undefined), []) };
}
