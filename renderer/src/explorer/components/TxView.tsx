import { useMemo } from "react";
import { loadedCodec } from "../../../../shared/cosmos/message-loaders.js";
import { decodeTx, messageTypesOf, rawTxJson } from "../decode/tx-decoder.js";
import { useMessageCodecs } from "../decode/use-message-codecs.js";
import { JsonTree } from "../json/JsonTree.js";
import { ChainText } from "../../components/text/ChainText.js";
import { AddressLink } from "../../links/links.js";
import { RawToggle } from "./RawToggle.js";
import { ErrorState, Facts, Loading } from "../../components/states.js";

const coins = (list: readonly { denom: string; amount: string }[]) => (list.length ? list.map((c) => `${c.amount}${c.denom}`).join(", ") : "none");

/**
 * A transaction's bytes decoded: messages, fee, memo and signers, with the raw JSON a press away.
 * The codecs of its messages' modules load first (each module is its own chunk).
 */
export function TxView({ base64, prefix }: { base64: string; prefix?: string }) {
  const types = useMemo(() => messageTypesOf(base64), [base64]);
  const codecs = useMessageCodecs(types);
  if (codecs.status === "failed") return <ErrorState what="the message decoders" error={codecs.error} retry={codecs.retry} />;
  if (codecs.status === "loading") return <Loading what="the message decoders" />;
  return <DecodedTxView base64={base64} prefix={prefix} />;
}

function DecodedTxView({ base64, prefix }: { base64: string; prefix?: string }) {
  const decoded = useMemo(() => decodeTx(base64, loadedCodec, prefix), [base64, prefix]);
  const raw = useMemo(() => rawTxJson(base64), [base64]);
  if (!decoded.ok) {
    return (
      <div className="tx-view">
        <p className="form-error">These bytes do not decode as a Cosmos SDK transaction ({decoded.error}).</p>
        <code className="mono wrap">{base64}</code>
      </div>
    );
  }
  const { tx } = decoded;
  return (
    <RawToggle raw={raw} label="Raw transaction">
      <div className="tx-view" data-testid="tx-decoded">
        <Facts
          rows={[
            ["Memo", tx.memo ? <ChainText value={tx.memo} /> : <span className="muted">none</span>],
            ["Fee", coins(tx.fee.amount)],
            ["Gas limit", tx.fee.gasLimit],
            ...(tx.fee.granter ? [["Fee granter", <AddressLink address={tx.fee.granter} />] as const] : []),
            ["Signers", tx.signers.length ? tx.signers.map((s, i) => <div key={i}>{s.address ? <AddressLink address={s.address} /> : <span className="muted">key {s.pubKey ?? "none"}</span>} <span className="muted">sequence {s.sequence}</span></div>) : "none"],
            ...(tx.timeoutHeight !== "0" ? [["Timeout height", tx.timeoutHeight] as const] : []),
          ]}
        />
        <h4>Messages ({tx.messages.length})</h4>
        <ol className="messages">
          {tx.messages.map((m, i) => (
            <li key={i} data-testid="tx-message">
              <code className="mono">{m.typeUrl}</code>
              {m.fields !== null ? <JsonTree value={m.fields} label={m.typeUrl} openDepth={3} /> : <p className="muted">Unknown type; raw bytes (base64): <code className="mono wrap">{m.raw}</code></p>}
            </li>
          ))}
        </ol>
      </div>
    </RawToggle>
  );
}
