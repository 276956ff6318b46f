import { parseDisplayAmount, type DenomUnit } from "../../wallet/amount.js";
import { weightsFault } from "./weights.js";

export type VoteChoice = "yes" | "abstain" | "no" | "no_with_veto";
export const VOTE_CHOICES: readonly VoteChoice[] = ["yes", "abstain", "no", "no_with_veto"];
export const VOTE_LABELS: Readonly<Record<VoteChoice, string>> = { yes: "Yes", abstain: "Abstain", no: "No", no_with_veto: "No with veto" };

/** The weighted vote's four weight fields, as typed ("" leaves an option out). */
export type WeightDraft = Readonly<Record<VoteChoice, string>>;

/**
 * The options of a weighted vote from what was typed, or the words of why the chain would refuse
 * them (each weight a fraction above 0, together exactly 1) and the option whose weight is at
 * fault, when one alone is: main checks the same again.
 */
export function checkWeights(draft: WeightDraft): { problem: string; at?: VoteChoice } | { options: Array<{ option: VoteChoice; weight: string }> } {
  const options = VOTE_CHOICES.filter((c) => draft[c].trim() !== "").map((option) => ({ option, weight: draft[option].trim() }));
  const fault = weightsFault(options);
  if (!fault) return { options };
  const at = VOTE_CHOICES.find((c) => c === fault.option);
  return at ? { problem: fault.problem, at } : { problem: fault.problem };
}

/** A deposit's amount in base units of the deposit denom, or the words of what is wrong with it. */
export function checkDeposit(amount: string, unit: DenomUnit): { problem: string } | { coin: { denom: string; amount: string } } {
  const parsed = parseDisplayAmount(amount, unit.exponent);
  return parsed.ok ? { coin: { denom: unit.base, amount: parsed.base } } : { problem: parsed.message };
}
