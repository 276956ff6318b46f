import type { ResultOf } from "../../../../shared/contract/index.js";
import { ChainText } from "../../components/text/ChainText.js";

type NetworkFacts = ResultOf<"network.describe">;
type Fact<T> = { read: true; value: T; source: string } | { read: false; reason: string };

/** One fact as the form shows it: the value and where it came from, or why it could not be read. */
function FactRow<T>({ label, fact, show }: { label: string; fact: Fact<T>; show: (value: T) => string }) {
  return (
    <tr data-fact={label} data-read={fact.read}>
      <th scope="row">{label}</th>
      {fact.read ? <td><ChainText value={show(fact.value)} /> <small className="muted">({fact.source})</small></td> : <td className="muted">not read: {fact.reason}</td>}
    </tr>
  );
}

/**
 * What the chain and chain-registry said when the form asked: which fields could not be filled
 * and why, and the facts the form keeps no field for (coin type, key algorithm, modules, explorers,
 * more nodes). Chain data is text only.
 */
export function ChainFacts({ facts, unread }: { facts: NetworkFacts; unread: ReadonlyArray<{ field: string; reason: string }> }) {
  return (
    <section className="field" aria-labelledby="network-facts-title" data-testid="network-facts">
      <h3 id="network-facts-title">Read from {facts.rpcUrl}</h3>
      {unread.length > 0 ? (
        <div role="status" data-testid="network-unread">
          <p>These could not be read; fill them in yourself:</p>
          <ul>{unread.map((u) => <li key={u.field}><strong>{u.field}</strong>: <ChainText value={u.reason} /></li>)}</ul>
        </div>
      ) : (
        <p role="status">Every field was filled in from the chain: check them, then save.</p>
      )}
      <table className="grid">
        <caption className="visually-hidden">What the chain says</caption>
        <tbody>
          <FactRow label="Chain id" fact={facts.chainId} show={(v) => v} />
          <FactRow label="Minimum gas price of this node" fact={facts.minGasPrices} show={(v) => v.map((c) => `${c.amount}${c.denom}`).join(", ") || "none"} />
          <FactRow label="Fee denoms" fact={facts.feeDenoms} show={(v) => v.join(", ")} />
          <FactRow label="Staking denom" fact={facts.bondDenom} show={(v) => v} />
          <FactRow label="Display units" fact={facts.denoms} show={(v) => v.map((d) => `${d.display} = 10^${d.exponent} ${d.base}`).join(", ")} />
          <FactRow label="Coin type" fact={facts.coinType} show={String} />
          <FactRow label="Key algorithm" fact={facts.keyAlgo} show={(v) => v} />
          {facts.pubKeyTypeUrl.read && <FactRow label="Public key type" fact={facts.pubKeyTypeUrl} show={(v) => v} />}
          <FactRow label="Explorers" fact={facts.explorers} show={(v) => v.map((e) => `${e.name} ${e.url}`).join(", ")} />
          <FactRow label="More nodes (chain-registry)" fact={facts.rpcUrls} show={(v) => v.join(", ")} />
          <tr data-fact="Modules">
            <th scope="row">Modules</th>
            <td>{facts.modules.map((m) => `${m.module} ${m.answers ? "answers" : "does not answer"}`).join(", ")}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
