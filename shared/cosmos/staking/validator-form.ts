import { decToAtomics } from "../dec.js";
import type { OperatorValidator } from "./operator.js";
import { utcText } from "../../chain-time.js";

/** The edit form's fields, as typed. An empty commission rate leaves the rate unchanged. */
export interface ValidatorDraft {
  readonly moniker: string;
  readonly identity: string;
  readonly website: string;
  readonly securityContact: string;
  readonly details: string;
  readonly commissionRate: string;
}
export type ValidatorField = keyof ValidatorDraft;

/** The SDK's description limits (x/staking `Description.EnsureLength`). */
export const DESCRIPTION_LIMITS: Readonly<Record<Exclude<ValidatorField, "commissionRate">, number>> = { moniker: 70, identity: 3000, website: 140, securityContact: 140, details: 280 };
/** A text's length as the SDK measures it: bytes of UTF-8. */
const utf8Length = (text: string): number => new TextEncoder().encode(text).length;
const RATE = /^(0(\.\d{1,18})?|1(\.0{1,18})?)$/;
const DAY_MS = 24 * 3_600_000;

/** The MsgEditValidator value the form asks main to sign (shared/cosmos/staking/actions.ts). */
export interface EditValidatorValue {
  validatorAddress: string;
  description?: Partial<Record<Exclude<ValidatorField, "commissionRate">, string>>;
  commissionRate?: string;
}

/**
 * Checks the edit against the chain's rules before anything is signed, and says what is wrong in
 * each field: the description's lengths, and a new commission rate at least the chain's minimum,
 * at most the validator's max rate, changed by at most its max change rate, and not within 24 h
 * of the last change (x/staking `Commission.ValidateNewRate` and `MsgServer.EditValidator`).
 * Only changed fields go into the message; the others stay as the chain has them.
 */
export function checkValidatorEdit(
  d: ValidatorDraft,
  ctx: { validator: OperatorValidator; minCommissionRate: string; now: Date },
): { errors: Partial<Record<ValidatorField, string>>; value?: EditValidatorValue } {
  const errors: Partial<Record<ValidatorField, string>> = {};
  const current = ctx.validator.description;
  const description: Partial<Record<Exclude<ValidatorField, "commissionRate">, string>> = {};
  for (const field of Object.keys(DESCRIPTION_LIMITS) as Array<keyof typeof DESCRIPTION_LIMITS>) {
    const value = d[field];
    // The SDK counts bytes of UTF-8 (Go's len): an accented letter takes 2, most emoji 4.
    const bytes = utf8Length(value);
    if (bytes > DESCRIPTION_LIMITS[field]) {
      errors[field] = bytes === value.length
        ? `At most ${DESCRIPTION_LIMITS[field]} characters (this is ${value.length}).`
        : `At most ${DESCRIPTION_LIMITS[field]} bytes as the chain counts them, where a letter beyond A to Z takes 2 to 4 (this is ${bytes}).`;
    }
    else if (value !== current[field]) description[field] = value;
  }
  if (d.moniker.trim() === "") errors.moniker = "A validator needs a moniker.";

  const rate = d.commissionRate.trim();
  if (rate !== "") {
    const c = ctx.validator.commission;
    const problem = rateProblem(rate, c, ctx.minCommissionRate, ctx.now);
    if (problem) errors.commissionRate = problem;
  }
  if (Object.keys(errors).length > 0) return { errors };
  if (Object.keys(description).length === 0 && rate === "") return { errors: { moniker: "Nothing is changed: edit a field or the commission rate." } };
  return { errors, value: { validatorAddress: ctx.validator.operatorAddress, ...(Object.keys(description).length ? { description } : {}), ...(rate ? { commissionRate: rate } : {}) } };
}

function rateProblem(rate: string, c: OperatorValidator["commission"], minRate: string, now: Date): string | undefined {
  if (!RATE.test(rate)) return "Write the rate as a fraction between 0 and 1, like 0.05 for 5 %.";
  const next = decToAtomics(rate);
  const current = decToAtomics(c.rate);
  if (next === current) return `The rate is ${c.rate} already: leave the field empty to keep it.`;
  if (next < decToAtomics(minRate)) return `The chain's least commission rate is ${minRate}.`;
  if (next > decToAtomics(c.maxRate)) return `This validator's commission cannot be more than its max rate, ${c.maxRate}.`;
  const step = next > current ? next - current : current - next;
  if (step > decToAtomics(c.maxChangeRate)) return `The rate may change by at most ${c.maxChangeRate} at a time (from ${c.rate}).`;
  const notBefore = nextRateChange(c.updateTime, now);
  // Said as the page shows chain times (shared/chain-time.ts).
  if (notBefore) return `The commission was last changed at ${utcText(c.updateTime ?? "")}; the chain allows one change per 24 hours, so not before ${utcText(notBefore)}.`;
  return undefined;
}

/** When the chain next lets the commission rate change (one change per 24 hours), or undefined when it may change now. */
export function nextRateChange(updateTime: string | null, now: Date): string | undefined {
  const last = updateTime ? Date.parse(updateTime) : Number.NaN;
  return Number.isFinite(last) && now.getTime() - last < DAY_MS ? new Date(last + DAY_MS).toISOString() : undefined;
}

/**
 * What the edit form starts from: the form starts again from the chain when any of it changes.
 * The whole description counts, not the moniker alone: after an edit of the details, the form
 * reopened on the answer read before the edit, and kept it once the new one came.
 */
export function validatorFormBasis(validator: Pick<OperatorValidator, "operatorAddress" | "description" | "commission">): string {
  const d = validator.description;
  return JSON.stringify([validator.operatorAddress, validator.commission.rate, d.moniker, d.identity, d.website, d.securityContact, d.details]);
}
