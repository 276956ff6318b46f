import { accountBadge } from "../../../../../shared/wallet/account-kinds.js";
import { FieldProblem, tiedTo } from "../../../components/FieldProblem.js";
import { middleEllipsis } from "../../inert-text.js";
import { useSelectedAccount } from "../../use-selected-account.js";

/**
 * Picks the account the wallet pages act for. A native select: keyboard and screen readers for
 * free. A form that sends from it (`required`) shows it even while there is no account to pick,
 * so its problem ("pick the account") has a control to be said at and the keyboard to go to.
 */
export function AccountSwitcher({ id = "account-switcher", error, required = false }: { id?: string; error?: string; required?: boolean }) {
  const { account, accounts, select, isPending } = useSelectedAccount();
  if (accounts.length === 0 && !required) return null;
  return (
    <div className="account-switcher">
      <label htmlFor={id}>Account</label>
      <select id={id} value={account?.index ?? ""} onChange={(e) => select(Number(e.target.value))} {...tiedTo(id, error)}>
        {accounts.length === 0 && <option value="">{isPending ? "Reading the accounts…" : "No account"}</option>}
        {accounts.map((a) => <option key={a.index} value={a.index}>{optionText(a)}</option>)}
      </select>
      {account && accountBadge(account) && <span className="badge account-kind" data-kind={account.kind}>{accountBadge(account)}</span>}
      <FieldProblem id={id} problem={error} alert />
    </div>
  );
}

/** An option holds text only: the kind's badge is said in brackets there, and beside the picker for the chosen one. */
function optionText(a: Parameters<typeof accountBadge>[0] & { label: string; address: string }): string {
  const badge = accountBadge(a);
  return `${a.label}${badge ? ` [${badge}]` : ""} — ${middleEllipsis(a.address)}`;
}
