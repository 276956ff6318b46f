import { decPercent } from "../../../../shared/cosmos/dec.js";
import { visibleText } from "../../components/text/visible-text.js";

/** What the Staking page's validator selects need of a staking validator. */
export interface PickableValidator {
  readonly moniker: string;
  readonly operatorAddress: string;
  readonly jailed: boolean;
  readonly status: string;
  readonly commissionRate: string;
}

/** "node0 — 10 % commission — cosmosvaloper1…", saying when a delegation would earn nothing (jailed, or outside the active set). */
export function validatorOption(v: PickableValidator): string {
  const standing = v.jailed ? " (jailed: earns nothing)" : v.status !== "bonded" ? " (not in the active set: earns nothing)" : "";
  // An option holds text only: the moniker's invisible and bidi characters are made visible here, as <ChainText> does elsewhere.
  return `${visibleText(v.moniker) || v.operatorAddress}${standing} — ${decPercent(v.commissionRate)} % commission — ${v.operatorAddress}`;
}

/** The options of a validator select: every validator staking names, bonded or not, by operator address. */
export function pickerOptions(validators: readonly PickableValidator[]): Array<{ value: string; label: string }> {
  return validators.filter((v) => v.operatorAddress).map((v) => ({ value: v.operatorAddress, label: validatorOption(v) }));
}
