import { describe, expect, it } from "vitest";
import { decFromAtomics, decPercent, decToAtomics, decWhole } from "../dec.js";
import type { OperatorValidator } from "./operator.js";
import { stakingActions } from "./actions.js";
import { checkValidatorEdit, nextRateChange, validatorFormBasis, type ValidatorDraft } from "./validator-form.js";

const validator: OperatorValidator = {
  operatorAddress: "cosmosvaloper1edhrppagujenjy8s82rplhj85atl5v7eg6ldy9",
  jailed: false,
  status: "bonded",
  description: { moniker: "node0", identity: "", website: "", securityContact: "", details: "" },
  commission: { rate: "0.1", maxRate: "0.2", maxChangeRate: "0.01", updateTime: "2026-01-01T00:00:00.000Z" },
};
const draft = (patch: Partial<ValidatorDraft>): ValidatorDraft => ({ ...validator.description, commissionRate: "", ...patch });
const check = (patch: Partial<ValidatorDraft>, now = "2026-01-03T00:00:00.000Z", minCommissionRate = "0") => checkValidatorEdit(draft(patch), { validator, minCommissionRate, now: new Date(now) });

describe("the validator edit's rules", () => {
  it("sends only what changed: a new rate within every rule, or a description field", () => {
    expect(check({ commissionRate: "0.11" }).value).toEqual({ validatorAddress: validator.operatorAddress, commissionRate: "0.11" });
    expect(check({ website: "https://example.org" }).value).toEqual({ validatorAddress: validator.operatorAddress, description: { website: "https://example.org" } });
    expect(check({}).errors.moniker).toMatch(/Nothing is changed/);
  });

  it("refuses a rate the chain would refuse, each in its own words", () => {
    expect(check({ commissionRate: "0.25" }).errors.commissionRate).toMatch(/more than its max rate, 0\.2/);
    expect(check({ commissionRate: "0.12" }).errors.commissionRate).toMatch(/at most 0\.01 at a time/);
    expect(check({ commissionRate: "0.09" }, "2026-01-01T12:00:00.000Z").errors.commissionRate).toBe("The commission was last changed at 2026-01-01 00:00:00.000 UTC; the chain allows one change per 24 hours, so not before 2026-01-02 00:00:00.000 UTC.");
    expect(check({ commissionRate: "0.09" }, undefined, "0.095").errors.commissionRate).toMatch(/least commission rate is 0\.095/);
    expect(check({ commissionRate: "5%" }).errors.commissionRate).toMatch(/fraction between 0 and 1/);
    expect(check({ commissionRate: "0.1" }).errors.commissionRate).toMatch(/is 0\.1 already/);
    expect(check({ commissionRate: "0.11" }).errors).toEqual({});
  });

  it("refuses an empty moniker and a description longer than the SDK takes", () => {
    expect(check({ moniker: " " }).errors.moniker).toMatch(/needs a moniker/);
    expect(check({ details: "x".repeat(281) }).errors.details).toMatch(/At most 280 characters \(this is 281\)/);
  });

  it("counts a description in bytes of UTF-8, as the SDK does, the same in the form and in main's schema", () => {
    // 40 accented letters are 80 bytes: the chain refuses that moniker (after charging the fee).
    expect(check({ moniker: "é".repeat(40) }).errors.moniker).toBe("At most 70 bytes as the chain counts them, where a letter beyond A to Z takes 2 to 4 (this is 80).");
    const schema = stakingActions["/cosmos.staking.v1beta1.MsgEditValidator"].value;
    for (const moniker of ["x".repeat(70), "x".repeat(71), "é".repeat(35), "é".repeat(36), "🙂".repeat(17), "🙂".repeat(18), "nœud 🙂"]) {
      const form = check({ moniker });
      const main = schema.safeParse({ validatorAddress: validator.operatorAddress, description: { moniker } }).success;
      expect(form.errors.moniker === undefined, moniker).toBe(main);
    }
  });
});

describe("the commission's once-a-day rule", () => {
  it("says when the rate may next change, and nothing once it may", () => {
    expect(nextRateChange("2026-01-01T00:00:00.000Z", new Date("2026-01-01T23:59:59.000Z"))).toBe("2026-01-02T00:00:00.000Z");
    expect(nextRateChange("2026-01-01T00:00:00.000Z", new Date("2026-01-02T00:00:00.000Z"))).toBeUndefined();
    expect(nextRateChange(null, new Date())).toBeUndefined();
    expect(nextRateChange("not a time", new Date())).toBeUndefined();
  });
});

describe("LegacyDec on the wire", () => {
  it("reads and writes the 18-decimal atomics", () => {
    expect(decFromAtomics("100000000000000000")).toBe("0.1");
    expect(decFromAtomics("1000000000000000000")).toBe("1");
    expect(decFromAtomics("0")).toBe("0");
    expect(decFromAtomics("not a number")).toBe("0");
    expect(decWhole("1234567890000000000000")).toBe("1234");
    expect(decToAtomics("0.05")).toBe(50000000000000000n);
  });

  it("says a rate as a percentage, exactly", () => {
    expect(["0.05", "0.1", "0.125", "1", "0", "0.000000000000000001", "0.07"].map(decPercent)).toEqual(["5", "10", "12.5", "100", "0", "0.0000000000000001", "7"]);
    expect(["", "1e3", "-0.1", "0.1.2"].map(decPercent)).toEqual(["0", "0", "0", "0"]);
  });

  it("starts the edit form again when any field of the description changes on chain, not the moniker alone", () => {
    const basis = validatorFormBasis(validator);
    for (const field of ["moniker", "identity", "website", "securityContact", "details"] as const) {
      expect(validatorFormBasis({ ...validator, description: { ...validator.description, [field]: "edited" } })).not.toBe(basis);
    }
    expect(validatorFormBasis({ ...validator, commission: { ...validator.commission, rate: "0.11" } })).not.toBe(basis);
    expect(validatorFormBasis({ ...validator, jailed: true } as typeof validator)).toBe(basis);
  });
});
