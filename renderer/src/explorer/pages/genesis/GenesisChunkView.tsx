import { useDeferredValue, useMemo, useState } from "react";
import type { JsonValue } from "../../../../../shared/primitives.js";
import { Empty } from "../../components/states.js";
import type { ChunkText } from "../../genesis/genesis-chunks.js";
import { findMatches } from "../../json/json-model.js";
import { JsonTree } from "../../json/JsonTree.js";
import { ChainText } from "../../text/ChainText.js";

const SLICE = 64 * 1024;

function parse(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

/**
 * One chunk: a whole genesis (one chunk) parses into a searchable JSON tree; a piece of a
 * larger one is not valid JSON alone, so it is shown as text, 64 KiB at a time.
 */
export function GenesisChunkView({ chunk }: { chunk: ChunkText }) {
  const json = useMemo(() => (chunk.total === 1 ? parse(chunk.text) : undefined), [chunk]);
  const [needle, setNeedle] = useState("");
  const deferred = useDeferredValue(needle);
  const matches = useMemo(() => (json !== undefined && deferred.length >= 2 ? findMatches(json, deferred) : []), [json, deferred]);
  const [slice, setSlice] = useState(0);
  if (json === undefined) {
    const slices = Math.max(1, Math.ceil(chunk.text.length / SLICE));
    return (
      <div className="stack">
        <div className="row">
          <button type="button" className="secondary" disabled={slice === 0} onClick={() => setSlice(slice - 1)}>Previous 64 KiB</button>
          <span>Part {slice + 1} of {slices}</span>
          <button type="button" className="secondary" disabled={slice + 1 >= slices} onClick={() => setSlice(slice + 1)}>Next 64 KiB</button>
        </div>
        <pre className="raw-text"><ChainText value={chunk.text.slice(slice * SLICE, (slice + 1) * SLICE)} /></pre>
      </div>
    );
  }
  return (
    <div className="stack">
      <label>Search keys and values <input type="search" value={needle} onChange={(e) => setNeedle(e.target.value)} aria-describedby="genesis-matches" /></label>
      {deferred.length >= 2 && (
        <div id="genesis-matches" role="status" data-testid="genesis-matches">
          {matches.length === 0 ? <Empty>No key or value contains “{deferred}”.</Empty> : (
            <>
              <p>{matches.length >= 200 ? "The first 200 matches" : `${matches.length} matches`}</p>
              <ul className="matches">
                {matches.map((m) => <li key={m.path.join("/")}><code className="mono">{m.path.join(".")}</code> = <ChainText value={m.value} max={200} /></li>)}
              </ul>
            </>
          )}
        </div>
      )}
      <JsonTree value={json} label="Genesis" openDepth={1} />
    </div>
  );
}
