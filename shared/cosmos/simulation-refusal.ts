/**
 * A chain's refusal of a simulated transaction, in words a person acts on: what the chain said
 * no to, and what to do. One home for every refusal the registered actions can meet (bank,
 * staking, distribution, gov, slashing); main words the simulation's answer here and keeps the
 * chain's own text beside it (`chainWords`), a press away in the review.
 *
 * Keyed by the SDK's error text, not its codespace and code: the Simulate query answers every
 * refusal as the "sdk" codespace's ErrUnknownRequest (6), with the module's error inside its text
 * ("rpc error: code = Unknown desc = failed to execute message; message index: 0: …: unknown
 * request"), so the text is all that names it; several refusals share a generic code anyway
 * (`invalid shares amount` is ErrInvalidRequest). The module each rule comes from is named for
 * the reader.
 */

/** The parts of a refused simulation main has: its code, codespace and log (ABCI query answer). */
export interface ChainRefusal {
  readonly code: number;
  readonly codespace: string;
  readonly log: string;
}

interface Rule {
  /** The SDK module whose error it is (for the reader: the answer does not say). */
  readonly module: string;
  readonly pattern: RegExp;
  readonly words: (match: RegExpExecArray) => string;
}

const RULES: readonly Rule[] = [
  // x/bank (types/errors ErrInsufficientFunds, 5): "899995500000ustake is smaller than 900995500000ustake: insufficient funds".
  { module: "sdk", pattern: /(\d+)([a-zA-Z][\w/.:-]*) is smaller than (\d+)[a-zA-Z][\w/.:-]*: insufficient funds/, words: (m) => `The account has ${m[1]}${m[2]} spendable, less than the ${m[3]}${m[2]} this needs (the amount, plus the fee when it is paid in the same denom). Lower the amount, or add funds to the account first.` },
  { module: "sdk", pattern: /insufficient funds/, words: () => "The account has less to spend than this needs (the amount, plus the fee). Lower the amount, or add funds to the account first." },
  // x/staking keeper ValidateUnbondAmount: undelegating or redelegating more than is delegated.
  { module: "sdk", pattern: /invalid shares amount/, words: () => "That is more than this account has delegated to the validator. Lower the amount to at most what the Delegations table shows for it." },
  { module: "staking", pattern: /no delegation for \(address, validator\) tuple|no delegation/, words: () => "This account has no delegation to that validator. Pick a validator it delegates to (the Delegations table lists them)." },
  { module: "staking", pattern: /insufficient delegation shares|not enough delegation shares/, words: () => "That is more than this account has delegated to the validator. Lower the amount to at most what the Delegations table shows for it." },
  { module: "staking", pattern: /redelegation to this validator already in progress/, words: () => "Stake redelegated to the source validator is still in its redelegation period, and the chain does not move it again until that ends (see Redelegations in progress). Wait until then, or undelegate instead." },
  { module: "staking", pattern: /too many redelegation entries/, words: () => "This account has as many redelegations in progress between these two validators as the chain allows (its max entries). Wait until one completes (see Redelegations in progress)." },
  { module: "staking", pattern: /too many unbonding delegation entries/, words: () => "This account has as many unbondings from this validator in progress as the chain allows (its max entries). Wait until one completes, or cancel one (see Unbonding)." },
  { module: "staking", pattern: /cannot redelegate to the same validator/, words: () => "The source and destination are the same validator. Pick another validator to move the stake to." },
  { module: "staking", pattern: /too few tokens to redelegate/, words: () => "The amount is too small to redelegate: it would be worth no tokens at the validator's exchange rate. Redelegate a larger amount." },
  { module: "staking", pattern: /redelegation destination validator not found/, words: () => "No validator of the chain has the destination address. Pick the destination from the list." },
  { module: "staking", pattern: /redelegation source validator not found/, words: () => "No validator of the chain has the source address. Pick the source from the list." },
  { module: "staking", pattern: /validator does not exist/, words: () => "No validator of the chain has that address. Pick one from the list, or check the address." },
  { module: "staking", pattern: /validator for this address is currently jailed/, words: () => "That validator is jailed: it signs no blocks and earns nothing, and the chain takes no new delegation to it until it is unjailed. Pick another validator, or wait." },
  { module: "staking", pattern: /no unbonding delegation found|unbonding delegation (entry )?not found/, words: () => "There is no such unbonding entry: it has completed or been cancelled already. Reload the Unbonding list." },
  { module: "staking", pattern: /amount is greater than the unbonding delegation entry balance/, words: () => "That is more than the unbonding entry holds. Cancel at most its amount (see Unbonding)." },
  { module: "staking", pattern: /commission cannot be changed more than once in 24h/, words: () => "The chain lets a validator's commission change once in 24 hours, and it changed less than 24 hours ago. Leave the commission as it is, or try again once the 24 hours have passed." },
  { module: "staking", pattern: /commission cannot be changed more than max change rate/, words: () => "That is a larger change of the commission than the validator's max change rate allows in one day. Change it by less." },
  { module: "staking", pattern: /commission cannot be more than the max rate|commission rate cannot be lower than the min rate|commission cannot be less than min rate/, words: () => "That commission is outside what the chain allows this validator (its max rate, or the chain's minimum). Pick a rate inside them." },
  // x/slashing MsgUnjail.
  { module: "slashing", pattern: /validator not jailed/, words: () => "The validator is not jailed, so there is nothing to unjail." },
  { module: "slashing", pattern: /validator still jailed/, words: () => "The validator is jailed, and its jail time has not passed yet: the chain takes an unjail only after it. Try again once the time shown for the validator has passed." },
  { module: "slashing", pattern: /validator has no self-delegation|self delegation less than minimum/, words: () => "The validator's own stake is below its minimum self-delegation, so the chain does not unjail it. Delegate to it from the operator's account first, then unjail." },
  { module: "slashing", pattern: /address is not associated with any known validator/, words: () => "This account operates no validator of the chain, so there is nothing to unjail." },
  { module: "slashing", pattern: /validator already tombstoned|tombstoned/, words: () => "The validator is tombstoned (it double-signed): the chain never unjails it." },
  // x/gov votes and deposits.
  { module: "gov", pattern: /inactive proposal/, words: () => "The proposal is not open for this: its voting period is over (or, for a deposit, its deposit and voting periods are). Nothing can be voted or deposited on it now." },
  { module: "gov", pattern: /unknown proposal|proposal.*not found/, words: () => "The chain has no proposal with that number. Check the number on the Governance page." },
  { module: "gov", pattern: /invalid vote option/, words: () => "The chain does not take that vote option. Pick yes, no, no with veto or abstain." },
  { module: "gov", pattern: /total weight overflow 1\.00|total weight lower than 1\.00|invalid weighted vote/, words: () => "The weights of a weighted vote must add up to exactly 1 (100 %). Change them so they do." },
  // x/distribution.
  { module: "distribution", pattern: /no validator commission to withdraw/, words: () => "The validator has no commission to withdraw yet. Try again after some blocks." },
  { module: "distribution", pattern: /no delegation distribution info|delegation does not exist/, words: () => "This account has no delegation to that validator, so there are no rewards to withdraw from it." },
];

/** The words for a refused simulation, or undefined when no rule knows it (the chain's own text is shown then). */
export function wordRefusal(refusal: ChainRefusal): string | undefined {
  if (refusal.code === 0) return undefined;
  for (const rule of RULES) {
    const match = rule.pattern.exec(refusal.log);
    if (match) return rule.words(match);
  }
  return undefined;
}

/**
 * The chain's own text without what only its developers read: the source file and line in
 * brackets, and the gas used, so "the chain's words" are the words.
 */
export function chainWords(log: string): string {
  return log
    .replace(/ \[[^\]]*\.go:\d+\]/g, "")
    .replace(/^rpc error: code = \w+ desc = /, "")
    .replace(/^failed to execute message; message index: \d+: /, "")
    .replace(/ with gas used: '\d+'(: unknown request)?$/, "")
    .trim();
}
