import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../api/api-context.js";
import { errorMessage, unwrap } from "../../../api/unwrap.js";
import { CopyButton } from "../../../components/CopyButton.js";
import { addressBookKeys, addressBookQueries } from "../../../queries/wallet-queries.js";

/** The saved recipients (kept in main); new ones are saved from the Send form. */
export function AddressBookPanel() {
  const api = useApi();
  const client = useQueryClient();
  const book = useQuery(addressBookQueries.list(api));
  const remove = useMutation({
    mutationFn: (address: string) => unwrap(api.addressBook.remove({ address })),
    onSuccess: (value) => client.setQueryData(addressBookKeys.all, value),
  });
  const entries = book.data?.entries ?? [];
  return (
    <section aria-labelledby="book-title" className="panel">
      <h2 id="book-title">Address book</h2>
      {book.isError && <p role="alert">{errorMessage(book.error)}</p>}
      {book.data && entries.length === 0 && <p className="muted">No saved recipients. Save one from the Send page.</p>}
      <ul className="stack address-book">
        {entries.map((e) => (
          <li key={e.address} className="address-row">
            <strong>{e.label}</strong> <code className="address">{e.address}</code>
            <CopyButton value={e.address} label={`Copy the address of ${e.label}`} />
            <button type="button" className="secondary small" onClick={() => remove.mutate(e.address)} aria-label={`Remove ${e.label} from the address book`}>Remove</button>
          </li>
        ))}
      </ul>
      {remove.error && <p role="alert" className="form-error">{errorMessage(remove.error)}</p>}
    </section>
  );
}
