import { fromBech32 } from "@cosmjs/encoding";
import { addressProblem, describeAddressProblem } from "../../../../../shared/wallet/bech32-check.js";
import { addressQueries } from "../../search/classify-input.js";
import { SearchResults } from "./SearchResults.js";

/** Why the route's address is no bech32 address (a typo in a pasted link), or undefined. */
function notAnAddress(address: string): string | undefined {
  try {
    // The same limit as the search box: the default (Infinity) is refused by the library underneath.
    fromBech32(address, 128);
    return undefined;
  } catch {
    const problem = addressProblem(address, address.slice(0, Math.max(0, address.lastIndexOf("1"))));
    return describeAddressProblem(problem ?? { kind: "format" });
  }
}

/** `#/account/<address>`: the transactions an address sent and received, from tx_search. */
export function AccountPage({ address }: { address: string }) {
  const q = addressQueries(address);
  const problem = notAnAddress(address);
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
