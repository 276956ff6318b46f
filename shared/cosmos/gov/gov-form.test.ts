import { describe, expect, it } from "vitest";
import { checkDeposit, checkWeights } from "./gov-form.js";

const empty = { yes: "", abstain: "", no: "", no_with_veto: "" };

describe("the governance forms' rules", () => {
  it("takes weights that add up to exactly 1, leaving out the empty options", () => {
    expect(checkWeights({ ...empty, yes: "0.25", no_with_veto: " 0.75 " })).toEqual({ options: [{ option: "yes", weight: "0.25" }, { option: "no_with_veto", weight: "0.75" }] });
  });

  it("says in words why the chain would refuse the weights", () => {
    expect(checkWeights(empty)).toEqual({ problem: "Give at least one option a weight." });
    expect(checkWeights({ ...empty, yes: "0.5", no: "0.6" })).toEqual({ problem: "The weights must add up to exactly 1; these add up to 1.1." });
    expect(checkWeights({ ...empty, yes: "1/2", no: "0.5" })).toMatchObject({ problem: expect.stringMatching(/weight of yes must be a fraction/) });
  });

  it("names the option whose weight is at fault, and none when the weights together are", () => {
    expect(checkWeights({ ...empty, yes: "0.5", no: "-0.5" })).toEqual({ at: "no", problem: "The weight of no must be a fraction between 0 and 1, like 0.25." });
    expect(checkWeights({ ...empty, abstain: "0", no: "1" })).toEqual({ at: "abstain", problem: "The weight of abstain must be above 0; leave the option out instead." });
    expect(checkWeights({ ...empty, yes: "0.5", no: "0.4" })).not.toHaveProperty("at");
    expect(checkWeights(empty)).not.toHaveProperty("at");
  });

  it("reads a deposit in display units into base units, and refuses what is not an amount", () => {
    const stake = { base: "ustake", display: "STAKE", exponent: 6 };
    expect(checkDeposit("1.5", stake)).toEqual({ coin: { denom: "ustake", amount: "1500000" } });
    expect(checkDeposit("0", stake)).toEqual({ problem: "The amount must be more than zero." });
    expect(checkDeposit("0.0000001", stake)).toEqual({ problem: "At most 6 decimals for this denom." });
  });
});
