import { useQuery } from "@tanstack/react-query";
import type { Network } from "../../../../shared/contract/network.js";
import type { PrepareArgs } from "../../../../shared/contract/tx.js";
import { displayUnits, formatCoin } from "../../../../shared/wallet/amount.js";
import { stakeUnit } from "../../../../shared/cosmos/staking/stake-form.js";
import { withdrawBatchesForLedger } from "../../../../shared/wallet/ledger-limits.js";
import { walletQueries } from "../../queries/wallet-queries.js";
import { useApi } from "../../api/api-context.js";
import { ChainText } from "../../components/text/ChainText.js";
import { FieldProblem } from "../../components/FieldProblem.js";
import { stakingQueries } from "../queries/stake-queries.js";
import { WithdrawAddressForm } from "./WithdrawAddressForm.js";

type Monikers = ReadonlyMap<string, string>;

/**
 * What the account has staked, read from the chain: its delegations with the pending rewards of
 * each validator and one "withdraw all" transaction, its unbonding entries (each can be
 * cancelled: the coins go back to the validator), and its redelegations in progress.
 */
export function StakeLists({ network, delegator, monikers, onReview }: { network: Network; delegator: string; monikers: Monikers; onReview: (args: PrepareArgs) => void }) {
  const api = useApi();
  const delegations = useQuery(stakingQueries.delegations(api, network.id, delegator));
  const rewards = useQuery(stakingQueries.rewards(api, network.id, delegator));
  const unbonding = useQuery(stakingQueries.unbonding(api, network.id, delegator));
  const redelegations = useQuery(stakingQueries.redelegations(api, network.id, delegator));
  const params = useQuery(stakingQueries.params(api, network.id));
  const units = displayUnits(network);
  // Unbonding entries carry no denom: they are in the chain's bond denom (its staking params, or
  // as saved with the network), never a guess from the network's other denoms.
  const stakeDenom = stakeUnit(network, params.data?.bondDenom || delegations.data?.[0]?.balance.denom)?.base;
  const coin = (amount: string, denom = stakeDenom) => (denom ? formatCoin(`${amount}${denom}`, units, network.defaultDenom) : amount);
  const name = (valoper: string) => <ChainText value={monikers.get(valoper) || valoper} />;
  const rewardsOf = (valoper: string) => rewards.data?.find((r) => r.validatorAddress === valoper)?.coins.filter((c) => c.amount !== "0") ?? [];
  const withRewards = (rewards.data ?? []).filter((r) => r.coins.some((c) => c.amount !== "0"));
  // A disabled button says why: nothing read yet, nothing staked, or nothing earned yet. A list that
  // could not be read says so itself (below), so it adds nothing here.
  const noRewardsWhy =
    withRewards.length > 0 || delegations.isError || rewards.isError ? undefined
    : delegations.isPending || rewards.isPending ? "Reading the rewards…"
    : delegations.data.length === 0 ? "Nothing to withdraw: this account has no delegation, so it earns no rewards."
    : "Nothing to withdraw yet: rewards build up with each block a delegation is bonded; try again in a few blocks.";

  const withdrawFrom = (validators: readonly string[]) =>
    onReview({ messages: validators.map((v) => ({ typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward" as const, value: { delegatorAddress: delegator, validatorAddress: v } })) });
  // A Ledger takes fewer than 20 messages and about 8 KB a transaction: its "withdraw all" is cut
  // into parts it can take (shared/wallet/ledger-limits.ts), each prepared and reviewed on its own.
  const accounts = useQuery(walletQueries.accounts(api));
  const onLedger = accounts.data?.accounts.find((a) => a.address === delegator)?.kind === "ledger";
  const allValidators = withRewards.map((r) => r.validatorAddress);
  const parts = onLedger && allValidators.length > 0 ? withdrawBatchesForLedger(delegator, allValidators, network.chainId, network.gasPrices?.denom ?? network.defaultDenom) : [allValidators];
  const withdrawAll = () => withdrawFrom(allValidators);
  const cancel = (e: { validatorAddress: string; balance: string; creationHeight: string }) =>
    stakeDenom && onReview({ messages: [{ typeUrl: "/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation", value: { delegatorAddress: delegator, validatorAddress: e.validatorAddress, amount: { denom: stakeDenom, amount: e.balance }, creationHeight: e.creationHeight } }] });

  return (
    <section className="stake-lists" aria-labelledby="stake-lists-title">
      <h2 id="stake-lists-title">What this account stakes</h2>
      <table className="grid" data-testid="delegations-table">
        <caption>Delegations{delegations.isPending ? " (reading…)" : ""}</caption>
        <thead><tr><th scope="col">Validator</th><th scope="col">Staked</th><th scope="col">Pending rewards</th></tr></thead>
        <tbody>
          {(delegations.data ?? []).map((d) => (
            <tr key={d.validatorAddress} data-validator={d.validatorAddress}>
              <td>{name(d.validatorAddress)}</td>
              <td data-testid="delegation-amount">{coin(d.balance.amount, d.balance.denom)}</td>
              <td data-testid="delegation-rewards">{rewards.isPending ? "reading…" : rewardsOf(d.validatorAddress).map((c) => coin(c.amount, c.denom)).join(", ") || "none"}</td>
            </tr>
          ))}
          {delegations.data?.length === 0 && <tr><td colSpan={3} className="muted">No delegation.</td></tr>}
        </tbody>
      </table>
      {/* What could not be read is why there is nothing to withdraw: said at the button, which names it. */}
      <FieldProblem id="stake-delegations" problem={delegations.isError ? `The delegations could not be read: ${delegations.error.message}` : undefined} alert />
      <FieldProblem id="stake-rewards" problem={rewards.isError ? `The rewards could not be read: ${rewards.error.message}` : undefined} alert />
      <div className="row">
        {parts.length > 1 ? (
          parts.map((part, i) => (
            <button key={part[0]} type="button" onClick={() => withdrawFrom(part)} data-testid="withdraw-part">
              Withdraw rewards, part {i + 1} of {parts.length} ({part.length} validators: one Ledger transaction)
            </button>
          ))
        ) : (
          <>
            <button type="button" disabled={withRewards.length === 0} onClick={withdrawAll} aria-describedby={[delegations.isError && "stake-delegations-error", rewards.isError && "stake-rewards-error", noRewardsWhy && "stake-withdraw-all-why"].filter(Boolean).join(" ") || undefined}>
              Withdraw all rewards{withRewards.length > 1 ? ` (${withRewards.length} validators, one transaction)` : ""}
            </button>
            {noRewardsWhy && <span className="muted" id="stake-withdraw-all-why">{noRewardsWhy}</span>}
          </>
        )}
      </div>
      <WithdrawAddressForm network={network} delegator={delegator} onReview={onReview} />

      {/* A list that could not be read says so, named by its table as its description. */}
      <FieldProblem id="stake-unbonding" problem={unbonding.isError ? `The unbonding entries could not be read: ${unbonding.error.message}` : undefined} alert />
      <table className="grid" data-testid="unbonding-table" aria-describedby={unbonding.isError ? "stake-unbonding-error" : undefined}>
        <caption>Unbonding{unbonding.isPending ? " (reading…)" : ""}</caption>
        <thead><tr><th scope="col">Validator</th><th scope="col">Amount</th><th scope="col">Started at height</th><th scope="col">Spendable at</th><th scope="col"><span className="visually-hidden">Action</span></th></tr></thead>
        <tbody>
          {(unbonding.data ?? []).map((e) => (
            <tr key={`${e.validatorAddress}/${e.creationHeight}/${e.balance}`} data-testid="unbonding-row" data-height={e.creationHeight}>
              <td>{name(e.validatorAddress)}</td>
              <td>{coin(e.balance)}</td>
              <td>{e.creationHeight}</td>
              <td>{e.completionTime ? new Date(e.completionTime).toLocaleString() : "unknown"}</td>
              <td><button type="button" className="secondary" disabled={!stakeDenom} onClick={() => cancel(e)} aria-label={`Cancel unbonding of ${coin(e.balance)} from ${monikers.get(e.validatorAddress) || e.validatorAddress}, started at height ${e.creationHeight}`}>Cancel unbonding</button></td>
            </tr>
          ))}
          {unbonding.data?.length === 0 && <tr><td colSpan={5} className="muted">Nothing is unbonding.</td></tr>}
        </tbody>
      </table>

      <FieldProblem id="stake-redelegations" problem={redelegations.isError ? `The redelegations could not be read: ${redelegations.error.message}` : undefined} alert />
      <table className="grid" data-testid="redelegations-table" aria-describedby={redelegations.isError ? "stake-redelegations-error" : undefined}>
        <caption>Redelegations in progress{redelegations.isPending ? " (reading…)" : ""}</caption>
        <thead><tr><th scope="col">From</th><th scope="col">To</th><th scope="col">Amount</th><th scope="col">Completes at</th></tr></thead>
        <tbody>
          {(redelegations.data ?? []).map((r) => (
            <tr key={`${r.validatorSrcAddress}/${r.validatorDstAddress}/${r.creationHeight}`}>
              <td>{name(r.validatorSrcAddress)}</td>
              <td>{name(r.validatorDstAddress)}</td>
              <td>{coin(r.balance)}</td>
              <td>{r.completionTime ? new Date(r.completionTime).toLocaleString() : "unknown"}</td>
            </tr>
          ))}
          {redelegations.data?.length === 0 && <tr><td colSpan={4} className="muted">No redelegation in progress.</td></tr>}
        </tbody>
      </table>
    </section>
  );
}
