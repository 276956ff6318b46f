import { addressRole, operatorAccount } from "../../../../../shared/cosmos/staking/address-role.js";
import { anyPrefixAddress, describeAddressProblem } from "../../../../../shared/wallet/bech32-check.js";
import { AddressLink } from "../../../links/links.js";
import { addressQueries } from "../../search/classify-input.js";
import { SearchResults } from "./SearchResults.js";

/** `#/account/<address>`: the transactions an address sent and received, from tx_search. */
export function AccountPage({ address }: { address: string }) {
  // Why the route's address is no bech32 address (a typo in a pasted link), if it is none.
  const checked = anyPrefixAddress(address);
  const problem = checked.problem && describeAddressProblem(checked.problem);
  // A validator's addresses sign no transaction themselves: an operator's are its account's, and
  // a consensus key signs blocks only. Searched as they are, both would list nothing.
  const role = checked.prefix === undefined ? "account" : addressRole(checked.prefix).role;
  const account = role === "operator" ? operatorAccount(address) : undefined;
  const q = addressQueries(account ?? address);
  return (
    <div className="stack" data-testid="account-page">
      <h2>Account <span className="mono">{address}</span></h2>
      {problem ? (
        // Not searched: the node would find no transaction for it, as if a real account had none.
        <div role="alert" className="state-error card" data-testid="account-problem"><p>{problem} No account has this address; check the link it came from.</p></div>
      ) : role === "consensus" ? (
        <p className="card" data-testid="account-role">This is a validator's consensus address: the key that signs its blocks, so no transaction names it. The <a href="#/validators">validators</a> page lists who signs.</p>
      ) : (
        <>
          {account && <p data-testid="account-role">This is a validator's operator address. Its transactions are those of the account that operates it, <AddressLink address={account} />, listed here.</p>}
          <h3>Sent</h3>
          <SearchResults kind="tx" query={q.sent} order="desc" perPage={20} />
          <h3>Received</h3>
          <SearchResults kind="tx" query={q.received} order="desc" perPage={20} />
        </>
      )}
    </div>
  );
}
