import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage, unwrap } from "../../../api/unwrap.js";
import { EventList } from "../../components/EventList.js";
import { Facts } from "../../../components/states.js";
import { TxView } from "../../components/TxView.js";
import { useExplorer } from "../../components/use-explorer.js";
import { ChainText } from "../../../components/text/ChainText.js";
import { FieldProblem, tiedTo } from "../../../components/FieldProblem.js";
import { BusyButton } from "../../../components/BusyButton.js";
import { checkTxBase64, checkTxProblem } from "./checktx-input.js";

/** `check_tx`: runs a pasted transaction through the node's checks without broadcasting it. */
export function CheckTx() {
  const { api, network } = useExplorer();
  const [text, setText] = useState("");
  const base64 = checkTxBase64(text);
  // Said at the field as soon as it is pasted: a disabled Check alone does not say why.
  const problem = checkTxProblem(text);
  const valid = base64 !== "" && problem === undefined;
  const check = useMutation({ mutationFn: (tx: string) => unwrap(api.chain.checkTx({ tx })) });
  return (
    <section aria-labelledby="checktx-h" className="stack">
      <h2 id="checktx-h">Dry run (check_tx)</h2>
      <p className="muted">Paste a signed transaction (base64). The node checks it and answers; nothing is broadcast.</p>
      <form className="stack" onSubmit={(e) => { e.preventDefault(); if (valid && !check.isPending) check.mutate(base64); }}>
        <textarea id="checktx-input" aria-label="Transaction (base64)" rows={4} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} {...tiedTo("checktx-input", problem)} />
        <FieldProblem id="checktx-input" problem={problem} />
        <div className="row"><BusyButton busy={check.isPending} busyLabel="Checking…" disabled={!valid}>Check</BusyButton></div>
      </form>
      {check.isError && <p role="alert" className="form-error">{errorMessage(check.error)}</p>}
      {check.data && (
        <div className="stack" data-testid="checktx-result" role="status">
          <Facts rows={[["Result", check.data.code === 0 ? "would be accepted (code 0)" : `rejected: code ${check.data.code} ${check.data.codespace}`], ["Gas wanted / used", `${check.data.gasWanted} / ${check.data.gasUsed}`], ["Log", <ChainText value={check.data.log} />]]} />
          <EventList events={check.data.events} label="check_tx events" />
          {valid && <TxView base64={base64} prefix={network?.bech32Prefix} />}
        </div>
      )}
    </section>
  );
}
