import type { RequestBudgetSettings } from "../../../../shared/contract/network.js";
import { DEFAULT_MAX_WAIT_MS, DEFAULT_RATE_PER_SECOND } from "../../../../shared/net/request-budget.js";

/** What the network form shows for a network's request budget: its own, else the defaults main uses. */
export function budgetFields(budget: RequestBudgetSettings | undefined): { requestsPerSecond: string; maxWaitSeconds: string } {
  return {
    requestsPerSecond: String(budget?.requestsPerSecond ?? DEFAULT_RATE_PER_SECOND),
    maxWaitSeconds: String(budget?.maxWaitSeconds ?? DEFAULT_MAX_WAIT_MS / 1_000),
  };
}

// Digits only, as the form's other numbers: Number() would read "0x10" as 16 and "1e3" as 1000.
const rateOf = (text: string) => (text === "" ? DEFAULT_RATE_PER_SECOND : /^\d{1,4}(\.\d{1,3})?$/.test(text) ? Number(text) : Number.NaN);
const waitOf = (text: string) => (text === "" ? DEFAULT_MAX_WAIT_MS / 1_000 : /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN);

/**
 * The `requestBudget` to save from the two fields (empty is the default): none for a network that
 * had none and keeps the defaults, so it follows main's defaults as they are.
 */
export function budgetFromFields(rate: string, wait: string, existing: RequestBudgetSettings | undefined): RequestBudgetSettings | undefined {
  const requestsPerSecond = rateOf(rate.trim());
  const maxWaitSeconds = waitOf(wait.trim());
  if (!existing && requestsPerSecond === DEFAULT_RATE_PER_SECOND && maxWaitSeconds === DEFAULT_MAX_WAIT_MS / 1_000) return undefined;
  return { requestsPerSecond, maxWaitSeconds };
}

/** What main would refuse in the two fields (`RequestBudgetSettings`), in the form's words. */
export function budgetProblems(rate: string, wait: string): { requestsPerSecond?: string; maxWaitSeconds?: string } {
  const r = rateOf(rate.trim());
  const w = waitOf(wait.trim());
  return {
    ...(!(r >= 0.5 && r <= 1000) ? { requestsPerSecond: "A number from 0.5 to 1000 requests a second, like 8 (what most public nodes accept) or 2.5." } : {}),
    ...(!(Number.isInteger(w) && w >= 0 && w <= 120) ? { maxWaitSeconds: "A whole number of seconds from 0 to 120: 0 fails at once instead of waiting." } : {}),
  };
}
