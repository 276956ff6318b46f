import { useEffect, useState } from "react";
import { codecsReady, loadCodecs } from "../../../../shared/cosmos/message-loaders.js";

type CodecState = { readonly status: "ready" } | { readonly status: "loading" } | { readonly status: "failed"; readonly error: unknown; readonly retry: () => void };

/**
 * Loads the module codecs these message types need (each module's chunk once per window) and
 * says when decoding can start. Already-loaded modules answer at once, with no loading frame.
 */
export function useMessageCodecs(typeUrls: readonly string[]): CodecState {
  const key = [...new Set(typeUrls)].sort().join(" ");
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; failed?: unknown }>({ key: "" });
  const ready = codecsReady(typeUrls);
  useEffect(() => {
    if (codecsReady(key ? key.split(" ") : [])) return;
    let live = true;
    loadCodecs(key.split(" ")).then(
      () => live && setState({ key }),
      (error: unknown) => live && setState({ key, failed: error }),
    );
    return () => {
      live = false;
    };
  }, [key, attempt]);
  if (ready) return { status: "ready" };
  if (state.key === key && state.failed !== undefined) return { status: "failed", error: state.failed, retry: () => setAttempt((n) => n + 1) };
  return { status: "loading" };
}
