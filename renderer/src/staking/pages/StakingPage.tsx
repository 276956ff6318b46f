import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { fromBase64, toHex } from "@cosmjs/encoding";
import type { PrepareArgs } from "../../../../shared/contract/tx.js";
import { type StakeDraft, type StakeField, type StakeKind, checkStake, stakeUnit } from "../../../../shared/cosmos/staking/stake-form.js";
import { delegatorValidatorsQuery } from "../../../../shared/cosmos/staking/delegations.js";
import { useApi } from "../../api/api-context.js";
import { unwrap } from "../../api/unwrap.js";
import { chainKeys, chainQueries, useLastHeight } from "../../queries/chain-queries.js";
import { useSelectedNetwork } from "../../queries/use-selected-network.js";
import { walletQueries } from "../../queries/wallet-queries.js";
import { MessagesReview } from "../../components/MessagesReview.js";
import { ChainText } from "../../components/text/ChainText.js";
import { MessagesSent } from "../../components/MessagesSent.js";
import { operatorAddressOf } from "../../../../shared/cosmos/staking/operator-address.js";
import { stakingKeys, stakingQueries } from "../queries/stake-queries.js";
import { StakeLists } from "./StakeLists.js";
import { pickerOptions } from "./validator-options.js";
import { Field } from "../../components/Field.js";
import { FieldProblem } from "../../components/FieldProblem.js";
import { focusFirstProblem } from "../../components/focus-first-problem.js";
import { accountOption } from "../../../../shared/wallet/account-kinds.js";

const KIND_LABELS: Record<StakeKind, string> = { delegate: "Delegate", undelegate: "Undelegate", redelegate: "Redelegate", withdraw: "Withdraw rewards" };
// Each Review button names what it reviews: the page has several forms.
const REVIEW_LABELS: Record<StakeKind, string> = { delegate: "Review delegation", undelegate: "Review undelegation", redelegate: "Review redelegation", withdraw: "Review withdrawal" };
// A node's amount that is not an integer checks nothing: left to main and the chain's simulation.
const baseUnits = (amount: string): bigint | undefined => (/^\d{1,78}$/.test(amount) ? BigInt(amount) : undefined);
type Step = { step: "form" } | { step: "review"; args: PrepareArgs; requestId: string } | { step: "sent"; txHash: string };

/**
 * Staking: delegate, undelegate, redelegate, withdraw every reward (the form first, so a newcomer
 * finds it without scrolling past the lists), then what the account stakes (delegations with
 * rewards, unbonding entries to cancel, redelegations); each through a review of exactly what main
 * signs.
 */
export function StakingPage() {
  const api = useApi();
  const client = useQueryClient();
  const { network } = useSelectedNetwork();
  const accounts = useQuery(walletQueries.accounts(api));
  const [draft, setDraft] = useState<StakeDraft>({ kind: "delegate", delegator: "", validator: "", destination: "", amount: "", memo: "" });
  const [errors, setErrors] = useState<Partial<Record<StakeField, string>>>({});
  const [step, setStep] = useState<Step>({ step: "form" });
  const delegator = draft.delegator || accounts.data?.accounts[0]?.address || "";
  const validators = useQuery({ ...chainQueries.stakingValidators(api, network?.id ?? ""), enabled: !!network });
  const delegatedTo = useQuery({
    queryKey: ["staking", network?.id, "delegations", delegator],
    enabled: !!network && !!delegator,
    queryFn: async () => {
      const answer = await unwrap(api.chain.abciQuery({ path: delegatorValidatorsQuery.path, data: toHex(delegatorValidatorsQuery.encode({ delegator })) }));
      if (answer.code !== 0) throw new Error(answer.log || `the node refused the delegations query (code ${answer.code})`);
      return delegatorValidatorsQuery.decode(fromBase64(answer.value));
    },
  });
  // What the form checks before the review (as the Send form does): the balance a delegation
  // spends, and what each validator holds of the account's stake.
  const balances = useQuery({ ...walletQueries.balances(api, network?.id ?? "", delegator), enabled: !!network && !!delegator });
  const stakes = useQuery({ ...stakingQueries.delegations(api, network?.id ?? "", delegator), enabled: !!network && !!delegator });
  const height = useLastHeight(api, network?.id);
  // Stakes are in the chain's bond denom, as its staking params say; fees keep the fee denom.
  const params = useQuery({ ...stakingQueries.params(api, network?.id ?? ""), enabled: !!network });
  if (!network) return <p aria-busy="true">Loading…</p>;
  const stake = stakeUnit(network, params.data?.bondDenom);
  if (step.step === "review") return <MessagesReview args={step.args} requestId={step.requestId} network={network} accounts={accounts.data?.accounts ?? []} onBack={() => setStep({ step: "form" })} onSent={(txHash) => setStep({ step: "sent", txHash })} />;
  if (step.step === "sent") return <MessagesSent txHash={step.txHash} height={height} onDone={() => { setStep({ step: "form" }); void delegatedTo.refetch(); void client.invalidateQueries({ queryKey: stakingKeys.all(network.id) }); void client.invalidateQueries({ queryKey: chainKeys.stakingValidators(network.id) }); }} />;

  const set = (patch: Partial<StakeDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const review = () => {
    if (!stake && draft.kind !== "withdraw") {
      setErrors({ amount: params.isError ? `The chain's staking denom could not be read: ${params.error.message}` : "Still reading the chain's staking denom: try again in a moment." });
      focusFirstProblem(["amount"], { amount: "unread" }, (key) => `stake-${key}`);
      return;
    }
    // A withdrawal moves no stake: its unit is never used.
    const checked = checkStake({ ...draft, delegator }, { prefix: network.bech32Prefix, stake: stake ?? { base: network.defaultDenom, display: network.defaultDenom, exponent: 0 }, delegatedTo: delegatedTo.data ?? [],
      spendable: stake && balances.data ? baseUnits(balances.data.balances.find((b) => b.denom === stake.base)?.amount ?? "0") : undefined,
      delegated: stakes.data && stakes.data.every((s) => baseUnits(s.balance.amount) !== undefined) ? new Map(stakes.data.map((s) => [s.validatorAddress, baseUnits(s.balance.amount)!])) : undefined,
    });
    setErrors(checked.errors);
    // In the order the form shows them.
    focusFirstProblem(["delegator", "validator", "destination", "amount", "memo"], checked.errors, (key) => `stake-${key}`);
    if (checked.messages) setStep({ step: "review", args: { messages: checked.messages, memo: checked.memo }, requestId: crypto.randomUUID() });
  };
  // A withdrawal has no field to change: its problem is said at the button that asks for it. A
  // failed read comes first, as the check took the unread delegations for none.
  const withdrawProblem = draft.kind !== "withdraw" ? undefined : delegatedTo.isError ? `The delegations could not be read: ${delegatedTo.error.message}` : errors.validator;
  const options = (validators.data?.validators ?? []).filter((v) => v.operatorAddress);
  const monikers = new Map(options.map((v) => [v.operatorAddress, v.moniker]));
  const ownValidator = options.find((v) => v.operatorAddress === operatorAddressOf(delegator, network.bech32Prefix));
  // The validators are read for the selects to offer: when they could not be, each select says
  // so (before "pick one", which the empty list causes), a redelegation's "To" as much as its
  // "From". A withdrawal names them only.
  const validatorsProblem = validators.isError ? `The validators could not be read: ${validators.error.message}` : undefined;
  const validatorSelect = (id: "validator" | "destination", label: string) => (
    <Field id={`stake-${id}`} label={label} error={validatorsProblem ?? errors[id]}>
      {(control) => (
        <select {...control} value={draft[id]} onChange={(e) => set({ [id]: e.target.value })}>
          <option value="">Pick a validator</option>
          {pickerOptions(options).map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      )}
    </Field>
  );

  return (
    <>
    {ownValidator && <p className="row" data-testid="own-validator">This account operates the validator <strong><ChainText value={ownValidator.moniker || ownValidator.operatorAddress} /></strong>{ownValidator.jailed ? " (jailed)" : ""}. <a href="#/operator">Open the validator page</a></p>}
    <form className="stake-form" onSubmit={(e) => { e.preventDefault(); review(); }} aria-labelledby="stake-title">
      <h2 id="stake-title">Staking on {network.name}</h2>
      <fieldset>
        <legend>Action</legend>
        {(Object.keys(KIND_LABELS) as StakeKind[]).map((k) => (
          <label key={k} className="radio"><input type="radio" name="stake-kind" value={k} checked={draft.kind === k} onChange={() => { set({ kind: k }); setErrors({}); }} /> {KIND_LABELS[k]}</label>
        ))}
      </fieldset>
      <Field id="stake-delegator" label="Account" error={errors.delegator}>
        {(control) => (
          <select {...control} value={delegator} onChange={(e) => set({ delegator: e.target.value })}>
            {(accounts.data?.accounts ?? []).map((a) => <option key={a.address} value={a.address}>{accountOption(a)}</option>)}
          </select>
        )}
      </Field>
      {draft.kind === "withdraw" ? (
        <div className="field" data-invalid={errors.validator ? true : undefined}>
          <p id="stake-withdraw-from">Rewards from every validator this account delegates to, in one transaction: {delegatedTo.isPending ? "reading…" : (delegatedTo.data ?? []).length === 0 ? "none" : (delegatedTo.data ?? []).map((v) => options.find((o) => o.operatorAddress === v)?.moniker || v).join(", ")}{validatorsProblem && " (by address: the validators could not be read)"}</p>
        </div>
      ) : (
        <>
          {validatorSelect("validator", draft.kind === "redelegate" ? "From validator" : "Validator")}
          {draft.kind === "redelegate" && validatorSelect("destination", "To validator")}
          <Field id="stake-amount" label={stake ? `Amount (${stake.display})` : "Amount"} error={errors.amount}>
            {(control) => <input {...control} inputMode="decimal" autoComplete="off" value={draft.amount} onChange={(e) => set({ amount: e.target.value })} />}
          </Field>
        </>
      )}
      <Field id="stake-memo" label="Memo (optional, public on chain)" error={errors.memo}>
        {(control) => <input {...control} value={draft.memo} onChange={(e) => set({ memo: e.target.value })} />}
      </Field>
      <FieldProblem id="stake-review" problem={withdrawProblem} alert />
      <div className="row"><button type="submit" aria-describedby={withdrawProblem ? "stake-review-error" : undefined}>{REVIEW_LABELS[draft.kind]}</button></div>
    </form>
    {delegator && <StakeLists network={network} delegator={delegator} monikers={monikers} onReview={(args) => setStep({ step: "review", args, requestId: crypto.randomUUID() })} />}
    </>
  );
}
