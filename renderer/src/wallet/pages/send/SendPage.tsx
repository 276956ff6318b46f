import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../../api/api-context.js";
import { txQueries } from "../../../queries/tx-queries.js";
import { useSelectedNetwork } from "../../../queries/use-selected-network.js";
import { AccessProblemView } from "../../AccessProblemView.js";
import { useDisplayUnits } from "../../use-display-units.js";
import { DirectReviewSend } from "./DirectReviewSend.js";
import { ReviewSend } from "./ReviewSend.js";
import { SendForm } from "./SendForm.js";
import { SendTracker } from "./SendTracker.js";
import { SignElsewhereReview } from "./SignElsewhereReview.js";
import { useSelectedAccount } from "../../use-selected-account.js";
import { sendStore, useSendState } from "./send-store.js";

/** Send: the form, then a review of exactly what will be signed (the service's sign doc, or main's own without one), then the transfer's progress. */
export function SendPage() {
  const api = useApi();
  const { network } = useSelectedNetwork();
  const state = useSendState();
  const units = useDisplayUnits();
  const { accounts } = useSelectedAccount();
  // Without an access service main answers the defaults itself, from the network's gas prices.
  const info = useQuery({ ...txQueries.info(api, network?.id ?? ""), enabled: !!network });
  if (!network) return <p aria-busy="true">Loading…</p>;
  if (info.isPending) return <p aria-busy="true">Reading the service's defaults…</p>;
  if (info.isError && !info.data) {
    return (
      <div className="state" data-state="service-problem">
        <h2>The access service is not available</h2>
        {info.isFetching ? <p aria-busy="true">Asking again…</p> : <AccessProblemView error={info.error} networkName={network.name} onRetry={() => void info.refetch()} />}
      </div>
    );
  }
  // An account whose key is elsewhere (an address alone, a multisig) exports what it would sign, on either route.
  const from = state.step === "review" ? accounts.find((a) => a.address === state.args.from) : undefined;
  if (state.step === "review" && (from?.kind === "watch" || from?.kind === "multisig")) return <SignElsewhereReview state={state} network={network} units={units} accounts={accounts} />;
  if (state.step === "review" && !network.accessUrl) return <DirectReviewSend state={state} info={info.data} network={network} units={units} />;
  if (state.step === "review") return <ReviewSend state={state} info={info.data} network={network} units={units} />;
  if (state.step === "sent") return <SendTracker tx={state.tx} info={info.data} network={network} units={units} onDone={() => sendStore.set({ step: "form" })} />;
  return <SendForm info={info.data} network={network} units={units} initial={state.draft} />;
}
