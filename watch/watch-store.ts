import { join } from "node:path";
import { z } from "zod";
import { DEFAULT_WATCH_RULES, WatchConfig } from "../shared/contract/watch.js";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-file.js";
import type { ProblemLog } from "../storage/problems.js";

const FILE = "watch.json";
const WatchFile = z.object({ version: z.literal(1), networks: z.record(z.string().max(64), WatchConfig) });

/** A network with validators or extra nodes on its watch list is watched whichever network is selected. */
export const isWatched = (config: WatchConfig): boolean => config.validators.length > 0 || config.nodes.length > 0;

export const defaultWatchConfig = (): WatchConfig => ({ validators: [], nodes: [], rules: structuredClone(DEFAULT_WATCH_RULES), webhook: { url: null, timeoutMs: 5000 } });

/** Each network's watch list, extra nodes, rules and webhook in `watch.json`, each change written atomically. */
export function openWatchStore(dataDir: string, problems: ProblemLog) {
  const path = join(dataDir, FILE);
  const read = readJsonFile(path, WatchFile);
  if (read.status === "corrupt") problems.add({ file: FILE, keptAs: read.keptAs, reason: read.reason });
  let networks: Record<string, WatchConfig> = read.status === "ok" ? read.value.networks : {};
  const listeners = new Set<(networkId: string) => void>();

  return {
    get: (networkId: string): WatchConfig => networks[networkId] ?? defaultWatchConfig(),
    /** Whether the network's config was ever stored (a service seeds it from its config file once). */
    has: (networkId: string): boolean => networks[networkId] !== undefined,
    /** Applies `change` to one network's config and saves it; memory changes only once the file is written. */
    update(networkId: string, change: (config: WatchConfig) => WatchConfig): WatchConfig {
      const next = WatchConfig.parse(change(structuredClone(networks[networkId] ?? defaultWatchConfig())));
      const all = { ...networks, [networkId]: next };
      writeFileAtomic(path, JSON.stringify({ version: 1, networks: all }, null, 2));
      networks = all;
      listeners.forEach((l) => l(networkId));
      return next;
    },
    onChange(listener: (networkId: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type WatchStore = ReturnType<typeof openWatchStore>;
