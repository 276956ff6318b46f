import { join } from "node:path";
import { z } from "zod";
import { Alert } from "../shared/contract/watch.js";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-file.js";
import type { ProblemLog } from "../storage/problems.js";

const FILE = "watch-alerts.json";
/** Alerts kept; beyond it the oldest cleared ones go first, so an open alert is never dropped. */
export const MAX_ALERTS = 500;

const HistoryFile = z.object({
  version: z.literal(1),
  alerts: z.array(Alert).max(MAX_ALERTS * 2),
  /** Snoozed keys (`<network>/<kind>:<subject>`) and until when. */
  snoozes: z.record(z.string().max(400), z.string().max(64)),
});

/**
 * The alert history in `watch-alerts.json`, newest last, written atomically on every change, so
 * it survives a crash or a restart, and bounded: an alert storm cannot grow it without end.
 */
export function openAlertHistory(dataDir: string, problems: ProblemLog, max = MAX_ALERTS) {
  const path = join(dataDir, FILE);
  const read = readJsonFile(path, HistoryFile);
  if (read.status === "corrupt") problems.add({ file: FILE, keptAs: read.keptAs, reason: read.reason });
  let alerts: Alert[] = read.status === "ok" ? read.value.alerts : [];
  let snoozes: Record<string, string> = read.status === "ok" ? read.value.snoozes : {};

  const save = (nextAlerts: Alert[], nextSnoozes: Record<string, string>) => {
    const bounded = bound(nextAlerts, max);
    writeFileAtomic(path, JSON.stringify({ version: 1, alerts: bounded, snoozes: nextSnoozes }));
    alerts = bounded; // only after the write: a failed write leaves memory and disk agreeing
    snoozes = nextSnoozes;
  };

  return {
    all: (): readonly Alert[] => alerts,
    /** The open episode of a key on a network, if any. */
    open: (networkId: string, key: string): Alert | undefined => alerts.find((a) => a.networkId === networkId && a.key === key && a.clearedAt === null),
    get: (id: string): Alert | undefined => alerts.find((a) => a.id === id),
    /** Adds or replaces (by id). */
    put(alert: Alert): void {
      const i = alerts.findIndex((a) => a.id === alert.id);
      save(i < 0 ? [...alerts, alert] : alerts.map((a, j) => (j === i ? alert : a)), snoozes);
    },
    snoozedUntil(networkId: string, key: string, now: number): string | null {
      const until = snoozes[`${networkId}/${key}`];
      return until && Date.parse(until) > now ? until : null;
    },
    snooze(networkId: string, key: string, until: string | null, now: number): void {
      // Expired snoozes are dropped at each change, so the map stays as small as what is snoozed.
      const next = Object.fromEntries(Object.entries(snoozes).filter(([k, v]) => k !== `${networkId}/${key}` && Date.parse(v) > now));
      if (until) next[`${networkId}/${key}`] = until;
      save(alerts, next);
    },
  };
}

export type AlertHistory = ReturnType<typeof openAlertHistory>;

function bound(alerts: Alert[], max: number): Alert[] {
  if (alerts.length <= max) return alerts;
  let excess = alerts.length - max;
  const kept = alerts.filter((a) => (excess > 0 && a.clearedAt !== null ? (excess--, false) : true));
  return kept.slice(-max);
}
