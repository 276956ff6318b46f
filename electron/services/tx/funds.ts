import type { Network } from "../../../shared/contract/network.js";
import type { Funds, StdSignDoc, Tx } from "../../../shared/contract/tx.js";
import { displayUnits, splitCoin } from "../../../shared/wallet/amount.js";
import { type Coin, spendProblems, subtractCoins, sumCoins } from "../../../shared/wallet/spendable.js";
import type { AccessClient } from "../access/access-client.js";
import { AppError } from "../app-error.js";
import { AminoMsgSend } from "../../../shared/cosmos/bank/amino.js";
import { spendableBalancesQuery } from "../../../shared/cosmos/bank/queries.js";
import { type AbciQuery, runAbciQuery } from "../rpc/module-query.js";

/** Where an account's funds are read: the chain's spendable balances, and its pending transactions. */
export interface FundsSource {
  readonly spendable: (address: string) => Promise<Coin[]>;
  readonly pending: (address: string) => Promise<Coin[]>;
}

/** A network's funds: spendable balances from its chain (over ABCI), pending transactions from its access service. */
export function networkFunds(abciQuery: AbciQuery, client: AccessClient, network: Network): FundsSource {
  return { spendable: (address) => runAbciQuery(abciQuery, spendableBalancesQuery, { address }, "balance_query_failed", "spendable balance"), pending: (address) => pendingAtService(client, address, network.defaultDenom) };
}

/** The sign doc asks for more than the account can spend; nothing was signed. */
export class InsufficientFundsError extends AppError {
  constructor(readonly problems: ReturnType<typeof spendProblems>) {
    super("insufficient_funds", `Nothing was signed: ${problems.map((p) => p.message).join(" ")}`);
  }
}

/** Spendable on chain, held by pending transactions, and what is left: read now, never cached. */
export async function readFunds(source: FundsSource, address: string): Promise<Funds> {
  // Pending first: a transaction committed between the two reads is then counted twice (a
  // refusal the user can retry), never missed (a transfer that fails on chain and costs its fee).
  const pending = await source.pending(address);
  const spendable = await source.spendable(address);
  return { spendable, pending, available: subtractCoins(spendable, pending) };
}

/**
 * Checks, right before the vault signs, that the account can pay what this exact sign doc takes
 * (every message's amount plus the fee), with the balance read from the chain again: it may have
 * moved since the form checked it.
 */
export async function checkFunds(source: FundsSource, network: Network, address: string, doc: StdSignDoc): Promise<void> {
  await checkSpend(source, network, address, doc.msgs.flatMap(spendOf), doc.fee.amount);
}

/** The same check for what prepared messages spend (their actions' rules) and their fee. */
export async function checkSpend(source: FundsSource, network: Network, address: string, spend: readonly Coin[], fee: readonly Coin[]): Promise<void> {
  const funds = await readFunds(source, address);
  const problems = spendProblems({ spend: [...spend], fee: [...fee] }, funds, displayUnits(network));
  if (problems.length > 0) throw new InsufficientFundsError(problems);
}

/**
 * The coins one message takes from the signer. Each message that spends needs its rule here (a
 * transfer spends its amount); one without a rule is refused rather than counted as free.
 */
function spendOf(msg: unknown): Coin[] {
  const send = AminoMsgSend.safeParse(msg);
  if (send.success) return send.data.value.amount;
  throw new AppError("unknown_message", "Nothing was signed: the app has no rule for what this message spends.");
}

/** Statuses whose transactions will still take their amount and fee from the account. */
const PENDING = ["queued", "broadcast"] as const;
/** Pages of one status read at most; past that the account has far more pending than a form can show. */
const MAX_PAGES = 20;

/**
 * What an address's transactions pending at the access service will take: amount and fee of
 * every queued or broadcast one it sent (the list also names transfers it receives).
 */
export async function pendingAtService(client: AccessClient, address: string, defaultDenom: string): Promise<Coin[]> {
  const held: Coin[] = [];
  for (const status of PENDING) {
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await client.list({ address, status, limit: 100, cursor });
      for (const tx of answer.transactions) if (tx.from === address && tx.status === status) held.push(...coinsOf(tx, defaultDenom));
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
  }
  return [...sumCoins(held)].map(([denom, amount]) => ({ denom, amount: amount.toString() }));
}

function coinsOf(tx: Tx, defaultDenom: string): Coin[] {
  return [tx.amount, tx.fee ?? ""].flatMap((text) => text.split(",")).flatMap((one) => {
    const coin = one.trim() ? splitCoin(one, defaultDenom) : undefined;
    return coin ? [coin] : [];
  });
}
