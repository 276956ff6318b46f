import type { ReactNode } from "react";
import { inertText } from "../../inert-text.js";

type Coin = { readonly amount: string; readonly denom: string };

/**
 * A transfer's sign doc in words, the same rows whichever way it is signed (the access service's
 * amino doc, or main's direct one): each coin in the network's units with its raw form beside it.
 */
export function TransferFacts(f: {
  chainId: string;
  from: string;
  to: string;
  amount: readonly Coin[];
  fee: readonly Coin[];
  gas: string;
  memo: string;
  accountNumber: string;
  sequence: string;
  timeoutHeight: string;
  /** The last row: the message type, or the sign mode. */
  last: readonly [string, ReactNode];
  words: (coin: Coin) => string;
}) {
  const raw = (coins: readonly Coin[]) => coins.map((c) => `${c.amount}${c.denom}`).join(", ");
  return (
    <dl className="facts" data-testid="sign-doc">
      <div><dt>Network (chain id)</dt><dd>{f.chainId}</dd></div>
      <div><dt>From</dt><dd><code>{f.from}</code></dd></div>
      <div><dt>To</dt><dd><code>{f.to}</code></dd></div>
      <div><dt>Amount</dt><dd>{f.amount.map(f.words).join(", ")} <small className="muted">({raw(f.amount)})</small></dd></div>
      <div><dt>Fee</dt><dd>{f.fee.length ? f.fee.map(f.words).join(", ") : "none"} <small className="muted">({raw(f.fee) || "0"})</small></dd></div>
      <div><dt>Gas limit</dt><dd>{f.gas}</dd></div>
      <div><dt>Memo</dt><dd className="memo" data-testid="review-memo">{f.memo ? inertText(f.memo) : <span className="muted">none</span>}</dd></div>
      <div><dt>Account number</dt><dd>{f.accountNumber}</dd></div>
      <div><dt>Sequence (nonce)</dt><dd>{f.sequence}</dd></div>
      <div><dt>Timeout height</dt><dd>{f.timeoutHeight}</dd></div>
      <div><dt>{f.last[0]}</dt><dd>{f.last[1]}</dd></div>
    </dl>
  );
}
