/** What `GET /health` reports about this replica (docs/access-interface.md#health). */
export interface HealthReport {
  readonly replica: string;
  readonly store: { readonly kind: "journal" | "postgres"; readonly reachable: boolean; readonly error?: string };
  readonly node: { readonly reachable: boolean; readonly latestHeight: string; readonly leader: boolean };
}

/**
 * The answer: 200 while this replica can keep its promise (its store answers), 503 when it
 * cannot, so a load balancer sends requests elsewhere. A node that does not answer is
 * reported but keeps 200: every replica shares the node, and lists, reads and cancels still
 * work without it.
 */
export function healthAnswer(report: HealthReport): { status: number; body: Record<string, unknown> } {
  const ok = report.store.reachable;
  return { status: ok ? 200 : 503, body: { status: ok ? "ok" : "unavailable", ...report } };
}
