import { useMutation, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { errorMessage, unwrap } from "../../../api/unwrap.js";
import { explorerKeys } from "../../../queries/explorer-keys.js";
import { ErrorState, Facts, Loading } from "../../../components/states.js";
import { BusyButton } from "../../../components/BusyButton.js";
import { useExplorer } from "../../components/use-explorer.js";
import { chunkText } from "../../genesis/genesis-chunks.js";
import { GenesisChunkView } from "./GenesisChunkView.js";
import { GenesisSearch } from "./GenesisSearch.js";
import { GenesisTree } from "./GenesisTree.js";

/**
 * The genesis file. Tree and search are served by main, which reads every `genesis_chunked`
 * chunk once and parses the whole file; the raw text is read one chunk at a time, and the
 * renderer holds only the chunk on screen (the cache forgets the others at once). Hash and save
 * run in main, chunk by chunk.
 */
export function GenesisPage() {
  const { api, n, enabled } = useExplorer();
  const [index, setIndex] = useState(0);
  const [raw, setRaw] = useState(false);
  const chunk = useQuery({ queryKey: explorerKeys.genesisChunk(n, index), queryFn: () => unwrap(api.chain.genesisChunked({ chunk: index })), enabled: enabled && raw, gcTime: 0, staleTime: Infinity, retry: false });
  const text = useMemo(() => (chunk.data ? chunkText(chunk.data) : undefined), [chunk.data]);
  const digest = useQuery({ queryKey: [...explorerKeys.genesisChunk(n, -1), "digest"], queryFn: () => unwrap(api.chain.genesisDigest({})), enabled, staleTime: Infinity, retry: false });
  const save = useMutation({ mutationFn: () => unwrap(api.chain.saveGenesis({})) });
  return (
    <div className="stack">
      <Facts
        testId="genesis-facts"
        rows={[
          ["sha256", digest.data ? <span className="mono" data-testid="genesis-sha256">{digest.data.sha256}</span> : digest.isError ? errorMessage(digest.error) : "computing…"],
          ["Size", digest.data ? `${digest.data.bytes} bytes in ${digest.data.chunks} chunk${digest.data.chunks === 1 ? "" : "s"}` : "…"],
        ]}
      />
      <div className="row">
        <BusyButton type="button" busy={save.isPending} busyLabel="Saving…" onClick={() => save.mutate()}>Save to file…</BusyButton>
        <span role="status" data-testid="genesis-saved">
          {save.data?.saved ? `Saved ${save.data.fileName} (${save.data.bytes} bytes, sha256 ${save.data.sha256.slice(0, 12)}…)` : save.data ? "Not saved." : ""}
        </span>
        {save.isError && <span role="alert" className="form-error">{errorMessage(save.error)}</span>}
      </div>
      <GenesisSearch />
      <GenesisTree />
      <section aria-labelledby="genesis-raw-h" className="stack">
        <h2 id="genesis-raw-h">Raw text</h2>
        {!raw ? <button type="button" className="secondary" onClick={() => setRaw(true)}>Show the raw text, chunk by chunk</button> : chunk.isPending ? <Loading what={`genesis chunk ${index}`} /> : chunk.isError ? <ErrorState what="the genesis" error={chunk.error} retry={() => void chunk.refetch()} /> : text && (
          <>
            <nav className="row" aria-label="Genesis chunks">
              <button type="button" className="secondary" disabled={index === 0} onClick={() => setIndex(index - 1)}>Previous chunk</button>
              <span>Chunk {index + 1} of {text.total} ({text.bytes} bytes)</span>
              <button type="button" className="secondary" disabled={index + 1 >= text.total} onClick={() => setIndex(index + 1)}>Next chunk</button>
            </nav>
            <GenesisChunkView key={index} chunk={text} />
          </>
        )}
      </section>
    </div>
  );
}
