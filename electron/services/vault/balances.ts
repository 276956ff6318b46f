import { fromBase64, toHex } from "@cosmjs/encoding";
import { QueryAllBalancesRequest, QueryAllBalancesResponse, QuerySpendableBalancesRequest, QuerySpendableBalancesResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { AppError } from "../app-error.js";

/** An ABCI query as `chain.abciQuery` answers it (value in base64). */
export type AbciQuery = (args: { path: string; data?: string }) => Promise<{ readonly code: number; readonly value: string; readonly log: string }>;
type Coins = Array<{ denom: string; amount: string }>;

/** An address's bank balances, read with the bank module's gRPC query over ABCI (no REST endpoint needed). */
export async function balancesOf(abciQuery: AbciQuery, address: string): Promise<{ balances: Coins }> {
  const data = toHex(QueryAllBalancesRequest.encode(QueryAllBalancesRequest.fromPartial({ address, pagination: { limit: 200n } })).finish());
  const answer = await abciQuery({ path: "/cosmos.bank.v1beta1.Query/AllBalances", data });
  if (answer.code !== 0) throw new AppError("balance_query_failed", `the node refused the balance query: ${answer.log || `code ${answer.code}`}`);
  const decoded = QueryAllBalancesResponse.decode(fromBase64(answer.value));
  return { balances: decoded.balances.map((c) => ({ denom: c.denom, amount: c.amount })) };
}

/**
 * What an address can spend (the bank's SpendableBalances: its balances less what is locked,
 * such as a vesting account's unvested coins), as the chain says at this moment.
 */
export async function spendableOf(abciQuery: AbciQuery, address: string): Promise<Coins> {
  const data = toHex(QuerySpendableBalancesRequest.encode(QuerySpendableBalancesRequest.fromPartial({ address, pagination: { limit: 200n } })).finish());
  const answer = await abciQuery({ path: "/cosmos.bank.v1beta1.Query/SpendableBalances", data });
  if (answer.code !== 0) throw new AppError("balance_query_failed", `the node refused the spendable balance query: ${answer.log || `code ${answer.code}`}`);
  return QuerySpendableBalancesResponse.decode(fromBase64(answer.value)).balances.map((c) => ({ denom: c.denom, amount: c.amount }));
}
