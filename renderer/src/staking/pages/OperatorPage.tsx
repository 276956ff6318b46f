import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { displayUnits, formatCoin } from "../../../../shared/wallet/amount.js";
import type { PrepareArgs } from "../../../../shared/contract/tx.js";
import { decPercent } from "../../../../shared/cosmos/dec.js";
import type { OperatorValidator } from "../../../../shared/cosmos/staking/operator.js";
import { checkValidatorEdit, DESCRIPTION_LIMITS, nextRateChange, validatorFormBasis, type ValidatorDraft, type ValidatorField } from "../../../../shared/cosmos/staking/validator-form.js";
import { useApi } from "../../api/api-context.js";
import { MessagesReview } from "../../components/MessagesReview.js";
import { MessagesSent } from "../../components/MessagesSent.js";
import { ChainText } from "../../components/text/ChainText.js";
import { ChainTime } from "../../components/ChainTime.js";
import { utcText } from "../../../../shared/chain-time.js";
import { chainKeys, useLastHeight } from "../../queries/chain-queries.js";
import { useSelectedNetwork } from "../../queries/use-selected-network.js";
import { walletQueries } from "../../queries/wallet-queries.js";
import { stakingKeys, stakingQueries } from "../queries/stake-queries.js";
import { operatorAddressOf } from "../../../../shared/cosmos/staking/operator-address.js";
import { Field } from "../../components/Field.js";
import { FieldProblem } from "../../components/FieldProblem.js";
import { accountOption } from "../../../../shared/wallet/account-kinds.js";

type Step = { step: "form" } | { step: "review"; args: PrepareArgs; requestId: string } | { step: "sent"; txHash: string };
const LABELS: Record<ValidatorField, string> = { moniker: "Moniker", identity: "Identity (keybase)", website: "Website", securityContact: "Security contact", details: "Details", commissionRate: "New commission rate (empty: unchanged)" };

/**
 * The validator page of its operator: the selected account's own validator, unjail when the chain
 * jailed it, and an edit of its description and commission rate, each field checked against the
 * chain's rules before anything is signed.
 */
export function OperatorPage() {
  const api = useApi();
  const client = useQueryClient();
  const { network } = useSelectedNetwork();
  const accounts = useQuery(walletQueries.accounts(api));
  const [picked, setPicked] = useState("");
  const [step, setStep] = useState<Step>({ step: "form" });
  const account = picked || accounts.data?.accounts[0]?.address || "";
  const operator = network && account ? operatorAddressOf(account, network.bech32Prefix) : undefined;
  const validator = useQuery({ ...stakingQueries.validator(api, network?.id ?? "", operator ?? ""), enabled: !!network && !!operator });
  const params = useQuery({ ...stakingQueries.params(api, network?.id ?? ""), enabled: !!network });
  const commission = useQuery({ ...stakingQueries.commission(api, network?.id ?? "", operator ?? ""), enabled: !!network && !!operator && !!validator.data });
  const height = useLastHeight(api, network?.id);
  if (!network) return <p aria-busy="true">Loading…</p>;
  const review = (args: PrepareArgs) => setStep({ step: "review", args, requestId: crypto.randomUUID() });
  if (step.step === "review") return <MessagesReview args={step.args} requestId={step.requestId} network={network} accounts={accounts.data?.accounts ?? []} onBack={() => setStep({ step: "form" })} onSent={(txHash) => setStep({ step: "sent", txHash })} />;
  if (step.step === "sent") return <MessagesSent txHash={step.txHash} height={height} doneLabel="Back to the validator" onDone={() => { setStep({ step: "form" }); void client.invalidateQueries({ queryKey: stakingKeys.all(network.id) }); void client.invalidateQueries({ queryKey: chainKeys.stakingValidators(network.id) }); }} />;

  const v = validator.data;
  return (
    <section aria-labelledby="operator-title">
      <h2 id="operator-title">Your validator on {network.name}</h2>
      <div className="field">
        <label htmlFor="operator-account">Account</label>
        <select id="operator-account" value={account} onChange={(e) => setPicked(e.target.value)}>
          {(accounts.data?.accounts ?? []).map((a) => <option key={a.address} value={a.address}>{accountOption(a)}</option>)}
        </select>
      </div>
      {!account && <p>Add or import an account in Wallet first.</p>}
      {validator.isPending && !!operator && <p aria-busy="true">Reading the validator…</p>}
      {validator.isError && <p className="form-error" role="alert">The validator could not be read: {validator.error.message}</p>}
      {validator.isSuccess && v === null && <p data-testid="not-operator">This account operates no validator on {network.name} (no validator has the operator address <code>{operator}</code>).</p>}
      {v && (
        <>
          <dl className="facts" data-testid="operator-facts">
            <div><dt>Operator address</dt><dd><code>{v.operatorAddress}</code></dd></div>
            <div><dt>Moniker</dt><dd><ChainText value={v.description.moniker} /></dd></div>
            <div><dt>Status</dt><dd data-testid="operator-status">{v.status}{v.jailed ? ", jailed" : ""}</dd></div>
            <div><dt>Commission rate</dt><dd><span data-testid="operator-rate">{v.commission.rate}</span> <Percent rate={v.commission.rate} /></dd></div>
            <div><dt>Max rate</dt><dd>{v.commission.maxRate} <Percent rate={v.commission.maxRate} /></dd></div>
            <div><dt>Max change at a time</dt><dd>{v.commission.maxChangeRate} <Percent rate={v.commission.maxChangeRate} /></dd></div>
            <div><dt>Commission last changed</dt><dd data-testid="operator-rate-changed">{v.commission.updateTime ? <ChainTime value={v.commission.updateTime} /> : "unknown"}{rateLockedUntil(v.commission.updateTime)}</dd></div>
            <div><dt>The chain's least commission rate</dt><dd>{params.data?.minCommissionRate ?? (params.isError ? "could not be read" : "reading…")}</dd></div>
          </dl>
          {v.jailed && (
            <div className="row">
              <p>The chain jailed this validator: it signs no blocks and earns nothing until it is unjailed (after its jail time).</p>
              <button type="button" onClick={() => review({ messages: [{ typeUrl: "/cosmos.slashing.v1beta1.MsgUnjail", value: { validatorAddr: v.operatorAddress } }] })}>Unjail</button>
            </div>
          )}
          <section aria-labelledby="commission-title" data-testid="operator-commission">
            <h3 id="commission-title">Commission</h3>
            <p>
              Not yet withdrawn:{" "}
              <span data-testid="operator-commission-amount">
                {commission.isError ? "could not be read" : commission.data ? commission.data.map((c) => formatCoin(`${c.amount}${c.denom}`, displayUnits(network), network.defaultDenom)).join(", ") || "nothing" : "reading…"}
              </span>
            </p>
            {/* Why there is nothing to withdraw, said at the button, which names it. */}
            <FieldProblem id="withdraw-commission" problem={commission.isError ? `The commission could not be read: ${commission.error.message}` : undefined} alert />
            <div className="row">
              <button type="button" disabled={!commission.data?.length} aria-describedby={commission.isError ? "withdraw-commission-error" : undefined} onClick={() => review({ messages: [{ typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission", value: { validatorAddress: v.operatorAddress } }] })}>Withdraw commission</button>
            </div>
          </section>
          <EditValidatorForm key={validatorFormBasis(v)} validator={v} minCommissionRate={params.data?.minCommissionRate} onReview={review} />
        </>
      )}
    </section>
  );
}

function EditValidatorForm({ validator, minCommissionRate, onReview }: { validator: OperatorValidator; minCommissionRate: string | undefined; onReview: (args: PrepareArgs) => void }) {
  const [draft, setDraft] = useState<ValidatorDraft>({ ...validator.description, commissionRate: "" });
  const [errors, setErrors] = useState<Partial<Record<ValidatorField, string>>>({});
  const submit = () => {
    // Without the chain's params the least rate is unknown: 0 lets the chain's simulation say it.
    const checked = checkValidatorEdit(draft, { validator, minCommissionRate: minCommissionRate ?? "0", now: new Date() });
    setErrors(checked.errors);
    if (checked.value) onReview({ messages: [{ typeUrl: "/cosmos.staking.v1beta1.MsgEditValidator", value: checked.value }] });
  };
  const field = (id: ValidatorField, multiline = false) => (
    <Field key={id} id={`validator-${id}`} label={LABELS[id]} error={errors[id]} hint={id !== "commissionRate" ? `At most ${DESCRIPTION_LIMITS[id]} bytes: one for each of A to Z, 0 to 9 and plain punctuation, 2 to 4 for any other character.` : undefined}>
      {(control) => {
        const props = { ...control, value: draft[id], onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [id]: e.target.value })), autoComplete: "off" };
        return multiline ? <textarea rows={3} {...props} /> : <input inputMode={id === "commissionRate" ? "decimal" : undefined} {...props} />;
      }}
    </Field>
  );
  return (
    <form onSubmit={(e) => { e.preventDefault(); submit(); }} aria-labelledby="edit-validator-title" data-testid="edit-validator">
      <h3 id="edit-validator-title">Edit the validator</h3>
      {field("moniker")}
      {field("identity")}
      {field("website")}
      {field("securityContact")}
      {field("details", true)}
      {field("commissionRate")}
      <div className="row"><button type="submit">Review</button></div>
    </form>
  );
}

/** A rate as the chain writes it is what the form takes; the percentage beside it is how people say it. */
function Percent({ rate }: { rate: string }) {
  return <span className="muted">({decPercent(rate)} %)</span>;
}

/** "; the next change from …" while the chain's once-a-day rule holds the rate (read when the page renders). */
function rateLockedUntil(updateTime: string | null): string {
  const next = nextRateChange(updateTime, new Date());
  return next ? `; the chain allows the next change from ${utcText(next)}` : "";
}
