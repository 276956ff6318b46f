import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context.js";
import { networkQueries } from "../../queries/network-queries.js";
import { ChainText } from "../../components/text/ChainText.js";
import { generationText } from "./generation-text.js";

/** Which generation the selected network's node runs; the others are asked once selected. */
export function GenerationCell({ networkId, selected }: { networkId: string; selected: boolean }) {
  const api = useApi();
  const q = useQuery({ ...networkQueries.generation(api, networkId), enabled: selected });
  if (!selected) return <span className="muted">shown once selected</span>;
  const { text, notes } = generationText(q.data, q.error);
  return (
    <div data-testid="node-generation">
      {/* Version strings come from the node: text, never markup. */}
      <ChainText value={text} max={200} />
      {notes.map((note, i) => <p key={i} className="muted">{note}</p>)}
    </div>
  );
}
