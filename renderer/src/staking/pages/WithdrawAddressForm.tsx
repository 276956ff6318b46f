import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { Network } from "../../../../shared/contract/network.js";
import type { PrepareArgs } from "../../../../shared/contract/tx.js";
import { checkWithdrawAddress } from "../../../../shared/cosmos/distribution/withdraw-address-form.js";
import { useApi } from "../../api/api-context.js";
import { stakingQueries } from "../queries/stake-queries.js";
import { Field } from "../../components/Field.js";

/**
 * Where the account's staking rewards are paid, read from the chain, and a form to pay them to
 * another address (`MsgSetWithdrawAddress`); the address is checked before anything is signed.
 */
export function WithdrawAddressForm({ network, delegator, onReview }: { network: Network; delegator: string; onReview: (args: PrepareArgs) => void }) {
  const api = useApi();
  const current = useQuery(stakingQueries.withdrawAddress(api, network.id, delegator));
  const [to, setTo] = useState("");
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkWithdrawAddress(to, { prefix: network.bech32Prefix, delegator, current: current.data });
    if (checked.error !== undefined) return setError(checked.error);
    setError(undefined);
    onReview({ messages: [checked.message] });
  };
  return (
    <form className="form-grid" onSubmit={submit} noValidate aria-labelledby="withdraw-address-title" data-testid="withdraw-address-form">
      <h3 id="withdraw-address-title">Where rewards are paid</h3>
      <p data-testid="withdraw-address">
        {current.data !== undefined ? <>Rewards are paid to <code>{current.data}</code>{current.data === delegator ? " (this account)" : ""}.</> : current.isError ? `Where rewards go could not be read: ${current.error.message}` : "Reading where rewards go…"}
      </p>
      <Field id="withdraw-address-input" label="Pay rewards to" error={error}>
        {(control) => <input {...control} value={to} autoComplete="off" spellCheck={false} onChange={(e) => setTo(e.target.value)} />}
      </Field>
      <div className="row"><button type="submit">Review withdraw address</button></div>
    </form>
  );
}
