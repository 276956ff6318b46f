import { AbciSection } from "./AbciSection.js";
import { RawConsole } from "./RawConsole.js";

/** ABCI info and queries with presets, then a raw console for every safe RPC route. */
export function ConsolePage() {
  return (
    <div className="stack">
      <AbciSection />
      <RawConsole />
    </div>
  );
}
