import { useState } from "react";
import type { TxStatus } from "../../../../../shared/contract/tx.js";
import { useApi } from "../../../api/api-context.js";
import { unwrap } from "../../../api/unwrap.js";
import { useAction } from "../../../api/use-action.js";
import { BusyButton } from "../../../components/BusyButton.js";

/**
 * Exports the rows loaded under the current filter. In the app main shows a save dialog; in
 * browser mode main hands back the text and the page downloads it.
 */
export function ExportCsvButton({ filter, rows }: { filter: { address?: string; status?: TxStatus }; rows: number }) {
  const api = useApi();
  const [note, setNote] = useState<string | undefined>();
  const exportCsv = useAction(async () => {
    const result = await unwrap(api.tx.exportCsv({ address: filter.address, status: filter.status, rows }));
    if (result.csv !== undefined) {
      const url = URL.createObjectURL(new Blob([result.csv], { type: "text/csv;charset=utf-8" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = result.filename;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setNote(`Exported ${result.rows} rows as ${result.filename}.`);
    } else setNote(result.saved ? `Saved ${result.rows} rows${result.path ? ` to ${result.path}` : ""}.` : "Export cancelled.");
  });
  return (
    <>
      <BusyButton type="button" className="secondary" busy={exportCsv.pending} busyLabel="Exporting…" disabled={rows === 0} onClick={() => void exportCsv.run()}>Export CSV</BusyButton>
      <span role="status" className="muted">{exportCsv.error ?? note}</span>
    </>
  );
}
