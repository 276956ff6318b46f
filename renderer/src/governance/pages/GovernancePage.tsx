import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { PrepareArgs } from "../../../../shared/contract/tx.js";
import type { ProposalSummary } from "../../../../shared/cosmos/gov/proposals.js";
import { useApi } from "../../api/api-context.js";
import { MessagesReview } from "../../components/MessagesReview.js";
import { MessagesSent } from "../../components/MessagesSent.js";
import { ChainText } from "../../components/text/ChainText.js";
import { useLastHeight } from "../../queries/chain-queries.js";
import { useSelectedNetwork } from "../../queries/use-selected-network.js";
import { walletQueries } from "../../queries/wallet-queries.js";
import { govKeys, govQueries } from "../queries/gov-queries.js";
import { localTime } from "./local-time.js";
import { ProposalView } from "./ProposalView.js";
import { tallyText, voteText } from "./tally-text.js";
import { accountOption } from "../../../../shared/wallet/account-kinds.js";

/** `from`: the proposal the list was reached from, whose row takes the keyboard back. */
type Step = { step: "list"; from?: string } | { step: "proposal"; id: string } | { step: "review"; id: string; args: PrepareArgs; requestId: string } | { step: "sent"; id: string; txHash: string };

/**
 * Governance: the chain's proposals (newest first) with their status, end of voting, tally and
 * the account's own vote; a proposal's page with its summary, messages, tally against the
 * chain's quorum and thresholds, and deposits; and the vote, weighted vote and deposit forms,
 * each through a review of exactly what main signs.
 */
export function GovernancePage() {
  const api = useApi();
  const client = useQueryClient();
  const { network } = useSelectedNetwork();
  const accounts = useQuery(walletQueries.accounts(api));
  const [picked, setPicked] = useState("");
  const [step, setStep] = useState<Step>({ step: "list" });
  const voter = picked || accounts.data?.accounts[0]?.address || "";
  const list = useQuery({ ...govQueries.list(api, network?.id ?? ""), enabled: !!network });
  const height = useLastHeight(api, network?.id);
  if (!network) return <p aria-busy="true">Loading…</p>;
  if (step.step === "review") return <MessagesReview args={step.args} requestId={step.requestId} network={network} accounts={accounts.data?.accounts ?? []} onBack={() => setStep({ step: "proposal", id: step.id })} onSent={(txHash) => setStep({ step: "sent", id: step.id, txHash })} />;
  if (step.step === "sent") return <MessagesSent txHash={step.txHash} height={height} doneLabel="Back to the proposal" onDone={() => { setStep({ step: "proposal", id: step.id }); void client.invalidateQueries({ queryKey: govKeys.all(network.id) }); }} />;

  const accountSelect = (
    <div className="field">
      <label htmlFor="gov-account">Account</label>
      <select id="gov-account" value={voter} onChange={(e) => setPicked(e.target.value)}>
        {(accounts.data?.accounts ?? []).map((a) => <option key={a.address} value={a.address}>{accountOption(a)}</option>)}
      </select>
    </div>
  );
  if (step.step === "proposal") {
    return (
      <>
        {accountSelect}
        <ProposalView network={network} id={step.id} voter={voter} onBack={() => setStep({ step: "list", from: step.id })} onReview={(args) => setStep({ step: "review", id: step.id, args, requestId: crypto.randomUUID() })} />
      </>
    );
  }
  return (
    <section aria-labelledby="gov-title">
      <h2 id="gov-title">Proposals on {network.name}</h2>
      {accountSelect}
      {list.isPending && <p aria-busy="true">Reading the proposals…</p>}
      {list.isError && <p className="form-error" role="alert">The proposals could not be read (does this chain run x/gov v1?): {list.error.message}</p>}
      {list.data && (
        <table className="grid" data-testid="proposals-table">
          <thead><tr><th scope="col">ID</th><th scope="col">Title</th><th scope="col">Status</th><th scope="col">Voting ends</th><th scope="col">Tally</th><th scope="col">Your vote</th></tr></thead>
          <tbody>
            {list.data.map((p) => <ProposalRow key={p.id} proposal={p} networkId={network.id} voter={voter} returnedTo={p.id === step.from} onOpen={() => setStep({ step: "proposal", id: p.id })} />)}
            {list.data.length === 0 && <tr><td colSpan={6} className="muted">No proposal on this chain yet.</td></tr>}
          </tbody>
        </table>
      )}
    </section>
  );
}

function ProposalRow({ proposal: p, networkId, voter, returnedTo, onOpen }: { proposal: ProposalSummary; networkId: string; voter: string; returnedTo: boolean; onOpen: () => void }) {
  const api = useApi();
  // Back from a proposal, the keyboard lands on its row rather than at the top of the document.
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => { if (returnedTo) opener.current?.focus(); }, [returnedTo]);
  const open = p.status === "voting period";
  // A proposal in its voting period has no final tally yet: its live one is read.
  const live = useQuery({ ...govQueries.tally(api, networkId, p.id), enabled: open });
  // The chain keeps votes only while voting is open: after the tally they are deleted.
  const vote = useQuery({ ...govQueries.vote(api, networkId, p.id, voter), enabled: !!voter && open });
  return (
    <tr data-testid="proposal-row" data-proposal={p.id}>
      <td>{p.id}</td>
      <td><button type="button" className="link" ref={opener} onClick={onOpen}><ChainText value={p.title || `Proposal ${p.id}`} max={120} /></button></td>
      <td>{p.status}</td>
      <td>{localTime(p.votingEndTime)}</td>
      <td>{open ? (live.data ? tallyText(live.data) : "reading…") : p.status === "deposit period" ? "voting not started" : tallyText(p.finalTally)}</td>
      <td data-testid="own-vote">{!voter || !open ? "—" : vote.isPending ? "reading…" : voteText(vote.data ?? null)}</td>
    </tr>
  );
}
