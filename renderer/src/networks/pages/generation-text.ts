import type { ResultOf } from "../../../../shared/contract/index.js";
import { errorMessage } from "../../api/unwrap.js";

type NodeGeneration = ResultOf<"chain.generation">;

/**
 * What the Network page says a node runs: its label ("CometBFT 0.38.23 · Cosmos SDK v0.53.8"),
 * and main's sentences on what it did not understand; or why the node could not be asked.
 */
export function generationText(answer: NodeGeneration | undefined, error: unknown): { readonly text: string; readonly notes: readonly string[] } {
  if (answer) return { text: answer.label, notes: answer.notes };
  if (error) return { text: "not known", notes: [`The node could not be asked which generation it runs: ${errorMessage(error)}.`] };
  return { text: "asking the node…", notes: [] };
}
