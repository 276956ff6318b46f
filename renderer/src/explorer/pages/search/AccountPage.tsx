import { addressQueries } from "../../search/classify-input.js";
import { SearchResults } from "./SearchResults.js";

/** `#/account/<address>`: the transactions an address sent and received, from tx_search. */
export function AccountPage({ address }: { address: string }) {
  const q = addressQueries(address);
  return (
    <div className="stack" data-testid="account-page">
      <h2>Account <span className="mono">{address}</span></h2>
      <h3>Sent</h3>
      <SearchResults kind="tx" query={q.sent} order="desc" perPage={20} />
      <h3>Received</h3>
      <SearchResults kind="tx" query={q.received} order="desc" perPage={20} />
    </div>
  );
}
