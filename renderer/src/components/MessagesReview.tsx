import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { Network } from "../../../shared/contract/network.js";
import type { FeeTier, PrepareArgs } from "../../../shared/contract/tx.js";
import { DEFAULT_TIMEOUT_BLOCKS } from "../../../shared/contract/tx-constants.js";
import { displayUnits, formatCoin } from "../../../shared/wallet/amount.js";
import { useApi } from "../api/api-context.js";
import { unwrap } from "../api/unwrap.js";
import { useAction } from "../api/use-action.js";
import { type AccountKind, signsElsewhere } from "../../../shared/wallet/account-kinds.js";
import { ExportUnsigned } from "./ExportUnsigned.js";
import { FeeRefusal } from "./FeeRefusal.js";
import { gasPriceWords, repriceOffer } from "./fee-refusal.js";
import { RefusedReview } from "./RefusedReview.js";
import { RateLimitWait } from "./RateLimitWait.js";
import { ReviewButtons } from "./ReviewButtons.js";
import { TimeoutField } from "./TimeoutField.js";

/**
 * Exactly what main will sign, from `tx.prepare`: signer, chain, account number, sequence, each
 * message in words, fee and gas (the simulated figure and its adjustment), memo, timeout height
 * and sign mode, and the raw prepared transaction. Signing sends back the reviewed fee, gas,
 * timeout and sequence: main refuses when the account moved on meanwhile. The Staking,
 * Governance and validator pages all review their messages here. An account whose key is
 * elsewhere (`accounts` says each one's kind) gets only Export unsigned.
 */
export function MessagesReview({ args, requestId, network, accounts, onBack, onSent }: { args: PrepareArgs; requestId: string; network: Network; accounts: ReadonlyArray<{ address: string; label: string; kind?: AccountKind }>; onBack: () => void; onSent: (txHash: string) => void }) {
  const api = useApi();
  const [feeTier, setFeeTier] = useState<FeeTier>("average");
  const [timeoutBlocks, setTimeoutBlocks] = useState(DEFAULT_TIMEOUT_BLOCKS);
  const [timeoutProblem, setTimeoutProblem] = useState<string>();
  // After a refusal for a too-low fee: the price the chain asked for, and a new request (the refused one is closed).
  const [repriced, setRepriced] = useState<{ gasPrice: string; requestId: string }>();
  const attempt = repriced?.requestId ?? requestId;
  const pricing = repriced ? { gasPrice: repriced.gasPrice } : { feeTier };
  const prepared = useQuery({ queryKey: ["prepare", network.id, attempt, feeTier, timeoutBlocks], queryFn: () => unwrap(api.tx.prepare({ ...args, ...pricing, timeoutBlocks })), staleTime: Infinity, retry: false });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const p = prepared.data;
  // A signer whose key is not here (an address alone, a multisig) exports what it would sign: no Sign and send to be refused.
  const elsewhere = !!p && signsElsewhere(accounts.find((a) => a.address === p.signer)?.kind);
  const send = useAction(async () => {
    if (!p || timeoutProblem) return;
    const fee = p.fee.amount.map((c) => `${c.amount}${c.denom}`)[0] ?? "0";
    const tx = await unwrap(api.tx.sendMessages({ ...args, fee, gas: p.fee.gas, timeoutHeight: p.timeoutHeight, sequence: p.sequence, requestId: attempt }));
    onSent(tx.txHash);
  });
  const units = displayUnits(network);
  const coin = (c: { amount: string; denom: string }) => `${formatCoin(`${c.amount}${c.denom}`, units, network.defaultDenom)} (${c.amount}${c.denom})`;
  return (
    <section className="review" aria-labelledby="stake-review-title">
      <h2 id="stake-review-title" tabIndex={-1} ref={heading}>Review what you sign</h2>
      {prepared.isPending && <p aria-busy="true">Reading the account and simulating the transaction…<RateLimitWait /></p>}
      {prepared.isError && <RefusedReview error={prepared.error} args={args} />}
      {p && (
        <>
          <dl className="facts" data-testid="prepared-tx">
            {p.messages.map((m, i) => (
              <div key={i} data-testid="prepared-message"><dt>{p.messages.length > 1 ? `${i + 1}. ${m.title}` : m.title}</dt><dd><dl>{m.review.map(([k, v]) => <div key={k}><dt>{k}</dt><dd><code>{v}</code></dd></div>)}</dl></dd></div>
            ))}
            <div><dt>Signer</dt><dd><code>{p.signer}</code></dd></div>
            <div><dt>Network (chain id)</dt><dd>{p.chainId}</dd></div>
            <div><dt>Fee</dt><dd data-testid="prepared-fee">{p.fee.amount.length ? p.fee.amount.map(coin).join(", ") : "none"}</dd></div>
            <div><dt>Gas limit</dt><dd>{p.fee.gas}{p.gasEstimate && <small className="muted"> (simulated {p.gasEstimate} × {p.gasAdjustment})</small>}</dd></div>
            <div><dt>Memo</dt><dd>{p.memo || <span className="muted">none</span>}</dd></div>
            <div><dt>Account number</dt><dd>{p.accountNumber}</dd></div>
            <div><dt>Sequence</dt><dd data-testid="prepared-sequence">{p.sequence}</dd></div>
            <div><dt>Timeout height</dt><dd>{p.timeoutHeight}</dd></div>
            <div><dt>Sign mode</dt><dd>{p.signMode}</dd></div>
          </dl>
          {p.gasPrice !== undefined && p.feeTier === undefined && <p className="field-hint muted">{gasPriceWords(p)}</p>}
          {p.gasPrice !== undefined && p.feeTier !== undefined && (
            <div className="field">
              <label htmlFor="stake-fee-tier">Fee level</label>
              <select id="stake-fee-tier" value={feeTier} onChange={(e) => setFeeTier(e.target.value as FeeTier)}>
                <option value="low">Low</option><option value="average">Average</option><option value="high">High</option>
              </select>
              <p className="field-hint muted">{gasPriceWords(p)}</p>
            </div>
          )}
          <TimeoutField blocks={timeoutBlocks} onChange={setTimeoutBlocks} onProblem={setTimeoutProblem} timeoutHeight={p.timeoutHeight} />
          <details>
            <summary>Raw (what main signs)</summary>
            <pre className="raw-json" data-testid="raw-prepared">{JSON.stringify(p, null, 2)}</pre>
          </details>
        </>
      )}
      {send.error && !send.pending && (repriceOffer(send.failure) ? (
        <FeeRefusal message={send.error} price={repriceOffer(send.failure)!} onReprice={(gasPrice) => (send.clearError(), setRepriced({ gasPrice, requestId: crypto.randomUUID() }))} />
      ) : <p className="field-error" role="alert" data-testid="stake-problem">{send.error}</p>)}
      {elsewhere ? (
        <>
          <p className="muted" data-testid="sign-elsewhere-note">This account's key is not in this app: export the transaction unsigned, sign it where the key is, and import the signed file.</p>
          <div className="row"><button type="button" className="secondary" onClick={onBack}>Back to the form</button></div>
        </>
      ) : <ReviewButtons ready={!!p && !timeoutProblem} pending={send.pending} onSend={() => void send.run()} onBack={onBack} />}
      {p && !timeoutProblem && <ExportUnsigned args={{ ...args, ...pricing, timeoutBlocks }} accounts={accounts} onSent={(tx) => onSent(tx.txHash)} />}
    </section>
  );
}
