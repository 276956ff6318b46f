import { join } from "node:path";
import { z } from "zod";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-file.js";
import type { ProblemLog } from "../storage/problems.js";
import type { TokenStore } from "./token-store.js";

const File = z.object({ version: z.literal(1), tokens: z.record(z.string(), z.string()) });

/**
 * Bridge mode only (tests and `npm run dev:web`, no Electron, no keychain): tokens in a file
 * readable by the owner alone, under the bridge's own data dir. Never used by the desktop app.
 */
export function openFileTokenStore(dataDir: string, problems: ProblemLog): TokenStore {
  const path = join(dataDir, "bridge-tokens.json");
  const read = readJsonFile(path, File);
  if (read.status === "corrupt") problems.add({ file: path, keptAs: read.keptAs, reason: read.reason });
  let tokens: Record<string, string> = read.status === "ok" ? read.value.tokens : {};
  const save = (next: Record<string, string>) => {
    writeFileAtomic(path, JSON.stringify({ version: 1, tokens: next }), 0o600);
    tokens = next;
  };
  return {
    get: async (id) => tokens[id],
    set: async (id, token) => save({ ...tokens, [id]: token }),
    clear: async (id) => {
      const { [id]: _gone, ...rest } = tokens;
      save(rest);
    },
    has: async (id) => tokens[id] !== undefined,
  };
}
