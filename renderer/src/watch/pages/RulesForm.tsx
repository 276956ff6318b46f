import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { WatchConfig, WatchRules } from "../../../../shared/contract/watch.js";
import { useApi } from "../../api/api-context.js";
import { unwrap } from "../../api/unwrap.js";
import { useAction } from "../../api/use-action.js";
import { watchKeys } from "../../queries/watch-queries.js";

/** A whole number field of the rules; main checks every bound again. */
function NumberField({ label, value, onChange, min, max }: { label: string; value: number; onChange: (n: number) => void; min: number; max: number }) {
  return (
    <label>
      {label}
      <input type="number" inputMode="numeric" min={min} max={max} value={Number.isFinite(value) ? value : ""} onChange={(e) => onChange(e.target.valueAsNumber)} required />
    </label>
  );
}

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="inline">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> {label}
    </label>
  );
}

/** The network's alert rules and webhook, saved to main (`watch.setRules`, `watch.setWebhook`). */
export function RulesForm({ networkId, config }: { networkId: string; config: WatchConfig }) {
  const api = useApi();
  const client = useQueryClient();
  const [rules, setRules] = useState<WatchRules>(config.rules);
  const [hookUrl, setHookUrl] = useState(config.webhook.url ?? "");
  const [saved, setSaved] = useState(false);
  const set = <K extends keyof WatchRules>(key: K, value: WatchRules[K]) => {
    setSaved(false);
    setRules((r) => ({ ...r, [key]: value }));
  };
  const save = useAction(async () => {
    await unwrap(api.watch.setRules({ networkId, rules }));
    await unwrap(api.watch.setWebhook({ networkId, webhook: { url: hookUrl.trim() || null, timeoutMs: config.webhook.timeoutMs } }));
    await client.invalidateQueries({ queryKey: watchKeys.status(networkId) });
    setSaved(true);
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save.run();
  };
  return (
    <details className="watch-rules">
      <summary>Alert rules and webhook</summary>
      <form onSubmit={submit} aria-label="Alert rules" aria-describedby={save.error ? "watch-rules-error" : undefined}>
        <fieldset>
          <legend>Validators</legend>
          <Toggle label="Missed blocks" checked={rules.missedBlocks.enabled} onChange={(enabled) => set("missedBlocks", { ...rules.missedBlocks, enabled })} />
          <NumberField label="Missed at least" value={rules.missedBlocks.missed} min={1} max={10_000} onChange={(missed) => set("missedBlocks", { ...rules.missedBlocks, missed })} />
          <NumberField label="Of the last (blocks)" value={rules.missedBlocks.of} min={1} max={10_000} onChange={(of) => set("missedBlocks", { ...rules.missedBlocks, of })} />
          <Toggle label="Jailed, tombstoned or inactive" checked={rules.jailed.enabled} onChange={(enabled) => set("jailed", { enabled })} />
        </fieldset>
        <fieldset>
          <legend>Nodes and chain</legend>
          <Toggle label="Node down or stopped" checked={rules.nodeDown.enabled} onChange={(enabled) => set("nodeDown", { enabled })} />
          <Toggle label="Node lagging" checked={rules.nodeLagging.enabled} onChange={(enabled) => set("nodeLagging", { ...rules.nodeLagging, enabled })} />
          <NumberField label="Lagging by more than (blocks)" value={rules.nodeLagging.blocks} min={1} max={1_000_000} onChange={(blocks) => set("nodeLagging", { ...rules.nodeLagging, blocks })} />
          <Toggle label="App-hash or block-hash mismatch" checked={rules.hashMismatch.enabled} onChange={(enabled) => set("hashMismatch", { enabled })} />
          <Toggle label="Chain stalled" checked={rules.chainStalled.enabled} onChange={(enabled) => set("chainStalled", { ...rules.chainStalled, enabled })} />
          <NumberField label="Stalled after (times the usual block time)" value={rules.chainStalled.factor} min={2} max={1000} onChange={(factor) => set("chainStalled", { ...rules.chainStalled, factor })} />
          <Toggle label="Upgrade planned" checked={rules.upgradePlanned.enabled} onChange={(enabled) => set("upgradePlanned", { enabled })} />
          <Toggle label="Proposal not voted" checked={rules.proposalUnvoted.enabled} onChange={(enabled) => set("proposalUnvoted", { ...rules.proposalUnvoted, enabled })} />
          <NumberField label="Voting ends within (hours)" value={rules.proposalUnvoted.hoursBefore} min={1} max={720} onChange={(hoursBefore) => set("proposalUnvoted", { ...rules.proposalUnvoted, hoursBefore })} />
          <NumberField label="Clear after (seconds away)" value={rules.clearAfterSeconds} min={0} max={86_400} onChange={(clearAfterSeconds) => set("clearAfterSeconds", clearAfterSeconds)} />
        </fieldset>
        <label>
          <span>Webhook URL <span className="muted">(optional: each alert and its clearing is POSTed as JSON)</span></span>
          <input type="url" value={hookUrl} onChange={(e) => {
              setSaved(false);
              setHookUrl(e.target.value);
            }} placeholder="https://hooks.example.org/cometdesk" />
        </label>
        <button type="submit" disabled={save.pending}>Save rules</button>
        {saved && <span role="status"> Saved.</span>}
        {save.error && <p id="watch-rules-error" role="alert" className="field-error">{save.error}</p>}
      </form>
    </details>
  );
}
