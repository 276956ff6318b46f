import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { WatchConfig, WatchRules } from "../../../../shared/contract/watch.js";
import { useApi } from "../../api/api-context.js";
import { unwrap } from "../../api/unwrap.js";
import { useAction } from "../../api/use-action.js";
import { FormError } from "../../components/FormError.js";
import { FieldProblem, tiedTo } from "../../components/FieldProblem.js";
import { focusFirstProblem } from "../../components/focus-first-problem.js";
import { watchKeys } from "../../queries/watch-queries.js";
import { RULE_FIELDS, rulesProblems, type RuleField, type RulesProblems } from "./watch-checks.js";
import { BusyButton } from "../../components/BusyButton.js";
import { type ChainPace, clearAfterNote } from "./clear-note.js";

/** A number field of the rules, tied to its problem; its limits are the contract's (`WatchRules`). */
function NumberField({ name, label, value, onChange, min, max, whole = true, problem, note }: { name: RuleField; label: string; value: number; onChange: (n: number) => void; min: number; max: number; whole?: boolean; problem: string | undefined; note?: string }) {
  const tied = tie(name, problem);
  // A note says what the number means; a problem, what is wrong with it: the control names both.
  const describedBy = [tied["aria-describedby"], note && `watch-rule-${name}-note`].filter(Boolean).join(" ") || undefined;
  return (
    <div className="watch-rule">
      <label>
        {label}
        <input id={`watch-rule-${name}`} type="number" inputMode={whole ? "numeric" : "decimal"} min={min} max={max} step={whole ? 1 : "any"} value={Number.isFinite(value) ? value : ""} onChange={(e) => onChange(e.target.valueAsNumber)} required {...tied} aria-describedby={describedBy} />
      </label>
      <Problem name={name} problem={problem} />
      {note && <p className="muted" id={`watch-rule-${name}-note`}>{note}</p>}
    </div>
  );
}

const tie = (name: RuleField, problem: string | undefined) => tiedTo(`watch-rule-${name}`, problem);
const Problem = ({ name, problem }: { name: RuleField; problem: string | undefined }) => <FieldProblem id={`watch-rule-${name}`} problem={problem} />;

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="inline">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> {label}
    </label>
  );
}

/** The network's alert rules and webhook, saved to main together (`watch.setRules`). */
export function RulesForm({ networkId, config, pace }: { networkId: string; config: WatchConfig; pace: ChainPace }) {
  const api = useApi();
  const client = useQueryClient();
  const [rules, setRules] = useState<WatchRules>(config.rules);
  const [hookUrl, setHookUrl] = useState(config.webhook.url ?? "");
  const [saved, setSaved] = useState(false);
  // What was wrong at the last submit, at its field; a field's problem goes once it is edited.
  const [problems, setProblems] = useState<RulesProblems>({});
  const edited = (...fields: RuleField[]) => {
    setSaved(false);
    setProblems((p) => Object.fromEntries(Object.entries(p).filter(([k]) => !fields.includes(k as RuleField))));
  };
  const set = <K extends keyof WatchRules>(key: K, value: WatchRules[K], ...fields: RuleField[]) => {
    edited(...fields);
    setRules((r) => ({ ...r, [key]: value }));
  };
  const save = useAction(async () => {
    // One call for both: a refusal leaves the rules and the webhook as they were.
    await unwrap(api.watch.setRules({ networkId, rules, webhook: { url: hookUrl.trim() || null, timeoutMs: config.webhook.timeoutMs } }));
    await client.invalidateQueries({ queryKey: watchKeys.status(networkId) });
    setSaved(true);
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Every field is checked here first, so that main's refusal is rare and said at its field.
    const found = rulesProblems(rules, hookUrl);
    setProblems(found);
    save.clearError();
    if (focusFirstProblem(RULE_FIELDS, found, (field) => `watch-rule-${field}`)) return;
    void save.run();
  };
  const count = Object.keys(problems).length;
  // Missed and counted are judged together: editing either clears both.
  const missedBlocks = (change: Partial<WatchRules["missedBlocks"]>) => set("missedBlocks", { ...rules.missedBlocks, ...change }, "missed", "of");
  return (
    <details className="watch-rules">
      <summary>Alert rules and webhook</summary>
      <form onSubmit={submit} noValidate aria-label="Alert rules" aria-describedby={save.error ? "watch-rules-error" : undefined}>
        <fieldset>
          <legend>Validators</legend>
          <Toggle label="Missed blocks" checked={rules.missedBlocks.enabled} onChange={(enabled) => set("missedBlocks", { ...rules.missedBlocks, enabled })} />
          <NumberField name="missed" label="Missed at least" value={rules.missedBlocks.missed} min={1} max={10_000} problem={problems.missed} onChange={(missed) => missedBlocks({ missed })} />
          <NumberField name="of" label="Of the last (blocks)" value={rules.missedBlocks.of} min={1} max={10_000} problem={problems.of} onChange={(of) => missedBlocks({ of })} />
          <Toggle label="Jailed, tombstoned or inactive" checked={rules.jailed.enabled} onChange={(enabled) => set("jailed", { enabled })} />
          <Toggle label="Double-sign evidence in a block" checked={rules.doubleSign.enabled} onChange={(enabled) => set("doubleSign", { enabled })} />
        </fieldset>
        <fieldset>
          <legend>Nodes and chain</legend>
          <Toggle label="Node down or stopped" checked={rules.nodeDown.enabled} onChange={(enabled) => set("nodeDown", { enabled })} />
          <Toggle label="Node rate-limiting the watch" checked={rules.nodeRateLimited.enabled} onChange={(enabled) => set("nodeRateLimited", { ...rules.nodeRateLimited, enabled })} />
          <NumberField name="rateLimitedMinutes" label="Rate-limiting for longer than (minutes)" value={rules.nodeRateLimited.minutes} min={1} max={1440} problem={problems.rateLimitedMinutes} note="A node that refuses for load is waited for, never called down; this alerts only when it lasts." onChange={(minutes) => set("nodeRateLimited", { ...rules.nodeRateLimited, minutes }, "rateLimitedMinutes")} />
          <Toggle label="Node lagging" checked={rules.nodeLagging.enabled} onChange={(enabled) => set("nodeLagging", { ...rules.nodeLagging, enabled })} />
          <NumberField name="lagging" label="Lagging by more than (blocks)" value={rules.nodeLagging.blocks} min={1} max={1_000_000} problem={problems.lagging} onChange={(blocks) => set("nodeLagging", { ...rules.nodeLagging, blocks }, "lagging")} />
          <Toggle label="App-hash or block-hash mismatch" checked={rules.hashMismatch.enabled} onChange={(enabled) => set("hashMismatch", { enabled })} />
          <Toggle label="One validator key on two nodes" checked={rules.sharedKey.enabled} onChange={(enabled) => set("sharedKey", { enabled })} />
          <Toggle label="Chain stalled" checked={rules.chainStalled.enabled} onChange={(enabled) => set("chainStalled", { ...rules.chainStalled, enabled })} />
          {/* The contract takes fractions from 1.5: a saved 1.5 must not make the form unsavable. */}
          <NumberField name="factor" label="Stalled after (times the usual block time)" value={rules.chainStalled.factor} min={1.5} max={1000} whole={false} problem={problems.factor} onChange={(factor) => set("chainStalled", { ...rules.chainStalled, factor }, "factor")} />
          <Toggle label="Upgrade planned" checked={rules.upgradePlanned.enabled} onChange={(enabled) => set("upgradePlanned", { enabled })} />
          <Toggle label="Proposal not voted" checked={rules.proposalUnvoted.enabled} onChange={(enabled) => set("proposalUnvoted", { ...rules.proposalUnvoted, enabled })} />
          <NumberField name="hoursBefore" label="Voting ends within (hours)" value={rules.proposalUnvoted.hoursBefore} min={1} max={720} problem={problems.hoursBefore} onChange={(hoursBefore) => set("proposalUnvoted", { ...rules.proposalUnvoted, hoursBefore }, "hoursBefore")} />
          <NumberField name="clearAfterSeconds" label="Clear after (seconds away)" value={rules.clearAfterSeconds} min={0} max={86_400} problem={problems.clearAfterSeconds} note={clearAfterNote(rules, pace)} onChange={(clearAfterSeconds) => set("clearAfterSeconds", clearAfterSeconds, "clearAfterSeconds")} />
        </fieldset>
        <div className="watch-rule">
          <label>
            <span>Webhook URL <span className="muted">(optional: each alert and its clearing is POSTed as JSON)</span></span>
            <input id="watch-rule-webhook" type="url" value={hookUrl} onChange={(e) => {
                edited("webhook");
                setHookUrl(e.target.value);
              }} placeholder="https://hooks.example.org/cometdesk" spellCheck={false} {...tie("webhook", problems.webhook)} />
          </label>
          <Problem name="webhook" problem={problems.webhook} />
        </div>
        {count > 0 && (
          <p className="form-error" role="alert">
            {count === 1 ? "One field needs a change" : `${count} fields need a change`} before the rules can be saved.
          </p>
        )}
        <BusyButton busy={save.pending} busyLabel="Saving…">Save rules</BusyButton>
        {saved && <span role="status"> Saved.</span>}
        <FormError id="watch-rules-error" message={save.error} />
      </form>
    </details>
  );
}
