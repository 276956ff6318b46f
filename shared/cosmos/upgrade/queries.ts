import { fromBase64, toHex } from "@cosmjs/encoding";
import { QueryCurrentPlanRequest, QueryCurrentPlanResponse } from "cosmjs-types/cosmos/upgrade/v1beta1/query";
import type { ResultOf } from "../../contract/index.js";

type AbciQuery = (args: { path: string; data?: string; height?: string }) => Promise<ResultOf<"chain.abciQuery">>;

/** x/upgrade's scheduled plan (https://docs.cosmos.network/main/build/modules/upgrade#queries). */
export const CURRENT_PLAN_PATH = "/cosmos.upgrade.v1beta1.Query/CurrentPlan";

export interface UpgradePlan {
  readonly name: string;
  readonly height: string;
  /** Free text from the proposal: attacker-chosen, shown as text only. */
  readonly info: string;
}

/** What the chain answered: no x/upgrade, no plan, or the plan. */
export type CurrentPlan = { readonly available: false; readonly reason: string } | { readonly available: true; readonly plan: UpgradePlan | null };

/** The upgrade scheduled now, if any; a chain without x/upgrade says so instead of failing. */
export async function readCurrentPlan(abciQuery: AbciQuery): Promise<CurrentPlan> {
  const answer = await abciQuery({ path: CURRENT_PLAN_PATH, data: toHex(QueryCurrentPlanRequest.encode({}).finish()) });
  if (answer.code !== 0) return { available: false, reason: (answer.log || `code ${answer.code}`).slice(0, 300) };
  let plan: QueryCurrentPlanResponse["plan"];
  try {
    plan = QueryCurrentPlanResponse.decode(fromBase64(answer.value)).plan;
  } catch {
    return { available: false, reason: "the upgrade answer did not decode" };
  }
  if (!plan || plan.height <= 0n) return { available: true, plan: null };
  return { available: true, plan: { name: plan.name.slice(0, 140), height: String(plan.height), info: plan.info.slice(0, 2000) } };
}
