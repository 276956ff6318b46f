import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Network } from "../../../../../shared/contract/network.js";
import type { ResultOf } from "../../../../../shared/contract/index.js";
import { type DenomUnit, formatCoin, splitCoin } from "../../../../../shared/wallet/amount.js";
import { useApi } from "../../../api/api-context.js";
import { unwrap } from "../../../api/unwrap.js";
import { useAction } from "../../../api/use-action.js";
import { txKeys } from "../../../queries/tx-queries.js";
import { AccessProblemView } from "../../AccessProblemView.js";
import { inertText } from "../../inert-text.js";
import { notifyWhenFinal } from "../../tx-notifications.js";
import { type SendState, sendStore } from "./send-store.js";

type Review = Extract<SendState, { step: "review" }>;

/**
 * A transfer on a network without an access service: main's `tx.prepare` says exactly what it
 * will sign (SIGN_MODE_DIRECT, account number and sequence from the chain, the timeout height),
 * and signing sends that same fee, gas, timeout and sequence back.
 */
export function DirectReviewSend({ state, network, units }: { state: Review; info: ResultOf<"tx.info">; network: Network; units: readonly DenomUnit[] }) {
  const api = useApi();
  const client = useQueryClient();
  const coin = splitCoin(state.args.amount, network.defaultDenom)!;
  const messages = [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend" as const, value: { fromAddress: state.args.from, toAddress: state.args.to, amount: [coin] } }];
  const prepared = useQuery({
    queryKey: ["prepare", network.id, state.requestId],
    queryFn: () => unwrap(api.tx.prepare({ messages, memo: state.args.memo, fee: state.args.fee, gas: state.args.gas })),
    staleTime: Infinity,
    retry: false,
  });
  const p = prepared.data;
  const send = useAction(async () => {
    if (!p) return;
    const tx = await unwrap(api.tx.sendMessages({ messages, memo: state.args.memo, fee: state.args.fee, gas: p.fee.gas, timeoutHeight: p.timeoutHeight, sequence: p.sequence, requestId: state.requestId }));
    notifyWhenFinal(api, network, tx.txHash);
    void client.invalidateQueries({ queryKey: txKeys.lists(network.id) });
    sendStore.set({ step: "sent", draft: state.draft, tx });
  });
  const words = (c: { amount: string; denom: string }) => formatCoin(`${c.amount}${c.denom}`, units, network.defaultDenom);
  return (
    <section className="review" aria-labelledby="review-title">
      <h2 id="review-title">Review what you sign</h2>
      {prepared.isPending && <p aria-busy="true">Reading the account from the chain…</p>}
      {prepared.isError && !prepared.isFetching && <AccessProblemView error={prepared.error} networkName={network.name} onRetry={() => void prepared.refetch()} />}
      {p && (
        <>
          <dl className="facts" data-testid="sign-doc">
            <div><dt>Network (chain id)</dt><dd>{p.chainId}</dd></div>
            <div><dt>From</dt><dd><code>{state.args.from}</code></dd></div>
            <div><dt>To</dt><dd><code>{state.args.to}</code></dd></div>
            <div><dt>Amount</dt><dd>{words(coin)} <small className="muted">({coin.amount}{coin.denom})</small></dd></div>
            <div><dt>Fee</dt><dd>{p.fee.amount.length ? p.fee.amount.map(words).join(", ") : "none"} <small className="muted">({p.fee.amount.map((c) => `${c.amount}${c.denom}`).join(", ") || "0"})</small></dd></div>
            <div><dt>Gas limit</dt><dd>{p.fee.gas}</dd></div>
            <div><dt>Memo</dt><dd className="memo" data-testid="review-memo">{p.memo ? inertText(p.memo) : <span className="muted">none</span>}</dd></div>
            <div><dt>Account number</dt><dd>{p.accountNumber}</dd></div>
            <div><dt>Sequence (nonce)</dt><dd>{p.sequence}</dd></div>
            <div><dt>Timeout height</dt><dd>{p.timeoutHeight}</dd></div>
            <div><dt>Sign mode</dt><dd>{p.signMode}</dd></div>
          </dl>
          <details>
            <summary>Raw (what main signs)</summary>
            <pre className="raw-json" data-testid="raw-sign-doc">{JSON.stringify(p, null, 2)}</pre>
          </details>
          <p className="muted">{network.name} has no access service: the transaction goes to its nodes at once and cannot be taken back. If no block includes it by height {p.timeoutHeight}, it is void.</p>
        </>
      )}
      {send.error && !send.pending && <AccessProblemView error={send.failure} networkName={network.name} onRetry={() => void send.run()} testId="send-problem" />}
      <div className="row">
        <button type="button" disabled={!p || send.pending} onClick={() => void send.run()}>{send.pending ? "Signing and sending…" : "Sign and send"}</button>
        <button type="button" className="secondary" disabled={send.pending} onClick={() => sendStore.set({ step: "form", draft: state.draft })}>Back to the form</button>
      </div>
    </section>
  );
}
