import { useEffect, useRef, useState } from "react";
import { useApi } from "../../api/api-context.js";
import { FieldProblem } from "../../components/FieldProblem.js";
import { classifyInput } from "./classify-input.js";
import { resolveSearch } from "./resolve-search.js";
import { BusyButton } from "../../components/BusyButton.js";

/** Ctrl/Cmd-K: one box for a height, a block or transaction hash, or an address. */
export function SearchDialog({ onClose }: { onClose: () => void }) {
  const api = useApi();
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const target = classifyInput(text);
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    const r = await resolveSearch(api, target);
    setBusy(false);
    if (!r.ok) return setError(r.reason);
    window.location.hash = r.hash;
    onClose();
  };
  const hint = text.trim() === "" ? "Height, block hash, transaction hash or address" : target.kind === "invalid" ? target.reason : `Go to ${target.kind}`;
  return (
    <dialog ref={dialog} className="search-dialog" aria-labelledby="search-title" onClose={onClose} onCancel={onClose} data-testid="search-dialog">
      <form method="dialog" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <h2 id="search-title">Search</h2>
        <input autoFocus aria-label="Search the chain" aria-invalid={error ? true : undefined} aria-describedby={error ? "search-error search-hint" : "search-hint"} value={text} onChange={(e) => { setText(e.target.value); setError(undefined); }} spellCheck={false} />
        <p id="search-hint" className="muted">{hint}</p>
        {/* What was looked for and not found: said at the box, where the keyboard stays to change it. */}
        <FieldProblem id="search" problem={error} alert />
        <div className="row">
          <BusyButton busy={busy} busyLabel="Looking…" disabled={target.kind === "invalid"}>Go</BusyButton>
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
        </div>
      </form>
    </dialog>
  );
}
