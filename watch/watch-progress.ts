import { join } from "node:path";
import { z } from "zod";
import { MAX_WATCHED_VALIDATORS } from "../shared/contract/watch.js";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-file.js";
import type { ProblemLog } from "../storage/problems.js";
import { MAX_MISSED_HEIGHTS, type SigningRecordData } from "./signing-record.js";

const FILE = "watch-progress.json";
const Height = z.string().regex(/^\d{1,20}$/);
const Address = z.string().regex(/^[0-9A-F]{40}$/);

const RecordData = z.object({
  seen: z.number().int().min(0),
  signed: z.number().int().min(0),
  missed: z.number().int().min(0),
  recent: z.string().regex(/^[01]*$/).max(10_000),
  currentMissStreak: z.number().int().min(0),
  longestMissStreak: z.number().int().min(0),
  missedHeights: z.array(Height).max(MAX_MISSED_HEIGHTS),
  proposed: z.number().int().min(0),
  votingPower: z.string().max(40).nullable(),
  powerChanges: z.array(z.object({ height: Height, from: z.string().max(40), to: z.string().max(40) })).max(50),
  lastHeight: Height,
});

const NetworkProgress = z.object({
  /** The last block whose effects (signatures counted, alerts in the history, messages journaled) are on disk. */
  height: Height,
  record: z.object({ window: z.number().int().min(1).max(10_000), lastHeight: Height.nullable(), validators: z.record(Address, RecordData) }),
});
export interface NetworkProgressData {
  readonly height: string;
  readonly record: SigningRecordData;
}

const ProgressFile = z.object({
  version: z.literal(1),
  networks: z.record(z.string().max(64), NetworkProgress).refine((n) => Object.values(n).every((p) => Object.keys(p.record.validators).length <= MAX_WATCHED_VALIDATORS), "too many validators"),
});

/**
 * Where the headless watch got to on each network, in `watch-progress.json`: the last block fully
 * done and the watched validators' signing records at that block, written atomically after each
 * block, so a restart (or a SIGKILL) carries on from the next block with the counts it had.
 * Bounded: only watched validators (at most MAX_WATCHED_VALIDATORS) are kept, each with at most
 * its uptime window of slots and MAX_MISSED_HEIGHTS heights.
 */
export function openWatchProgress(dataDir: string, problems: ProblemLog) {
  const path = join(dataDir, FILE);
  const read = readJsonFile(path, ProgressFile);
  if (read.status === "corrupt") problems.add({ file: FILE, keptAs: read.keptAs, reason: read.reason });
  let networks: Record<string, NetworkProgressData> = read.status === "ok" ? read.value.networks : {};

  return {
    get: (networkId: string): NetworkProgressData | undefined => networks[networkId],
    /** Records that `height` is done on `networkId`, with the signing record as it stands after it. */
    save(networkId: string, height: bigint, record: SigningRecordData): void {
      const next = { ...networks, [networkId]: { height: String(height), record: { ...record, validators: { ...record.validators } } } };
      writeFileAtomic(path, JSON.stringify({ version: 1, networks: next }));
      networks = next;
    },
    /** Forgets networks no longer configured, so the file holds only what is watched. */
    keepOnly(networkIds: readonly string[]): void {
      const next = Object.fromEntries(Object.entries(networks).filter(([id]) => networkIds.includes(id)));
      if (Object.keys(next).length === Object.keys(networks).length) return;
      writeFileAtomic(path, JSON.stringify({ version: 1, networks: next }));
      networks = next;
    },
  };
}

export type WatchProgress = ReturnType<typeof openWatchProgress>;
