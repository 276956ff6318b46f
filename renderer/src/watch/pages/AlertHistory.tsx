import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../api/api-context.js";
import { unwrap } from "../../api/unwrap.js";
import { Empty, ErrorState, Loading } from "../../components/states.js";
import { watchKeys, watchQueries } from "../../queries/watch-queries.js";

/** The alert history of the network, newest first: open ones with acknowledge and snooze. */
export function AlertHistory({ networkId }: { networkId: string }) {
  const api = useApi();
  const client = useQueryClient();
  const alerts = useQuery(watchQueries.alerts(api, networkId));
  const act = async (call: ReturnType<typeof api.watch.acknowledge>) => {
    await unwrap(call);
    await client.invalidateQueries({ queryKey: watchKeys.alerts(networkId) });
  };
  if (alerts.isPending) return <Loading what="the alerts" />;
  if (alerts.isError) return <ErrorState what="the alerts" error={alerts.error} retry={() => void alerts.refetch()} />;
  if (alerts.data.alerts.length === 0) return <Empty>No alert yet.</Empty>;
  return (
    <section aria-labelledby="alerts-title">
      <h2 id="alerts-title">Alerts</h2>
      <ul className="watch-alerts" data-testid="watch-alerts">
        {alerts.data.alerts.map((a) => (
          <li key={a.id} data-kind={a.kind} data-open={a.clearedAt === null} data-testid="watch-alert">
            <strong>{a.title}</strong> <span className="muted">{a.clearedAt === null ? "open" : `cleared ${a.clearedAt}`}, fired {a.firedAt}</span>
            <br />
            {a.message}
            {a.snoozedUntil && <span className="muted"> Snoozed until {a.snoozedUntil}.</span>}
            {a.clearedAt === null && (
              <span className="watch-alert-actions">
                {a.acknowledgedAt === null ? (
                  <button type="button" className="secondary" onClick={() => void act(api.watch.acknowledge({ id: a.id }))}>Acknowledge</button>
                ) : (
                  <span className="muted"> Acknowledged.</span>
                )}
                <button type="button" className="secondary" onClick={() => void act(api.watch.snooze({ id: a.id, minutes: a.snoozedUntil ? 0 : 60 }))}>{a.snoozedUntil ? "Unsnooze" : "Snooze 1 h"}</button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
