import { useState } from "react";
import type { ChunkText } from "../../genesis/genesis-chunks.js";
import { ChainText } from "../../../components/text/ChainText.js";

const SLICE = 64 * 1024;

/** One chunk's raw text, 64 KiB at a time: a piece of a larger genesis is not valid JSON alone. */
export function GenesisChunkView({ chunk }: { chunk: ChunkText }) {
  const [slice, setSlice] = useState(0);
  const slices = Math.max(1, Math.ceil(chunk.text.length / SLICE));
  return (
    <div className="stack">
      <div className="row">
        <button type="button" className="secondary" disabled={slice === 0} onClick={() => setSlice(slice - 1)}>Previous 64 KiB</button>
        <span>Part {slice + 1} of {slices}</span>
        <button type="button" className="secondary" disabled={slice + 1 >= slices} onClick={() => setSlice(slice + 1)}>Next 64 KiB</button>
      </div>
      <pre className="raw-text" data-testid="genesis-raw"><ChainText value={chunk.text.slice(slice * SLICE, (slice + 1) * SLICE)} /></pre>
    </div>
  );
}
