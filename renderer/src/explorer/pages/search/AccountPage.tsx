import { anyPrefixAddress, describeAddressProblem } from "../../../../../shared/wallet/bech32-check.js";
import { addressQueries } from "../../search/classify-input.js";
import { SearchResults } from "./SearchResults.js";

/** `#/account/<address>`: the transactions an address sent and received, from tx_search. */
export function AccountPage({ address }: { address: string }) {
  const q = addressQueries(address);
  // Why the route's address is no bech32 address (a typo in a pasted link), if it is none.
  const checked = anyPrefixAddress(address);
  const problem = checked.problem && describeAddressProblem(checked.problem);
  return (
    <div className="stack" data-testid="account-page">
      <h2>Account <span className="mono">{address}</span></h2>
      {problem ? (
        // Not searched: the node would find no transaction for it, as if a real account had none.
        <div role="alert" className="state-error card" data-testid="account-problem"><p>{problem} No account has this address; check the link it came from.</p></div>
      ) : (
        <>
          <h3>Sent</h3>
          <SearchResults kind="tx" query={q.sent} order="desc" perPage={20} />
          <h3>Received</h3>
          <SearchResults kind="tx" query={q.received} order="desc" perPage={20} />
        </>
      )}
    </div>
  );
}
