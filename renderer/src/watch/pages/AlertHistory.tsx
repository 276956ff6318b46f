import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { ResultOf } from "../../../../shared/contract/index.js";
import { useApi } from "../../api/api-context.js";
import { unwrap } from "../../api/unwrap.js";
import { useAction } from "../../api/use-action.js";
import { Empty, ErrorState, Loading } from "../../components/states.js";
import { FieldProblem } from "../../components/FieldProblem.js";
import { ChainTime } from "../../components/ChainTime.js";
import { watchKeys, watchQueries } from "../../queries/watch-queries.js";
import { BusyButton } from "../../components/BusyButton.js";
import type { WatchRules } from "../../../../shared/contract/watch.js";
import { alertClearNote, type ChainPace } from "./clear-note.js";

type Alert = ResultOf<"watch.alerts">["alerts"][number];

/** The alert history of the network, newest first: open ones with acknowledge and snooze. */
export function AlertHistory({ networkId, rules, pace }: { networkId: string; rules: WatchRules; pace: ChainPace }) {
  const api = useApi();
  const alerts = useQuery(watchQueries.alerts(api, networkId));
  if (alerts.isPending) return <Loading what="the alerts" />;
  if (alerts.isError) return <ErrorState what="the alerts" error={alerts.error} retry={() => void alerts.refetch()} />;
  if (alerts.data.alerts.length === 0) return <Empty>No alert yet.</Empty>;
  return (
    <section aria-labelledby="alerts-title">
      <h2 id="alerts-title">Alerts</h2>
      <ul className="watch-alerts" data-testid="watch-alerts">
        {alerts.data.alerts.map((a) => <AlertItem key={a.id} networkId={networkId} alert={a} clearNote={a.clearedAt === null ? alertClearNote(a.kind, rules, pace) : undefined} />)}
      </ul>
    </section>
  );
}

/**
 * One alert, with its own acknowledge and snooze: main may refuse either (the alert left the
 * history, a snooze it cannot keep), and the refusal shows under the alert, named by the button
 * that asked, rather than being dropped.
 */
function AlertItem({ networkId, alert: a, clearNote }: { networkId: string; alert: Alert; clearNote: string | undefined }) {
  const api = useApi();
  const client = useQueryClient();
  // The button last pressed: the refusal is its description.
  const [asked, setAsked] = useState<"acknowledge" | "snooze">();
  const act = useAction(async (which: "acknowledge" | "snooze") => {
    setAsked(which);
    await unwrap(which === "acknowledge" ? api.watch.acknowledge({ id: a.id }) : api.watch.snooze({ id: a.id, minutes: a.snoozedUntil ? 0 : 60 }));
    await client.invalidateQueries({ queryKey: watchKeys.alerts(networkId) });
  });
  const problemId = `watch-alert-${a.id}`;
  const describe = (which: "acknowledge" | "snooze") => (act.error && asked === which ? { "aria-describedby": `${problemId}-error` } : {});
  return (
    <li data-kind={a.kind} data-open={a.clearedAt === null} data-testid="watch-alert">
      <strong>{a.title}</strong> <span className="muted">{a.clearedAt === null ? "open" : <>cleared <ChainTime value={a.clearedAt} /></>}, fired <ChainTime value={a.firedAt} /></span>
      <br />
      {a.message}
      {clearNote && <span className="muted" data-testid="watch-alert-clears"> {clearNote}</span>}
      {a.snoozedUntil && <span className="muted"> Snoozed until <ChainTime value={a.snoozedUntil} />.</span>}
      {a.clearedAt === null && (
        <span className="watch-alert-actions">
          {a.acknowledgedAt === null ? (
            <BusyButton type="button" className="secondary" busy={act.pending && asked === "acknowledge"} busyLabel="Acknowledging…" disabled={act.pending} {...describe("acknowledge")} onClick={() => void act.run("acknowledge")}>Acknowledge</BusyButton>
          ) : (
            <span className="muted"> Acknowledged.</span>
          )}
          <BusyButton type="button" className="secondary" busy={act.pending && asked === "snooze"} busyLabel={a.snoozedUntil ? "Unsnoozing…" : "Snoozing…"} disabled={act.pending} {...describe("snooze")} onClick={() => void act.run("snooze")}>{a.snoozedUntil ? "Unsnooze" : "Snooze 1 h"}</BusyButton>
        </span>
      )}
      {/* Only while the button that asked is there to name it. */}
      {a.clearedAt === null && (asked === "snooze" || a.acknowledgedAt === null) && <FieldProblem id={problemId} problem={act.error} alert testId="watch-alert-problem" />}
    </li>
  );
}
