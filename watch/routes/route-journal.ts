import { join } from "node:path";
import { z } from "zod";
import { readJsonFile, writeFileAtomic } from "../../storage/atomic-file.js";
import type { ProblemLog } from "../../storage/problems.js";
import type { RouteRequest } from "./route-messages.js";

/** What became of one alert change on one target: waiting, its end, or not for this target. */
export const DeliveryState = z.enum(["pending", "delivered", "given_up", "dropped", "skipped"]);
export type DeliveryState = z.infer<typeof DeliveryState>;

/** Decisions kept: one per change of each alert the history keeps (2 × its bound, with room), plus a full backlog. */
const MAX_ENTRIES = 5_000;

const Entry = z.object({
  /** `<alert id>:<change>` (route-messages.ts `idempotencyKey`). */
  key: z.string().min(1).max(200),
  alertId: z.string().max(64),
  state: DeliveryState,
  /** The request as built when it was queued; kept while pending only. */
  request: z.object({ url: z.string().min(1).max(4096), body: z.unknown(), key: z.string().max(200).optional(), timeoutMs: z.number().int().min(1).max(600_000).optional() }).optional(),
});
type Entry = z.output<typeof Entry>;

const JournalFile = z.object({
  version: z.literal(1),
  /** The target's name, for a person reading the folder. */
  target: z.string().max(300),
  /** When the target first ran: alerts of the history older than this are not its to announce. */
  since: z.string().max(64).refine((s) => Number.isFinite(Date.parse(s)), "a time"),
  entries: z.array(Entry).max(MAX_ENTRIES),
});

/**
 * One delivery target's journal in `deliveries/<file>.json`: every alert change the target was
 * handed, and what became of it. Write-ahead: a message is on disk (written whole and fsynced)
 * before it is queued, and marked once delivered, given up or dropped; a pending one is sent at
 * the next start. A journal that does not parse is kept aside and reported, and a new one starts.
 */
export function openRouteJournal(o: { dataDir: string; file: string; target: string; problems: ProblemLog; now: () => number }) {
  const path = join(o.dataDir, "deliveries", o.file);
  const read = readJsonFile(path, JournalFile);
  if (read.status === "corrupt") o.problems.add({ file: `deliveries/${o.file}`, keptAs: read.keptAs, reason: read.reason });
  const since = read.status === "ok" ? read.value.since : new Date(o.now()).toISOString();
  let entries = new Map<string, Entry>((read.status === "ok" ? read.value.entries : []).map((e) => [e.key, e]));
  /** Which alerts the history still keeps: a decision about one it dropped is dropped too (pending ones stay). */
  let kept: (alertId: string) => boolean = () => true;

  function save(next: Map<string, Entry>): void {
    for (const [key, e] of next) if (e.state !== "pending" && !kept(e.alertId)) next.delete(key);
    // Past the bound, the oldest decided entries go first; a pending one is never dropped here.
    for (const [key, e] of next) {
      if (next.size <= MAX_ENTRIES) break;
      if (e.state !== "pending") next.delete(key);
    }
    writeFileAtomic(path, JSON.stringify({ version: 1, target: o.target, since, entries: [...next.values()] }));
    entries = next; // only after the write: a failed write leaves memory and disk agreeing
  }
  if (read.status !== "ok") save(new Map()); // the start time is on disk before any alert is judged against it

  return {
    since: Date.parse(since),
    has: (key: string): boolean => entries.has(key),
    /** The messages waiting, oldest first, as they were queued. */
    pending: (): RouteRequest[] => [...entries.values()].flatMap((e) => (e.state === "pending" && e.request ? [{ ...e.request, key: e.key }] : [])),
    /** Records a decision before anything acts on it; a pending one carries its request. */
    record(key: string, alertId: string, state: DeliveryState, request?: RouteRequest): void {
      const next = new Map(entries);
      next.set(key, { key, alertId, state, ...(state === "pending" && request ? { request: { url: request.url, body: request.body, ...(request.timeoutMs ? { timeoutMs: request.timeoutMs } : {}) } } : {}) });
      save(next);
    },
    /**
     * Marks a pending message's end. A key not journaled is ignored (a test message), unless its
     * alert is in the history: its pending record was refused by the disk, and its end is kept now.
     */
    settle(key: string, state: Exclude<DeliveryState, "pending" | "skipped">): void {
      const e = entries.get(key);
      const alertId = e?.alertId ?? key.slice(0, Math.max(0, key.lastIndexOf(":")));
      if (e ? e.state !== "pending" : alertId.length === 0 || alertId.length > 64 || !kept(alertId)) return;
      const next = new Map(entries);
      next.set(key, { key, alertId, state });
      save(next);
    },
    /** Tells the journal which alerts the history keeps, so its decisions stay as bounded as the history. */
    keepFor(isKept: (alertId: string) => boolean): void {
      kept = isKept;
    },
    state: (key: string): DeliveryState | undefined => entries.get(key)?.state,
  };
}

export type RouteJournal = ReturnType<typeof openRouteJournal>;
