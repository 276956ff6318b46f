import { type ReactNode, useState } from "react";
import type { JsonValue } from "../../../../shared/primitives.js";
import { JsonTree } from "../json/JsonTree.js";

/** Decoded view by default; one press shows what the node actually sent, as a JSON tree. */
export function RawToggle({ raw, label, children }: { raw: JsonValue; label: string; children: ReactNode }) {
  const [showRaw, setShowRaw] = useState(false);
  return (
    <div className="raw-toggle">
      <button type="button" className="secondary small" aria-pressed={showRaw} onClick={() => setShowRaw(!showRaw)}>
        {showRaw ? "Decoded" : "Raw JSON"}
      </button>
      {showRaw ? <JsonTree value={raw} label={label} openDepth={2} /> : children}
    </div>
  );
}
