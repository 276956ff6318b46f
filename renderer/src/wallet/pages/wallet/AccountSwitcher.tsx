import { middleEllipsis } from "../../inert-text.js";
import { useSelectedAccount } from "../../use-selected-account.js";

/** Picks the account the wallet pages act for. A native select: keyboard and screen readers for free. */
export function AccountSwitcher() {
  const { account, accounts, select } = useSelectedAccount();
  if (accounts.length === 0) return null;
  return (
    <div className="account-switcher">
      <label htmlFor="account-switcher">Account</label>
      <select id="account-switcher" value={account?.index ?? 0} onChange={(e) => select(Number(e.target.value))}>
        {accounts.map((a) => <option key={a.index} value={a.index}>{a.label} — {middleEllipsis(a.address)}</option>)}
      </select>
    </div>
  );
}
