import { QueryParamsRequest, QueryParamsResponse, QueryValidatorRequest, QueryValidatorResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import type { AbciQueryDef } from "../abci-query.js";
import { decFromAtomics } from "../dec.js";
import { timestampIso } from "./account-stakes.js";

/**
 * One validator as its operator's page reads it: jailed or not, its description and the
 * commission rules the chain applies to an edit (https://docs.cosmos.network/main/build/modules/staking#msgeditvalidator).
 * Rates are decimal fractions ("0.1"); every text is chain data, shown as text only.
 */
export interface OperatorValidator {
  readonly operatorAddress: string;
  readonly jailed: boolean;
  readonly status: "bonded" | "unbonding" | "unbonded" | "unspecified";
  readonly description: { readonly moniker: string; readonly identity: string; readonly website: string; readonly securityContact: string; readonly details: string };
  readonly commission: { readonly rate: string; readonly maxRate: string; readonly maxChangeRate: string; readonly updateTime: string | null };
}

const STATUS = ["unspecified", "unbonded", "unbonding", "bonded"] as const;
const text = (s: string | undefined, max: number) => (s ?? "").slice(0, max);

export const validatorQuery: AbciQueryDef<{ validator: string }, OperatorValidator> = {
  path: "/cosmos.staking.v1beta1.Query/Validator",
  encode: ({ validator }) => QueryValidatorRequest.encode({ validatorAddr: validator }).finish(),
  decode: (value) => {
    const v = QueryValidatorResponse.decode(value).validator;
    if (!v) throw new Error("the node answered without a validator");
    const d = v.description;
    const rates = v.commission?.commissionRates;
    return {
      operatorAddress: text(v.operatorAddress, 128),
      jailed: v.jailed,
      status: STATUS[v.status as number] ?? "unspecified",
      description: { moniker: text(d?.moniker, 70), identity: text(d?.identity, 3000), website: text(d?.website, 140), securityContact: text(d?.securityContact, 140), details: text(d?.details, 280) },
      commission: { rate: decFromAtomics(rates?.rate ?? ""), maxRate: decFromAtomics(rates?.maxRate ?? ""), maxChangeRate: decFromAtomics(rates?.maxChangeRate ?? ""), updateTime: timestampIso(v.commission?.updateTime) },
    };
  },
};

/** The staking params the pages need: the chain's least commission rate (an edit is checked against it) and its bond denom. */
export const stakingParamsQuery: AbciQueryDef<Record<string, never>, { readonly minCommissionRate: string; readonly bondDenom: string }> = {
  path: "/cosmos.staking.v1beta1.Query/Params",
  encode: () => QueryParamsRequest.encode({}).finish(),
  decode: (value) => {
    const p = QueryParamsResponse.decode(value).params;
    return { minCommissionRate: decFromAtomics(p?.minCommissionRate ?? ""), bondDenom: text(p?.bondDenom, 128) };
  },
};
