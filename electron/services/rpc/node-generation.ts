import type { z } from "zod";
import type * as T from "../../../shared/contract/chain-types.js";
import { consensusName, type Generation, generationOf } from "../../../shared/contract/generation.js";

export type NodeGeneration = z.output<typeof T.NodeGeneration>;

/**
 * What a node runs, in words: its consensus engine from `status`'s `node_info.version`, and its
 * application from the SDK's node service (`sdkVersion`) or else `abci_info`'s version. A version
 * of no known generation is named as sent, with a sentence saying how its answers are read.
 */
export function describeGeneration(consensusVersion: string, appVersion: string, sdkVersion: string | null): NodeGeneration {
  const generation = generationOf(consensusVersion);
  const app = sdkVersion ? `Cosmos SDK ${sdkVersion}` : appVersion.trim() ? `application ${appVersion.trim().slice(0, 64)}` : undefined;
  const notes =
    generation === "unknown"
      ? [`The node's version "${consensusVersion.slice(0, 64)}" is of no generation this app knows (Tendermint 0.34, CometBFT 0.37, 0.38, 0.39 or 1.x): its answers are read as CometBFT 0.38's, and what does not fit is shown as the node sent it.`]
      : [];
  return { generation, consensusVersion, appVersion, sdkVersion, label: [consensusName(generation, consensusVersion), app].filter(Boolean).join(" · "), notes };
}

/** How long a node's generation is trusted before it is asked again (a node may be upgraded in place). */
const KEEP_MS = 10 * 60_000;

/** A network's generation, asked once and kept a while: the explorer's readings choose by it. */
export function createGenerationCache(read: () => Promise<NodeGeneration>) {
  const kept = new Map<string, { at: number; value: Promise<NodeGeneration> }>();
  return {
    get(networkId: string): Promise<NodeGeneration> {
      const hit = kept.get(networkId);
      if (hit && Date.now() - hit.at < KEEP_MS) return hit.value;
      const value = read();
      kept.set(networkId, { at: Date.now(), value });
      // A failed read is not kept: the next call asks again.
      value.catch(() => kept.get(networkId)?.value === value && kept.delete(networkId));
      return value;
    },
    /** Only the generation, or "unknown" when the node cannot be asked (its answer is then read as sent). */
    async generation(networkId: string): Promise<Generation> {
      return (await this.get(networkId).catch(() => undefined))?.generation ?? "unknown";
    },
  };
}
