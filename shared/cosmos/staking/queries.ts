import { ripemd160, sha256 } from "@cosmjs/crypto";
import { fromBase64, toHex } from "@cosmjs/encoding";
import { PubKey as Ed25519PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { PubKey as Secp256k1PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { QueryValidatorsRequest, QueryValidatorsResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import type { Any } from "cosmjs-types/google/protobuf/any";
import type { ResultOf } from "../../contract/index.js";
import { decFromAtomics } from "../dec.js";

type AbciQuery = (args: { path: string; data?: string; height?: string }) => Promise<ResultOf<"chain.abciQuery">>;
export type Monikers = ResultOf<"chain.validatorMonikers">;

/** The staking module's validators, any status, one page (https://docs.cosmos.network/main/build/modules/staking#validators-2). */
export const VALIDATORS_QUERY_PATH = "/cosmos.staking.v1beta1.Query/Validators";
const PAGE = 200n;
/** 50 pages of 200: far more validators than any chain runs, and a bound on a hostile node's paging. */
const MAX_PAGES = 50;
const MAX_MONIKER = 256;

/**
 * The CometBFT validator address of a consensus key: sha256(key)[:20] for ed25519,
 * ripemd160(sha256(key)) for secp256k1 (https://docs.cometbft.com/v0.38/spec/core/data_structures#address).
 */
export function consensusAddress(pubkey: Any | undefined): string | undefined {
  if (!pubkey) return undefined;
  if (pubkey.typeUrl === "/cosmos.crypto.ed25519.PubKey") return toHex(sha256(Ed25519PubKey.decode(pubkey.value).key).slice(0, 20)).toUpperCase();
  if (pubkey.typeUrl === "/cosmos.crypto.secp256k1.PubKey") return toHex(ripemd160(sha256(Secp256k1PubKey.decode(pubkey.value).key))).toUpperCase();
  return undefined;
}

/** A staking validator as the watch and the explorer read it; the moniker is attacker-chosen text. */
export interface StakingValidator {
  /** CometBFT address (upper-case hex) of its consensus key. */
  readonly address: string;
  readonly moniker: string;
  readonly operatorAddress: string;
  readonly jailed: boolean;
  /** `bonded` validators are in the active set; the others sign nothing. */
  readonly status: "bonded" | "unbonding" | "unbonded" | "unspecified";
  /** Its commission rate as a decimal ("0.05"), what a delegator pays it of the rewards. */
  readonly commissionRate: string;
}
export type StakingValidators = { readonly height: string; readonly available: boolean; readonly reason?: string; readonly validators: StakingValidator[] };

const STATUS = ["unspecified", "unbonded", "unbonding", "bonded"] as const;

/**
 * Reads every validator of the staking module over `abci_query` at one height (0: the latest)
 * and names them by consensus address. A chain without the staking module, or an answer that
 * does not decode, gives `available: false` instead of an error: the explorer still has addresses.
 */
export async function readStakingValidators(abciQuery: AbciQuery, height?: string): Promise<StakingValidators> {
  const validators: StakingValidator[] = [];
  let key: Uint8Array = new Uint8Array();
  let answeredAt = height ?? "0";
  for (let page = 0; page < MAX_PAGES; page++) {
    const request = QueryValidatorsRequest.fromPartial({ status: "", pagination: { key, limit: PAGE } });
    const answer = await abciQuery({ path: VALIDATORS_QUERY_PATH, data: toHex(QueryValidatorsRequest.encode(request).finish()), height: answeredAt === "0" ? undefined : answeredAt });
    if (answer.code !== 0) return { height: answer.height, available: false, reason: (answer.log || `code ${answer.code}`).slice(0, 512), validators: [] };
    // Later pages are read at the first page's height, so one answer describes one state.
    answeredAt = answer.height;
    let decoded: QueryValidatorsResponse;
    try {
      decoded = QueryValidatorsResponse.decode(fromBase64(answer.value));
    } catch {
      return { height: answer.height, available: false, reason: "the staking answer did not decode", validators: [] };
    }
    for (const v of decoded.validators) {
      let address: string | undefined;
      try {
        address = consensusAddress(v.consensusPubkey);
      } catch {
        address = undefined; // a key that does not decode names nobody; the others still do
      }
      if (!address) continue;
      const status = STATUS[v.status as number] ?? "unspecified";
      const commissionRate = decFromAtomics(v.commission?.commissionRates?.rate ?? "");
      validators.push({ address, moniker: (v.description?.moniker ?? "").slice(0, MAX_MONIKER), operatorAddress: v.operatorAddress.slice(0, 128), jailed: v.jailed, status, commissionRate });
    }
    key = decoded.pagination?.nextKey ?? new Uint8Array();
    if (key.length === 0) break;
  }
  return { height: answeredAt, available: true, validators };
}

/** The explorer's names: `readStakingValidators` reduced to what `chain.validatorMonikers` carries. */
export async function readMonikers(abciQuery: AbciQuery, height?: string): Promise<Monikers> {
  const r = await readStakingValidators(abciQuery, height);
  return { ...r, validators: r.validators.map(({ address, moniker, operatorAddress, jailed, status, commissionRate }) => ({ address, moniker, operatorAddress, jailed, status, commissionRate })) };
}
