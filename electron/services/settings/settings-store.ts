import { join } from "node:path";
import { DEFAULT_SETTINGS, Settings } from "../../../shared/contract/settings.js";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-file.js";
import type { ProblemLog } from "../storage/problems.js";

export interface SettingsStore {
  get(): Settings;
  update(patch: Partial<Settings>): Settings;
  onChange(listener: (settings: Settings) => void): () => void;
}

/** Opens settings.json under the data dir; missing keys take their defaults. */
export function openSettingsStore(dataDir: string, problems: ProblemLog): SettingsStore {
  const path = join(dataDir, "settings.json");
  const schema = Settings.partial();
  const read = readJsonFile(path, schema);
  if (read.status === "corrupt") problems.add({ file: path, keptAs: read.keptAs, reason: read.reason });
  let current: Settings = { ...DEFAULT_SETTINGS, ...(read.status === "ok" ? read.value : {}) };
  const listeners = new Set<(s: Settings) => void>();
  return {
    get: () => current,
    update(patch) {
      const next = Settings.parse({ ...current, ...patch });
      writeFileAtomic(path, `${JSON.stringify(next, null, 2)}\n`);
      current = next;
      listeners.forEach((l) => l(next));
      return next;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
