import { fromBase64, toHex } from "@cosmjs/encoding";
import { QueryAllBalancesRequest, QueryAllBalancesResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import type { ResultOf } from "../../contract/index.js";
import { AppError } from "../../../electron/services/app-error.js";

type AbciQuery = (args: { path: string; data?: string }) => Promise<ResultOf<"chain.abciQuery">>;

/** An address's bank balances, read with the bank module's gRPC query over ABCI (no REST endpoint needed). */
export async function balancesOf(abciQuery: AbciQuery, address: string): Promise<{ balances: Array<{ denom: string; amount: string }> }> {
  const data = toHex(QueryAllBalancesRequest.encode(QueryAllBalancesRequest.fromPartial({ address, pagination: { limit: 200n } })).finish());
  const answer = await abciQuery({ path: "/cosmos.bank.v1beta1.Query/AllBalances", data });
  if (answer.code !== 0) throw new AppError("balance_query_failed", `the node refused the balance query: ${answer.log || `code ${answer.code}`}`);
  const decoded = QueryAllBalancesResponse.decode(fromBase64(answer.value));
  return { balances: decoded.balances.map((c) => ({ denom: c.denom, amount: c.amount })) };
}
