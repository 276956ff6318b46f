import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Network } from "../../../../../shared/contract/network.js";
import type { ResultOf } from "../../../../../shared/contract/index.js";
import { aminoSendView } from "../../../../../shared/cosmos/bank/amino-send-view.js";
import { type DenomUnit, formatCoin } from "../../../../../shared/wallet/amount.js";
import { useApi } from "../../../api/api-context.js";
import { unwrap } from "../../../api/unwrap.js";
import { useAction } from "../../../api/use-action.js";
import { ReviewButtons } from "../../../components/ReviewButtons.js";
import { RateLimitWait } from "../../../components/RateLimitWait.js";
import { txKeys } from "../../../queries/tx-queries.js";
import { AccessProblemView } from "../../AccessProblemView.js";
import { notifyWhenFinal } from "../../tx-notifications.js";
import { type SendState, sendStore } from "./send-store.js";
import { TransferFacts } from "./TransferFacts.js";

type Review = Extract<SendState, { step: "review" }>;

/**
 * Shows exactly what will be signed: every field of the service's sign doc, in words and raw.
 * Main signs that same doc (same nonce) and refuses one that differs from what was asked.
 */
export function ReviewSend({ state, info, network, units }: { state: Review; info: ResultOf<"tx.info">; network: Network; units: readonly DenomUnit[] }) {
  const api = useApi();
  const client = useQueryClient();
  // Keyed outside tx.all: a transfer's status event must not fetch a new doc while it is being read.
  const doc = useQuery({ queryKey: ["signDoc", network.id, state.requestId], queryFn: () => unwrap(api.tx.signDoc(state.args)), staleTime: Infinity, retry: false });
  const signDoc = state.signDoc ?? doc.data?.signDoc;
  const send = useAction(async () => {
    if (!signDoc) return;
    // Pinned so a reload of the review cannot change what the user saw.
    sendStore.set({ ...state, signDoc });
    const tx = await unwrap(api.tx.submit({ ...state.args, nonce: signDoc.sequence, requestId: state.requestId }));
    notifyWhenFinal(api, network, tx);
    void client.invalidateQueries({ queryKey: txKeys.lists(network.id) });
    sendStore.set({ step: "sent", draft: state.draft, tx });
  });
  const coin = (c: { amount: string; denom: string }) => formatCoin(`${c.amount}${c.denom}`, units, info.defaultDenom);
  const msg = aminoSendView(signDoc?.msgs[0]);
  return (
    <section className="review" aria-labelledby="review-title">
      <h2 id="review-title">Review what you sign</h2>
      {doc.isPending && !signDoc && <p aria-busy="true">Asking the service for the sign doc…<RateLimitWait /></p>}
      {doc.isError && !signDoc && !doc.isFetching && <AccessProblemView error={doc.error} networkName={network.name} onRetry={() => void doc.refetch()} />}
      {signDoc && msg && (
        <>
          <TransferFacts chainId={signDoc.chain_id} from={msg.from_address} to={msg.to_address} amount={msg.amount} fee={signDoc.fee.amount} gas={signDoc.fee.gas} memo={signDoc.memo} accountNumber={signDoc.account_number} sequence={signDoc.sequence} timeoutHeight={signDoc.timeout_height ?? "none"} last={["Message type", signDoc.msgs[0]!.type]} words={coin} />
          <details>
            <summary>Raw sign doc (amino JSON)</summary>
            <pre className="raw-json" data-testid="raw-sign-doc">{JSON.stringify(signDoc, null, 2)}</pre>
          </details>
          {state.fundsUnread && <p className="muted" data-testid="funds-unread">The balance could not be read just now ({state.fundsUnread}); it is read again, and the transfer refused if the account cannot pay it, before anything is signed.</p>}
          <p className="muted">After you send, the service holds it for {Math.round(info.holdWindowMs / 1000)} s: you can cancel it until then.</p>
        </>
      )}
      {send.error && !send.pending && <AccessProblemView error={send.failure} networkName={network.name} onRetry={() => void send.run()} testId="send-problem" />}
      <ReviewButtons ready={!!signDoc} pending={send.pending} onSend={() => void send.run()} onBack={() => sendStore.set({ step: "form", draft: state.draft })} />
    </section>
  );
}
