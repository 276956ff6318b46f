import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { Network } from "../../../../../shared/contract/network.js";
import type { ResultOf } from "../../../../../shared/contract/index.js";
import { type DenomUnit, formatCoin } from "../../../../../shared/wallet/amount.js";
import { useApi } from "../../../api/api-context.js";
import { errorMessage } from "../../../api/unwrap.js";
import { txQueries } from "../../../queries/tx-queries.js";
import { AccountSwitcher } from "../wallet/AccountSwitcher.js";
import { useSelectedAccount } from "../../use-selected-account.js";
import { AddressBookField } from "./AddressBookField.js";
import { Field } from "../../../components/Field.js";
import { checkSend, defaultFeeDisplay, fundsErrors, type SendDraft, type SendField } from "../../../../../shared/cosmos/bank/send-form.js";
import { sendStore } from "./send-store.js";
import { focusFirstProblem } from "../../../components/focus-first-problem.js";

type Info = ResultOf<"tx.info">;
type Funds = ResultOf<"tx.funds">;

/** The fields as the form shows them, top to bottom: the account switcher (`send-from`) says `from`. */
const FIELD_ORDER: readonly SendField[] = ["from", "to", "amount", "memo", "fee", "gas"];

/**
 * The transfer form. Every field is checked on submit, each error shown beside its field; then
 * amount plus fee against what the account can spend, read again at that moment.
 */
export function SendForm({ info, network, units, initial }: { info: Info; network: Network; units: readonly DenomUnit[]; initial?: SendDraft }) {
  const api = useApi();
  const client = useQueryClient();
  const { account } = useSelectedAccount();
  const fee = defaultFeeDisplay(info.defaultFee, info.defaultDenom, units);
  const [d, setD] = useState<Omit<SendDraft, "from">>(() => initial ?? { to: "", amount: "", denom: info.defaultDenom, memo: "", fee: fee.amount, gas: info.defaultGas });
  const [errors, setErrors] = useState<Partial<Record<SendField, string>>>({});
  const [checking, setChecking] = useState(false);
  const fundsQuery = txQueries.funds(api, network.id, account?.address ?? "");
  const funds = useQuery({ ...fundsQuery, enabled: !!account });
  const set = (k: keyof Omit<SendDraft, "from">) => (v: string) => setD((old) => ({ ...old, [k]: v }));
  const show = (found: Partial<Record<SendField, string>>) => {
    setErrors(found);
    focusFirstProblem(FIELD_ORDER, found, (key) => `send-${key}`);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (checking) return;
    const draft = { ...d, from: account?.address ?? "" };
    const checked = checkSend(draft, { prefix: network.bech32Prefix, denoms: units, feeDenom: fee.denom });
    if (!checked.args) return show(checked.errors);
    setChecking(true);
    let now: Funds | undefined;
    let unread: string | undefined;
    try {
      // Read again, not from the cache: the balance may have moved since the page opened.
      now = await client.fetchQuery({ ...fundsQuery, staleTime: 0 });
    } catch (error) {
      // Not a reason to stop here: the review words the service's problem (a refused token, a
      // node it cannot reach), and main reads the balance again before it signs anything.
      unread = errorMessage(error);
    } finally {
      setChecking(false);
    }
    const short = now ? fundsErrors(checked.args, now, units, info.defaultDenom) : {};
    if (Object.keys(short).length > 0) return show(short);
    setErrors({});
    sendStore.set({ step: "review", draft, args: checked.args, requestId: crypto.randomUUID(), fundsUnread: unread });
  };
  const feeUnit = units.find((u) => u.base === fee.denom);
  const available = funds.data?.available.find((c) => c.denom === d.denom);
  const pending = funds.data?.pending.find((c) => c.denom === d.denom && c.amount !== "0");
  const hint = funds.data
    ? `Available: ${formatCoin(`${available?.amount ?? "0"}${d.denom}`, units, d.denom)}${pending ? `, besides ${formatCoin(`${pending.amount}${d.denom}`, units, d.denom)} held by pending transfers` : ""}.`
    : undefined;
  return (
    <form className="send-form form-grid" onSubmit={(e) => void submit(e)} noValidate aria-label="Send a transfer">
      <AccountSwitcher id="send-from" error={errors.from} required />
      <AddressBookField value={d.to} onChange={set("to")} error={errors.to} prefix={network.bech32Prefix} />
      <div className="amount-row">
        <Field id="send-amount" label="Amount" error={errors.amount} hint={hint}>
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
      <div className="row"><button type="submit" disabled={checking}>{checking ? "Checking the balance…" : "Review"}</button></div>
    </form>
  );
}
