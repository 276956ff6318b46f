import { join } from "node:path";
import { z } from "zod";
import { AppError } from "../../../shared/app-error.js";
import { tokenOrigin, tokenTravelsInClear } from "../../../shared/network/token-transport.js";
import { HttpUrl, Id } from "../../../shared/primitives.js";
import { ChangeCursor } from "../../../shared/watch-service/bodies.js";
import { readJsonFile, writeFileAtomic } from "../../../storage/atomic-file.js";
import type { ProblemLog } from "../../../storage/problems.js";
import type { TokenStore } from "../tokens/token-store.js";

const FILE = "watch-connections.json";
/** Changes told per remote, newest kept: more than twice the service's kept alerts (a firing and a clearing each). */
export const MAX_TOLD = 4000;

const Remote = z.object({
  url: HttpUrl,
  serviceNetworkId: Id,
  /** The last change read from the service's stream. */
  cursor: ChangeCursor,
  /** `fired:<id>` and `cleared:<id>` already told: a replay after the service restarted tells none twice. */
  told: z.array(z.string().max(80)).max(MAX_TOLD),
});
export type RemoteWatchRecord = z.infer<typeof Remote>;
const ConnectionsFile = z.object({ version: z.literal(1), networks: z.record(Id, Remote) });

/** What the token store keeps per remote watch: the token and the origin it was given for. */
const Binding = z.object({ v: z.literal(1), origin: z.string(), token: z.string() });
const tokenKey = (networkId: string) => `watch-service:${networkId}`;

/**
 * Which networks' watches run in a watch service, in `watch-connections.json` (written whole and
 * fsynced, read through zod, a damaged file kept aside and reported), with how far each was read.
 * The service's token is in the token store (the OS keychain in the app) beside the access
 * tokens, bound to the service's origin: an edited file that points the URL elsewhere gets no token.
 */
export function openWatchConnections(o: { dataDir: string; problems: ProblemLog; tokens: TokenStore }) {
  const path = join(o.dataDir, FILE);
  const read = readJsonFile(path, ConnectionsFile);
  if (read.status === "corrupt") o.problems.add({ file: FILE, keptAs: read.keptAs, reason: read.reason });
  let networks: Record<string, RemoteWatchRecord> = read.status === "ok" ? read.value.networks : {};
  const save = (next: Record<string, RemoteWatchRecord>) => {
    writeFileAtomic(path, JSON.stringify({ version: 1, networks: next }));
    networks = next; // only after the write: a failed write leaves memory and disk agreeing
  };

  return {
    get: (networkId: string): RemoteWatchRecord | undefined => networks[networkId],
    ids: (): string[] => Object.keys(networks),
    async set(networkId: string, record: RemoteWatchRecord, token: string): Promise<void> {
      if (tokenTravelsInClear(record.url)) throw new AppError("token_plain_http", "The watch service's token would cross the network unencrypted over plain http to another machine: give its https URL (docs/watch-service.md, \"Where it listens\").");
      await o.tokens.set(tokenKey(networkId), JSON.stringify({ v: 1, origin: tokenOrigin(record.url), token }));
      save({ ...networks, [networkId]: Remote.parse(record) });
    },
    /** Keeps how far the stream was read; the record must still be there (a disconnect in between wins). */
    advance(networkId: string, cursor: string, told: readonly string[]): void {
      const r = networks[networkId];
      if (!r) return;
      save({ ...networks, [networkId]: { ...r, cursor, told: told.slice(-MAX_TOLD) } });
    },
    async remove(networkId: string): Promise<void> {
      const { [networkId]: _gone, ...rest } = networks;
      save(rest);
      await o.tokens.clear(tokenKey(networkId));
    },
    /** The token for `url`, only when it was given for that origin. */
    async token(networkId: string, url: string): Promise<string | undefined> {
      const raw = await o.tokens.get(tokenKey(networkId));
      if (raw === undefined) return undefined;
      try {
        const b = Binding.safeParse(JSON.parse(raw));
        return b.success && b.data.origin === tokenOrigin(url) ? b.data.token : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

export type WatchConnections = ReturnType<typeof openWatchConnections>;
