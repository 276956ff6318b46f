import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { addressProblem, describeAddressProblem } from "../../../../../shared/wallet/bech32-check.js";
import { useApi } from "../../../api/api-context.js";
import { unwrap } from "../../../api/unwrap.js";
import { useAction } from "../../../api/use-action.js";
import { addressBookKeys, addressBookQueries } from "../../../queries/wallet-queries.js";
import { Field } from "../../../components/Field.js";
import { FieldProblem, tiedTo } from "../../../components/FieldProblem.js";
import { focusFirstProblem } from "../../../components/focus-first-problem.js";
import { labelProblem } from "../../../../../shared/wallet/address-book-label.js";
import { BusyButton } from "../../../components/BusyButton.js";

/** The recipient: typed, or picked from the address book (kept in main), and saved to it. */
export function AddressBookField({ value, onChange, error, prefix }: { value: string; onChange: (v: string) => void; error?: string; prefix: string }) {
  const api = useApi();
  const client = useQueryClient();
  const book = useQuery(addressBookQueries.list(api));
  const [label, setLabel] = useState("");
  // A label another recipient has, found at the last try to save; it goes once the label is edited.
  const [labelTaken, setLabelTaken] = useState<string>();
  const entries = book.data?.entries ?? [];
  const problem = value ? addressProblem(value.trim(), prefix) : undefined;
  // Look-alike characters are flagged while typing; everything else waits for Review.
  const warning = problem?.kind === "look_alike" || problem?.kind === "mixed_case" ? describeAddressProblem(problem) : undefined;
  const known = entries.find((e) => e.address === value.trim().toLowerCase());
  const save = useAction(async () => {
    client.setQueryData(addressBookKeys.all, await unwrap(api.addressBook.save({ label: label.trim(), address: value.trim().toLowerCase() })));
    setLabel("");
  });
  // Main's refusal is said at the label too: its book may hold a name this page has not seen yet.
  const labelProblemShown = labelTaken ?? save.error;
  const trySave = () => {
    // Main refuses it too; said here first, at the label, with the keyboard there.
    const taken = labelProblem(entries, label, value.trim().toLowerCase());
    setLabelTaken(taken);
    if (focusFirstProblem(["label"], { label: taken }, () => "send-book-label")) return;
    void save.run();
  };
  return (
    <div className="recipient">
      <Field id="send-to" label="Recipient address" error={error} warning={warning}>
        {(control) => <input {...control} autoComplete="off" spellCheck={false} value={value} onChange={(e) => onChange(e.target.value)} />}
      </Field>
      {known && <p className="muted">In your address book as “{known.label}”.</p>}
      {entries.length > 0 && (
        <div className="field">
          <label htmlFor="send-book">Address book</label>
          <select id="send-book" value={known?.address ?? ""} onChange={(e) => e.target.value && onChange(e.target.value)}>
            <option value="">Pick a saved recipient…</option>
            {entries.map((e) => <option key={e.address} value={e.address}>{e.label} — {e.address}</option>)}
          </select>
        </div>
      )}
      {!known && !problem && value && (
        <>
          <div className="row">
            <label htmlFor="send-book-label" className="inline">Save as</label>
            <input
              id="send-book-label" value={label} maxLength={64} onChange={(e) => { setLabel(e.target.value); setLabelTaken(undefined); save.clearError(); }} placeholder="a name" {...tiedTo("send-book-label", labelProblemShown)}
              // Enter here saves the name; it would otherwise submit the transfer form around it.
              onKeyDown={(e) => {
                if (e.key !== "Enter") return;
                e.preventDefault();
                if (label.trim() && !save.pending) trySave();
              }}
            />
            <BusyButton type="button" className="secondary" busy={save.pending} busyLabel="Saving…" disabled={!label.trim()} onClick={trySave}>Save to address book</BusyButton>
          </div>
          <FieldProblem id="send-book-label" problem={labelProblemShown} alert />
        </>
      )}
    </div>
  );
}
