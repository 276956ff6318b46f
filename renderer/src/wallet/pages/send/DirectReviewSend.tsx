import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Network } from "../../../../../shared/contract/network.js";
import type { ResultOf } from "../../../../../shared/contract/index.js";
import { type DenomUnit, formatCoin, splitCoin } from "../../../../../shared/wallet/amount.js";
import { useApi } from "../../../api/api-context.js";
import { unwrap } from "../../../api/unwrap.js";
import { useAction } from "../../../api/use-action.js";
import { ExportUnsigned } from "../../../components/ExportUnsigned.js";
import { ReviewButtons } from "../../../components/ReviewButtons.js";
import { RateLimitWait } from "../../../components/RateLimitWait.js";
import { txKeys } from "../../../queries/tx-queries.js";
import { AccessProblemView } from "../../AccessProblemView.js";
import { notifyWhenFinal } from "../../tx-notifications.js";
import { type SendState, sendStore } from "./send-store.js";
import { DEFAULT_TIMEOUT_BLOCKS } from "../../../../../shared/contract/tx-constants.js";
import { TimeoutField } from "../../../components/TimeoutField.js";
import { TransferFacts } from "./TransferFacts.js";
import { FeeRefusal } from "../../../components/FeeRefusal.js";
import { gasPriceWords, repriceOffer } from "../../../components/fee-refusal.js";

type Review = Extract<SendState, { step: "review" }>;

/**
 * A transfer on a network without an access service: main's `tx.prepare` says exactly what it
 * will sign (SIGN_MODE_DIRECT, account number and sequence from the chain, the timeout height),
 * and signing sends that same fee, gas, timeout and sequence back.
 */
export function DirectReviewSend({ state, info, network, units }: { state: Review; info: ResultOf<"tx.info">; network: Network; units: readonly DenomUnit[] }) {
  const api = useApi();
  const [timeoutBlocks, setTimeoutBlocks] = useState(DEFAULT_TIMEOUT_BLOCKS);
  const [timeoutProblem, setTimeoutProblem] = useState<string>();
  const client = useQueryClient();
  const coin = splitCoin(state.args.amount, network.defaultDenom)!;
  const messages = [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend" as const, value: { fromAddress: state.args.from, toAddress: state.args.to, amount: [coin] } }];
  // After a refusal for a too-low fee: the price the chain asked for, and a new request (the refused one is closed).
  const [repriced, setRepriced] = useState<{ gasPrice: string; requestId: string }>();
  const attempt = repriced?.requestId ?? state.requestId;
  const pricing = repriced ? { gasPrice: repriced.gasPrice } : { fee: state.args.fee, gas: state.args.gas };
  const prepared = useQuery({
    queryKey: ["prepare", network.id, attempt, timeoutBlocks],
    queryFn: () => unwrap(api.tx.prepare({ messages, memo: state.args.memo, ...pricing, timeoutBlocks })),
    staleTime: Infinity,
    retry: false,
  });
  const p = prepared.data;
  const send = useAction(async () => {
    if (!p || timeoutProblem) return;
    // The reviewed fee and gas go back, so main signs exactly what was shown (and re-reads a fee market's price against it).
    const fee = p.fee.amount.map((c) => `${c.amount}${c.denom}`)[0] ?? "0";
    const tx = await unwrap(api.tx.sendMessages({ messages, memo: state.args.memo, fee, gas: p.fee.gas, timeoutHeight: p.timeoutHeight, sequence: p.sequence, requestId: attempt }));
    notifyWhenFinal(api, network, tx);
    void client.invalidateQueries({ queryKey: txKeys.lists(network.id) });
    sendStore.set({ step: "sent", draft: state.draft, tx });
  });
  const words = (c: { amount: string; denom: string }) => formatCoin(`${c.amount}${c.denom}`, units, network.defaultDenom);
  return (
    <section className="review" aria-labelledby="review-title">
      <h2 id="review-title">Review what you sign</h2>
      {prepared.isPending && <p aria-busy="true">Reading the account from the chain…<RateLimitWait /></p>}
      {prepared.isError && !prepared.isFetching && <AccessProblemView error={prepared.error} networkName={network.name} onRetry={() => void prepared.refetch()} />}
      {p && (
        <>
          <TransferFacts chainId={p.chainId} from={state.args.from} to={state.args.to} amount={[coin]} fee={p.fee.amount} gas={p.fee.gas} memo={p.memo} accountNumber={p.accountNumber} sequence={p.sequence} timeoutHeight={p.timeoutHeight} last={["Sign mode", p.signMode]} words={words} />
          {gasPriceWords(p) && <p className="field-hint muted" data-testid="gas-price">{gasPriceWords(p)}</p>}
          <details>
            <summary>Raw (what main signs)</summary>
            <pre className="raw-json" data-testid="raw-sign-doc">{JSON.stringify(p, null, 2)}</pre>
          </details>
          <TimeoutField blocks={timeoutBlocks} onChange={setTimeoutBlocks} onProblem={setTimeoutProblem} timeoutHeight={p.timeoutHeight} />
          <p className="muted" data-testid="direct-send-note">
            {network.name} has no access service: {info.holdWindowMs > 0 ? `this app holds the signed transaction for ${Math.round(info.holdWindowMs / 1000)} s, and you can cancel it until then; after that it goes to the network's nodes and` : "the transaction goes to its nodes at once and"} cannot be taken back. If no block includes it by height {p.timeoutHeight}, it is void.
          </p>
        </>
      )}
      {send.error && !send.pending && repriceOffer(send.failure) && (
        <FeeRefusal message={send.error} price={repriceOffer(send.failure)!} onReprice={(gasPrice) => (send.clearError(), setRepriced({ gasPrice, requestId: crypto.randomUUID() }))} />
      )}
      {send.error && !send.pending && !repriceOffer(send.failure) && <AccessProblemView error={send.failure} networkName={network.name} onRetry={timeoutProblem || !p ? undefined : () => void send.run()} testId="send-problem" />}
      <ReviewButtons ready={!!p && !timeoutProblem} pending={send.pending} onSend={() => void send.run()} onBack={() => sendStore.set({ step: "form", draft: state.draft })} />
      {p && !timeoutProblem && <ExportUnsigned args={{ messages, memo: state.args.memo, ...pricing, timeoutBlocks }} onSent={(tx) => sendStore.set({ step: "sent", draft: state.draft, tx })} />}
    </section>
  );
}
