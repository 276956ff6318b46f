import { type FormEvent, useState } from "react";
import type { Network } from "../../../../shared/contract/network.js";
import type { ResultOf } from "../../../../shared/contract/index.js";
import type { DenomUnit } from "../../../../shared/wallet/amount.js";
import { AccountSwitcher } from "../wallet/AccountSwitcher.js";
import { useSelectedAccount } from "../../wallet/use-selected-account.js";
import { AddressBookField } from "./AddressBookField.js";
import { Field } from "./Field.js";
import { checkSend, defaultFeeDisplay, type SendDraft, type SendField } from "./send-form.js";
import { sendStore } from "./send-store.js";

type Info = ResultOf<"tx.info">;

/** The transfer form. Every field is checked on submit, each error shown beside its field. */
export function SendForm({ info, network, units, initial }: { info: Info; network: Network; units: readonly DenomUnit[]; initial?: SendDraft }) {
  const { account } = useSelectedAccount();
  const fee = defaultFeeDisplay(info.defaultFee, info.defaultDenom, units);
  const [d, setD] = useState<Omit<SendDraft, "from">>(() => initial ?? { to: "", amount: "", denom: info.defaultDenom, memo: "", fee: fee.amount, gas: info.defaultGas });
  const [errors, setErrors] = useState<Partial<Record<SendField, string>>>({});
  const set = (k: keyof Omit<SendDraft, "from">) => (v: string) => setD((old) => ({ ...old, [k]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const draft = { ...d, from: account?.address ?? "" };
    const checked = checkSend(draft, { prefix: network.bech32Prefix, denoms: units, feeDenom: fee.denom });
    setErrors(checked.errors);
    if (!checked.args) {
      const first = Object.keys(checked.errors)[0];
      if (first) document.getElementById(`send-${first}`)?.focus();
      return;
    }
    sendStore.set({ step: "review", draft, args: checked.args, requestId: crypto.randomUUID() });
  };
  const feeUnit = units.find((u) => u.base === fee.denom);
  return (
    <form className="send-form form-grid" onSubmit={submit} noValidate aria-label="Send a transfer">
      <AccountSwitcher />
      <AddressBookField value={d.to} onChange={set("to")} error={errors.to} prefix={network.bech32Prefix} />
      <div className="amount-row">
        <Field id="send-amount" label="Amount" error={errors.amount}>
          {(control) => <input {...control} inputMode="decimal" autoComplete="off" value={d.amount} onChange={(e) => set("amount")(e.target.value)} />}
        </Field>
        <Field id="send-denom" label="Denom">
          {(control) => (
            <select {...control} value={d.denom} onChange={(e) => set("denom")(e.target.value)}>
              {units.map((u) => <option key={u.base} value={u.base}>{u.display === u.base ? u.base : `${u.display} (${u.base})`}</option>)}
            </select>
          )}
        </Field>
      </div>
      <Field id="send-memo" label="Memo (optional, public on chain)" error={errors.memo}>
        {(control) => <input {...control} autoComplete="off" value={d.memo} onChange={(e) => set("memo")(e.target.value)} />}
      </Field>
      <div className="amount-row">
        <Field id="send-fee" label={`Fee (${feeUnit?.display ?? fee.denom})`} error={errors.fee}>
          {(control) => <input {...control} inputMode="decimal" value={d.fee} onChange={(e) => set("fee")(e.target.value)} />}
        </Field>
        <Field id="send-gas" label="Gas limit" error={errors.gas}>
          {(control) => <input {...control} inputMode="numeric" value={d.gas} onChange={(e) => set("gas")(e.target.value)} />}
        </Field>
      </div>
      {errors.from && <p className="form-error" role="alert">{errors.from}</p>}
      <div className="row"><button type="submit">Review</button></div>
    </form>
  );
}
