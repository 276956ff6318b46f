/**
 * Which generation of CometBFT a node runs, read from `status`'s `node_info.version`. The
 * generations differ in the answers the app reads (block results' events, validator update keys,
 * event attributes' encoding, the routes there are), so main chooses its reading once from this.
 * Zod-free: the Network page shows the names without loading a schema.
 */
export const GENERATIONS = ["tendermint-0.34", "cometbft-0.37", "cometbft-0.38", "cometbft-1", "unknown"] as const;
export type Generation = (typeof GENERATIONS)[number];

/** The node's own version string ("0.38.23", "1.0.1", "0.34.35") to its generation; anything else is "unknown". */
export function generationOf(version: string): Generation {
  const m = /^v?(\d{1,4})\.(\d{1,4})\.\d{1,6}(?:[-+][\w.+-]{0,64})?$/.exec(version.trim());
  if (!m) return "unknown";
  const [major, minor] = [Number(m[1]), Number(m[2])];
  if (major === 0 && minor === 34) return "tendermint-0.34";
  if (major === 0 && minor === 37) return "cometbft-0.37";
  // 0.39 keeps 0.38's ABCI 2.0 answers (FinalizeBlock).
  if (major === 0 && (minor === 38 || minor === 39)) return "cometbft-0.38";
  if (major === 1) return "cometbft-1";
  return "unknown";
}

/** The name a person knows the node's software by. */
export function consensusName(generation: Generation, version: string): string {
  if (generation === "unknown") return `an unknown consensus engine (version "${version.slice(0, 64)}")`;
  return `${generation === "tendermint-0.34" ? "Tendermint" : "CometBFT"} ${version.trim().replace(/^v/, "")}`;
}
