import { useQuery } from "@tanstack/react-query";
import type { Network } from "../../../../../shared/contract/network.js";
import { type DenomUnit, formatCoin, splitCoin } from "../../../../../shared/wallet/amount.js";
import { useApi } from "../../../api/api-context.js";
import { unwrap } from "../../../api/unwrap.js";
import type { AccountKind } from "../../../../../shared/wallet/account-kinds.js";
import { ExportUnsigned } from "../../../components/ExportUnsigned.js";
import { RateLimitWait } from "../../../components/RateLimitWait.js";
import { AccessProblemView } from "../../AccessProblemView.js";
import { type SendState, sendStore } from "./send-store.js";
import { TransferFacts } from "./TransferFacts.js";

type Review = Extract<SendState, { step: "review" }>;

/**
 * A transfer from an account whose key is not here (watch-only, multisig): main's `tx.prepare`
 * shows what the key elsewhere signs (with an access service, at its account number and next
 * nonce), and the review offers "Export unsigned" instead of "Sign and send" (docs/offline-signing.md).
 */
export function SignElsewhereReview({ state, network, units, accounts }: { state: Review; network: Network; units: readonly DenomUnit[]; accounts: ReadonlyArray<{ address: string; label: string; kind?: AccountKind }> }) {
  const api = useApi();
  const coin = splitCoin(state.args.amount, network.defaultDenom)!;
  const args = { messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend" as const, value: { fromAddress: state.args.from, toAddress: state.args.to, amount: [coin] } }], memo: state.args.memo, fee: state.args.fee, gas: state.args.gas };
  const prepared = useQuery({
    queryKey: ["prepare-elsewhere", network.id, state.requestId],
    queryFn: () => unwrap(api.tx.prepare(args)),
    staleTime: Infinity,
    retry: false,
  });
  const p = prepared.data;
  const words = (c: { amount: string; denom: string }) => formatCoin(`${c.amount}${c.denom}`, units, network.defaultDenom);
  return (
    <section className="review" aria-labelledby="review-title">
      <h2 id="review-title">Review what the key elsewhere signs</h2>
      {prepared.isPending && <p aria-busy="true">Reading the account…<RateLimitWait /></p>}
      {prepared.isError && !prepared.isFetching && <AccessProblemView error={prepared.error} networkName={network.name} onRetry={() => void prepared.refetch()} />}
      {p && (
        <>
          <TransferFacts chainId={p.chainId} from={state.args.from} to={state.args.to} amount={[coin]} fee={p.fee.amount} gas={p.fee.gas} memo={p.memo} accountNumber={p.accountNumber} sequence={p.sequence} timeoutHeight={p.timeoutHeight} last={["Sign mode", p.signMode]} words={words} />
          <p className="muted" data-testid="sign-elsewhere-note">This account's key is not in this app: export the transaction unsigned, sign it where the key is, and import the signed file.</p>
          <ExportUnsigned args={{ ...args, fee: p.fee.amount.map((c) => `${c.amount}${c.denom}`)[0], gas: p.fee.gas, timeoutHeight: p.timeoutHeight }} accounts={accounts} onSent={(tx) => sendStore.set({ step: "sent", draft: state.draft, tx })} />
        </>
      )}
      <button type="button" className="secondary" onClick={() => sendStore.set({ step: "form", draft: state.draft })}>Back to the form</button>
    </section>
  );
}
