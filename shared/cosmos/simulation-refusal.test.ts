import { describe, expect, it } from "vitest";
import { chainWords, wordRefusal } from "./simulation-refusal.js";

/**
 * The Simulate query's answers as the devnet (SDK 0.53) gave them, recorded from
 * simulation-refusals.integration.test.ts and operator.integration.test.ts: every refusal comes
 * as the "sdk" codespace's code 6, the module's error inside the text.
 */
const answer = (inner: string, gas = "83412") => ({ code: 6, codespace: "sdk", log: `rpc error: code = Unknown desc = failed to execute message; message index: 0: ${inner} with gas used: '${gas}': unknown request` });
const recorded = {
  insufficientFunds: answer("failed to delegate; 1000000000000ustake is smaller than 900000000000000ustake: insufficient funds"),
  noDelegation: answer("no delegation for (address, validator) tuple"),
  invalidShares: answer("invalid shares amount: invalid request"),
  noValidator: answer("validator does not exist"),
  notJailed: answer("validator not jailed; cannot be unjailed"),
  stillJailed: answer("validator still jailed; cannot be unjailed"),
  inactive: answer("1: inactive proposal", "60646"),
  commission: answer("commission cannot be changed more than once in 24h"),
};

describe("a refused simulation, worded", () => {
  it("says what the chain refused and what to do, for each refusal the forms meet", () => {
    expect(wordRefusal(recorded.insufficientFunds)).toBe("The account has 1000000000000ustake spendable, less than the 900000000000000ustake this needs (the amount, plus the fee when it is paid in the same denom). Lower the amount, or add funds to the account first.");
    expect(wordRefusal(recorded.noDelegation)).toBe("This account has no delegation to that validator. Pick a validator it delegates to (the Delegations table lists them).");
    expect(wordRefusal(recorded.invalidShares)).toBe("That is more than this account has delegated to the validator. Lower the amount to at most what the Delegations table shows for it.");
    expect(wordRefusal(recorded.noValidator)).toBe("No validator of the chain has that address. Pick one from the list, or check the address.");
    expect(wordRefusal(recorded.notJailed)).toBe("The validator is not jailed, so there is nothing to unjail.");
    expect(wordRefusal(recorded.stillJailed)).toMatch(/^The validator is jailed, and its jail time has not passed yet/);
    expect(wordRefusal(recorded.inactive)).toMatch(/^The proposal is not open for this: its voting period is over/);
    expect(wordRefusal(recorded.commission)).toMatch(/^The chain lets a validator's commission change once in 24 hours/);
  });

  it("words the refusals of redelegations and unbondings the chain limits, and a jailed validator", () => {
    expect(wordRefusal(answer("redelegation to this validator already in progress; first redelegation to this validator must complete before next redelegation"))).toMatch(/still in its redelegation period/);
    expect(wordRefusal(answer("too many redelegation entries for (delegator, src-validator, dst-validator) tuple"))).toMatch(/as many redelegations in progress/);
    expect(wordRefusal(answer("too many unbonding delegation entries for (delegator, validator) tuple"))).toMatch(/as many unbondings from this validator/);
    expect(wordRefusal(answer("validator for this address is currently jailed"))).toMatch(/^That validator is jailed/);
    expect(wordRefusal(answer("address is not associated with any known validator"))).toMatch(/operates no validator/);
  });

  it("leaves what it does not know to the chain's own words, and an accepted simulation alone", () => {
    expect(wordRefusal(answer("something new in a later SDK"))).toBeUndefined();
    expect(wordRefusal({ code: 0, codespace: "", log: "insufficient funds" })).toBeUndefined();
  });

  it("keeps of the chain's text the words, without the wrapping, source lines and gas", () => {
    expect(chainWords(recorded.insufficientFunds.log)).toBe("failed to delegate; 1000000000000ustake is smaller than 900000000000000ustake: insufficient funds");
    expect(chainWords("failed to execute message; message index: 0: 899995500000ustake is smaller than 900995500000ustake: insufficient funds [cosmos/cosmos-sdk@v0.53.8/x/bank/keeper/send.go:139] with gas used: '70000'")).toBe("899995500000ustake is smaller than 900995500000ustake: insufficient funds");
    expect(chainWords(recorded.inactive.log)).toBe("1: inactive proposal");
  });
});
