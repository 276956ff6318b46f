import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { Network } from "../../../../shared/contract/network.js";
import type { PrepareArgs } from "../../../../shared/contract/tx.js";
import { proposalRules } from "../../../../shared/cosmos/gov/proposals.js";
import { displayUnits, formatCoin } from "../../../../shared/wallet/amount.js";
import { useApi } from "../../api/api-context.js";
import { ChainText } from "../../components/text/ChainText.js";
import { govQueries } from "../queries/gov-queries.js";
import { localTime } from "./local-time.js";
import { stakeText, tallyShares, voteText } from "./tally-text.js";
import { DepositForm, VoteForm, WeightedVoteForm } from "./VoteForms.js";

/** One proposal: what it does, where its tally stands against the chain's rules, its deposits, and the forms. */
export function ProposalView({ network, id, voter, onBack, onReview }: { network: Network; id: string; voter: string; onBack: () => void; onReview: (args: PrepareArgs) => void }) {
  const api = useApi();
  const proposal = useQuery(govQueries.proposal(api, network.id, id));
  const p = proposal.data;
  const voting = p?.status === "voting period";
  const depositing = p?.status === "deposit period";
  const tally = useQuery({ ...govQueries.tally(api, network.id, id), enabled: voting });
  const params = useQuery(govQueries.params(api, network.id));
  const deposits = useQuery(govQueries.deposits(api, network.id, id));
  const bondDenom = useQuery(govQueries.bondDenom(api, network.id));
  // The chain keeps votes only while voting is open: after the tally they are deleted.
  const vote = useQuery({ ...govQueries.vote(api, network.id, id, voter), enabled: !!voter && voting });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const units = displayUnits(network);
  const rules = p && params.data ? proposalRules(params.data, p.expedited) : undefined;
  const coins = (cs: ReadonlyArray<{ denom: string; amount: string }>) => cs.map((c) => formatCoin(`${c.amount}${c.denom}`, units, network.defaultDenom)).join(", ") || "none";
  const shownTally = voting ? tally.data : p?.finalTally;
  const shares = shownTally ? tallyShares(shownTally) : [];
  const yes = shares.find((s) => s.label === "Yes")?.amount ?? 0n;
  const nonAbstain = shares.filter((s) => s.label !== "Abstain").reduce((sum, s) => sum + s.amount, 0n);
  const veto = shares.find((s) => s.label === "No with veto")?.amount ?? 0n;
  const total = shares.reduce((sum, s) => sum + s.amount, 0n);
  const pct = (a: bigint, b: bigint) => (b === 0n ? "0" : ((Number((a * 10_000n) / b) / 100).toString()));

  return (
    <section aria-labelledby="proposal-title" data-testid="proposal-view" data-proposal={id}>
      <div className="row"><button type="button" className="secondary" onClick={onBack}>Back to the proposals</button></div>
      <h2 id="proposal-title" tabIndex={-1} ref={heading}>Proposal {id}{p ? <>: <ChainText value={p.title} max={200} /></> : null}</h2>
      {proposal.isPending && <p aria-busy="true">Reading the proposal…</p>}
      {proposal.isError && <p className="form-error" role="alert">The proposal could not be read: {proposal.error.message}</p>}
      {p && (
        <>
          <dl className="facts" data-testid="proposal-facts">
            <div><dt>Status</dt><dd data-testid="proposal-status">{p.status}{p.expedited ? " (expedited)" : ""}</dd></div>
            <div><dt>Proposer</dt><dd><ChainText value={p.proposer} className="mono" /></dd></div>
            <div><dt>Submitted</dt><dd>{localTime(p.submitTime)}</dd></div>
            <div><dt>Deposit ends</dt><dd>{localTime(p.depositEndTime)}</dd></div>
            <div><dt>Voting</dt><dd>{p.votingStartTime ? <>{localTime(p.votingStartTime)} to {localTime(p.votingEndTime)}</> : "not started"}</dd></div>
            <div><dt>Total deposit</dt><dd>{coins(p.totalDeposit)}</dd></div>
            <div><dt>Messages</dt><dd>{p.messages.length ? <ul>{p.messages.map((m, i) => <li key={i}><code>{m}</code></li>)}</ul> : "none (a text proposal)"}</dd></div>
            <div><dt>Your vote</dt><dd data-testid="proposal-own-vote">{!voter ? "no account" : depositing ? "voting has not started" : !voting ? "the chain keeps votes only while voting is open" : vote.isPending ? "reading…" : voteText(vote.data ?? null)}</dd></div>
          </dl>
          <h3>Summary</h3>
          <p className="chain-prose" data-testid="proposal-summary"><ChainText value={p.summary || "(none)"} /></p>
          {p.metadata && <p className="muted">Metadata: <ChainText value={p.metadata} max={300} /></p>}

          {depositing ? (
            <>
              <h3>Tally</h3>
              {/* No vote is counted before the deposit is met: a table of zeros would read as a tally. */}
              <p data-testid="deposit-needed">
                Voting has not started: it starts once the deposit reaches {rules ? coins(rules.minDeposit) : "the chain's minimum"} (now {coins(p.totalDeposit)}), if it does by {localTime(p.depositEndTime)}.
              </p>
              {params.isError && <p className="form-error" role="alert">The governance params could not be read: {params.error.message}</p>}
            </>
          ) : (
            <>
              <h3>Tally {voting ? "so far" : "at the end of voting"}</h3>
              {voting && tally.isError && <p className="form-error" role="alert">The tally could not be read: {tally.error.message}</p>}
              <table className="grid" data-testid="tally-table">
                <thead><tr><th scope="col">Option</th><th scope="col">Stake</th><th scope="col">Share</th></tr></thead>
                <tbody>{shares.map((s) => <tr key={s.label}><td>{s.label}</td><td>{stakeText(s.amount, bondDenom.data, units)}</td><td>{s.percent} %</td></tr>)}</tbody>
              </table>
              {params.data ? (
                <p data-testid="tally-rules">
                  The chain's rules{p.expedited ? " for an expedited proposal" : ""}: a quorum of {params.data.quorum} of the bonded stake must vote; it passes with more than {rules?.threshold} of the non-abstaining votes Yes
                  (now {pct(yes, nonAbstain)} %), unless more than {params.data.vetoThreshold} of all votes are No with veto (now {pct(veto, total)} %).
                </p>
              ) : params.isError ? <p className="form-error" role="alert">The governance params could not be read: {params.error.message}</p> : null}
            </>
          )}

          <h3>Deposits</h3>
          {deposits.isError && <p className="form-error" role="alert">The deposits could not be read: {deposits.error.message}</p>}
          <ul data-testid="deposits-list">
            {(deposits.data ?? []).map((d) => <li key={d.depositor}><ChainText value={d.depositor} className="mono" />: {coins(d.amount)}</li>)}
            {deposits.data?.length === 0 && <li className="muted">None left on record (deposits of a proposal that entered voting may have been refunded or burned).</li>}
          </ul>

          {voter && voting && <VoteForm proposalId={id} voter={voter} onReview={onReview} />}
          {voter && voting && <WeightedVoteForm proposalId={id} voter={voter} onReview={onReview} />}
          {voter && (voting || depositing) && <DepositForm proposalId={id} depositor={voter} network={network} minDeposit={rules?.minDeposit} onReview={onReview} />}
          {!voting && !depositing && <p className="muted">Voting has ended: nothing more can be signed for this proposal.</p>}
        </>
      )}
    </section>
  );
}
