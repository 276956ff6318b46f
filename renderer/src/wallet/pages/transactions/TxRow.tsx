import { memo } from "react";
import type { Tx } from "../../../../../shared/contract/tx.js";
import { MSG_SEND_TITLE } from "../../../../../shared/cosmos/bank/titles.js";
import { type DenomUnit, formatCoin } from "../../../../../shared/wallet/amount.js";
import { CopyButton } from "../../../components/CopyButton.js";
import { txDetailHash } from "../../../links/routes.js";
import { inertText, middleEllipsis } from "../../inert-text.js";
import { StatusBadge } from "./StatusBadge.js";

/** Kinds that are a plain transfer: the access service's word for one, and the bank send's title (direct mode, `{txBytes}`). */
const PLAIN_TRANSFER: ReadonlySet<string> = new Set(["transfer", MSG_SEND_TITLE]);

// One formatter for every row: toLocaleString() builds a new one per call, which shows while scrolling.
const TIME = new Intl.DateTimeFormat(undefined, { dateStyle: "short", timeStyle: "medium" });
const time = (tx: Tx) => {
  const at = tx.time ?? tx.createdAt;
  return at ? TIME.format(new Date(at)) : "—";
};

/** One transaction: a transfer, or any other by its kind. Every chain value is rendered as text (React escapes it); the memo's direction controls are shown, not obeyed. */
export const TxRow = memo(function TxRow(props: { tx: Tx; index: number; top: number; denoms: readonly DenomUnit[]; defaultDenom: string; mine?: string; onHistory: (tx: Tx) => void }) {
  const { tx } = props;
  const direction = props.mine ? (tx.from === props.mine ? "out" : tx.to === props.mine ? "in" : undefined) : undefined;
  // A transfer reads as its amount; any other transaction says what it is (its messages' titles, from main or the access service).
  const kind = tx.kind && !PLAIN_TRANSFER.has(tx.kind) ? tx.kind : undefined;
  const amount = tx.amount ? formatCoin(tx.amount, props.denoms, props.defaultDenom) : "";
  return (
    <div
      className="tx-row"
      role="row"
      tabIndex={0}
      aria-rowindex={props.index + 2}
      data-index={props.index}
      data-tx-hash={tx.txHash}
      data-status={tx.status}
      style={{ transform: `translateY(${props.top}px)` }}
    >
      <span role="cell">{time(tx)}</span>
      <span role="cell" title={tx.from}>{middleEllipsis(tx.from)}</span>
      <span role="cell" title={tx.to}>{middleEllipsis(tx.to)}</span>
      <span role="cell" className={direction ? `amount ${direction}` : "amount"} title={kind ? `${kind}${amount ? `: ${amount}` : ""}` : undefined}>
        {kind ? <span className="tx-kind" data-testid="tx-kind">{kind}{amount ? " · " : ""}</span> : null}
        {amount ? `${direction === "out" ? "−" : direction === "in" ? "+" : ""}${amount}` : ""}
      </span>
      <span role="cell" className="hash-cell">
        <a href={txDetailHash(tx.txHash)} title={tx.txHash}><code>{middleEllipsis(tx.txHash, 6)}</code></a>
        <CopyButton value={tx.txHash} label={`Copy transaction hash ${tx.txHash}`} />
      </span>
      <span role="cell">
        <button type="button" className="link" onClick={() => props.onHistory(tx)} aria-label={`Status ${tx.status}: show its history`}>
          <StatusBadge status={tx.status} />
        </button>
      </span>
      <span role="cell" className="memo" data-testid="tx-memo" title={tx.memo ? inertText(tx.memo) : undefined}>{tx.memo ? inertText(tx.memo) : ""}</span>
    </div>
  );
});
