import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../../api/api-context.js";
import { txQueries } from "../../../queries/tx-queries.js";
import { useSelectedNetwork } from "../../../queries/use-selected-network.js";
import { AccessProblemView } from "../../AccessProblemView.js";
import { useDisplayUnits } from "../../use-display-units.js";
import { ReviewSend } from "./ReviewSend.js";
import { SendForm } from "./SendForm.js";
import { SendTracker } from "./SendTracker.js";
import { sendStore, useSendState } from "./send-store.js";

/** Send: the form, then a review of exactly what will be signed, then the transfer's progress. */
export function SendPage() {
  const api = useApi();
  const { network } = useSelectedNetwork();
  const state = useSendState();
  const units = useDisplayUnits();
  const info = useQuery({ ...txQueries.info(api, network?.id ?? ""), enabled: !!network?.accessUrl });
  if (!network) return <p aria-busy="true">Loading…</p>;
  if (!network.accessUrl) return <div className="state"><h2>No access service</h2><p>Sending goes through {network.name}'s Transaction Access Interface, and none is configured.</p><a href="#/networks">Configure it in Networks</a></div>;
  if (info.isPending) return <p aria-busy="true">Reading the service's defaults…</p>;
  if (info.isError && !info.data) {
    return (
      <div className="state" data-state="service-problem">
        <h2>The access service is not available</h2>
        {info.isFetching ? <p aria-busy="true">Asking again…</p> : <AccessProblemView error={info.error} networkName={network.name} onRetry={() => void info.refetch()} />}
      </div>
    );
  }
  if (state.step === "review") return <ReviewSend state={state} info={info.data} network={network} units={units} />;
  if (state.step === "sent") return <SendTracker tx={state.tx} info={info.data} network={network} units={units} onDone={() => sendStore.set({ step: "form" })} />;
  return <SendForm info={info.data} network={network} units={units} initial={state.draft} />;
}
