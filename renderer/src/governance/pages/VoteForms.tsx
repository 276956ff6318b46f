import { useState } from "react";
import type { Network } from "../../../../shared/contract/network.js";
import type { PrepareArgs } from "../../../../shared/contract/tx.js";
import { checkDeposit, checkWeights, VOTE_CHOICES, VOTE_LABELS, type VoteChoice, type WeightDraft } from "../../../../shared/cosmos/gov/gov-form.js";
import { Field } from "../../components/Field.js";
import { FieldProblem, tiedTo } from "../../components/FieldProblem.js";
import { focusFirstProblem } from "../../components/focus-first-problem.js";

type Review = (args: PrepareArgs) => void;

/** Yes, abstain, no or no with veto, on one proposal. */
export function VoteForm({ proposalId, voter, onReview }: { proposalId: string; voter: string; onReview: Review }) {
  const [option, setOption] = useState<VoteChoice | "">("");
  const [error, setError] = useState<string>();
  const submit = () => {
    if (!option) {
      setError("Pick an option.");
      // The options are one field: the keyboard goes to the first of them.
      focusFirstProblem(["option"], { option: "Pick an option." }, () => `vote-option-${VOTE_CHOICES[0]}`);
      return;
    }
    setError(undefined);
    onReview({ messages: [{ typeUrl: "/cosmos.gov.v1beta1.MsgVote", value: { proposalId, voter, option } }] });
  };
  return (
    <form onSubmit={(e) => { e.preventDefault(); submit(); }} aria-labelledby="vote-title" data-testid="vote-form">
      <h3 id="vote-title">Vote</h3>
      <fieldset>
        <legend>Option</legend>
        {VOTE_CHOICES.map((c) => (
          <label key={c} className="radio"><input type="radio" id={`vote-option-${c}`} name="vote-option" value={c} checked={option === c} onChange={() => setOption(c)} {...tiedTo("vote-option", error)} /> {VOTE_LABELS[c]}</label>
        ))}
      </fieldset>
      <FieldProblem id="vote-option" problem={error} alert />
      <div className="row"><button type="submit">Review vote</button></div>
    </form>
  );
}

/** A vote split over the options: the weights must add up to exactly 1, which is said in words before anything is signed. */
export function WeightedVoteForm({ proposalId, voter, onReview }: { proposalId: string; voter: string; onReview: Review }) {
  const [draft, setDraft] = useState<WeightDraft>({ yes: "", abstain: "", no: "", no_with_veto: "" });
  // The problem of one weight (`at`), said at that weight; or of the weights together, said at the group.
  const [error, setError] = useState<{ problem: string; at?: VoteChoice }>();
  const submit = () => {
    const checked = checkWeights(draft);
    if ("problem" in checked) {
      setError(checked);
      // A problem of the weights together takes the keyboard to the first of them.
      focusFirstProblem(VOTE_CHOICES, { [checked.at ?? "yes"]: checked.problem }, (c) => `weight-${c}`);
      return;
    }
    setError(undefined);
    onReview({ messages: [{ typeUrl: "/cosmos.gov.v1beta1.MsgVoteWeighted", value: { proposalId, voter, options: checked.options } }] });
  };
  const groupProblem = error && !error.at ? error.problem : undefined;
  return (
    <form onSubmit={(e) => { e.preventDefault(); submit(); }} aria-labelledby="weighted-title" data-testid="weighted-vote-form">
      <h3 id="weighted-title">Weighted vote</h3>
      <fieldset aria-describedby={groupProblem ? "weights-error weighted-hint" : "weighted-hint"} data-invalid={groupProblem ? true : undefined}>
        <legend>Weights</legend>
        <p className="field-hint muted" id="weighted-hint">Give each option you vote for a fraction, like 0.7 and 0.3; they must add up to exactly 1. Leave the others empty.</p>
        {VOTE_CHOICES.map((c) => (
          <Field key={c} id={`weight-${c}`} label={`Weight of ${VOTE_LABELS[c]}`} error={error?.at === c ? error.problem : undefined}>
            {(control) => <input {...control} aria-describedby={[control["aria-describedby"], "weighted-hint"].filter(Boolean).join(" ")} inputMode="decimal" autoComplete="off" value={draft[c]} onChange={(e) => setDraft((d) => ({ ...d, [c]: e.target.value }))} />}
          </Field>
        ))}
        <FieldProblem id="weights" problem={groupProblem} alert />
      </fieldset>
      <div className="row"><button type="submit">Review weighted vote</button></div>
    </form>
  );
}

/** A deposit in the chain's deposit denom (its gov params' minimum deposit names it). */
export function DepositForm({ proposalId, depositor, network, minDeposit, onReview }: { proposalId: string; depositor: string; network: Network; minDeposit: ReadonlyArray<{ denom: string; amount: string }> | undefined; onReview: Review }) {
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string>();
  const denom = minDeposit?.[0]?.denom ?? network.defaultDenom;
  const unit = network.denoms.find((d) => d.base === denom) ?? { base: denom, display: denom, exponent: 0 };
  const submit = () => {
    const checked = checkDeposit(amount, unit);
    if ("problem" in checked) {
      setError(checked.problem);
      focusFirstProblem(["amount"], { amount: checked.problem }, () => "deposit-amount");
      return;
    }
    setError(undefined);
    onReview({ messages: [{ typeUrl: "/cosmos.gov.v1beta1.MsgDeposit", value: { proposalId, depositor, amount: [checked.coin] } }] });
  };
  return (
    <form onSubmit={(e) => { e.preventDefault(); submit(); }} aria-labelledby="deposit-title" data-testid="deposit-form">
      <h3 id="deposit-title">Deposit</h3>
      <Field id="deposit-amount" label={`Amount (${unit.display})`} error={error}>
        {(control) => <input {...control} inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />}
      </Field>
      <div className="row"><button type="submit">Review deposit</button></div>
    </form>
  );
}
