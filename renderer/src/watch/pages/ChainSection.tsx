import type { ResultOf } from "../../../../shared/contract/index.js";
import { ChainText } from "../../components/text/ChainText.js";
import { ChainTime } from "../../components/ChainTime.js";

type Status = ResultOf<"watch.status">;

/** What the chain has scheduled: x/upgrade's plan with its ETA, and the proposals in voting with each watched validator's vote. */
export function ChainSection({ status }: { status: Status }) {
  const chain = status.chain;
  if (!chain) return null;
  const name = (address: string) => status.validators.find((v) => v.address === address)?.label || address.slice(0, 12);
  const plan = chain.upgrade.plan;
  return (
    <section aria-labelledby="chain-watch-title" data-testid="watch-chain">
      <h2 id="chain-watch-title">Upgrades and proposals</h2>
      <p data-testid="watch-upgrade">
        {!chain.upgrade.available
          ? `Upgrade plans cannot be read here: ${chain.upgrade.reason ?? "no x/upgrade"}`
          : plan
            ? <>Upgrade <ChainText value={plan.name} max={140} /> at height {plan.height}{plan.eta && <>, about <ChainTime value={plan.eta} /></>}</>
            : "No upgrade is planned."}
      </p>
      {!chain.proposals.available ? (
        <p className="muted" data-testid="watch-proposals">Proposals cannot be read here: {chain.proposals.reason}</p>
      ) : chain.proposals.items.length === 0 ? (
        <p className="muted" data-testid="watch-proposals">No proposal is in its voting period.</p>
      ) : (
        <ul data-testid="watch-proposals">
          {chain.proposals.items.map((p) => (
            <li key={p.id}>
              Proposal {p.id}: <ChainText value={p.title} max={200} />{p.votingEndTime && <>, voting ends <ChainTime value={p.votingEndTime} /></>}.{" "}
              {p.votes.map((v) => `${name(v.address)}: ${v.vote ?? "not voted"}`).join("; ")}
            </li>
          ))}
        </ul>
      )}
      <p className="muted">Read at <ChainTime value={chain.checkedAt} />, every 100 blocks.</p>
    </section>
  );
}
