import { sha256 } from "@cosmjs/crypto";
import { fromBase64, fromBech32, toBech32, toHex } from "@cosmjs/encoding";
import { DirectSecp256k1HdWallet, Registry } from "@cosmjs/proto-signing";
import { defaultRegistryTypes, SigningStargateClient } from "@cosmjs/stargate";
import { PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { QueryValidatorsRequest, QueryValidatorsResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { MsgEditValidator } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { fixedFee } from "../../devnet/test/chain-client.js";
import type { DevnetInfo } from "../../devnet/lib/state.js";
import { rpc } from "./chain.js";

export interface StakingValidator { address: string; moniker: string; operator: string; /** LegacyDec atomics (×10^18), as the chain stores it. */ commissionRate: string }

/**
 * The staking module's validators read straight from a node (one page: the devnet has four),
 * each with the CometBFT address of its ed25519 consensus key: the truth pages are compared with.
 */
export async function stakingValidators(node: string): Promise<StakingValidator[]> {
  const data = toHex(QueryValidatorsRequest.encode(QueryValidatorsRequest.fromPartial({ pagination: { limit: 100n } })).finish());
  const answer = await rpc<{ response: { code: number; value: string } }>(node, "abci_query", { path: "/cosmos.staking.v1beta1.Query/Validators", data });
  if (answer.response.code !== 0) throw new Error(`staking query refused: code ${answer.response.code}`);
  return QueryValidatorsResponse.decode(fromBase64(answer.response.value)).validators.map((v) => ({
    address: toHex(sha256(PubKey.decode(v.consensusPubkey!.value).key).slice(0, 20)).toUpperCase(),
    moniker: v.description?.moniker ?? "",
    operator: v.operatorAddress,
    commissionRate: v.commission?.commissionRates?.rate ?? "0",
  }));
}

const KEEP = "[do-not-modify]";

/** The operator (valoper) address of devnet validator `name`: its account key under the validator prefix. */
export function operatorOf(info: DevnetInfo, name: string): string {
  const key = info.validators.find((v) => v.name === name);
  if (!key) throw new Error(`no devnet validator named ${name}`);
  return toBech32(`${info.bech32Prefix}valoper`, fromBech32(key.address, 128).data);
}

/** Renames devnet validator `name` with MsgEditValidator, signed by its operator key; resolves once committed. */
export async function setMoniker(info: DevnetInfo, name: string, moniker: string): Promise<void> {
  const key = info.validators.find((v) => v.name === name);
  if (!key) throw new Error(`no devnet validator named ${name}`);
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(key.mnemonic, { prefix: info.bech32Prefix });
  const [account] = await wallet.getAccounts();
  const registry = new Registry([...defaultRegistryTypes, ["/cosmos.staking.v1beta1.MsgEditValidator", MsgEditValidator]]);
  const client = await SigningStargateClient.connectWithSigner(info.nodes[0]!.rpc, wallet, { registry });
  try {
    const validatorAddress = operatorOf(info, name);
    const msg = {
      typeUrl: "/cosmos.staking.v1beta1.MsgEditValidator",
      value: MsgEditValidator.fromPartial({ validatorAddress, description: { moniker, identity: KEEP, website: KEEP, securityContact: KEEP, details: KEEP } }),
    };
    const result = await client.signAndBroadcast(account!.address, [msg], { ...fixedFee(info), gas: "300000" }, "");
    if (result.code !== 0) throw new Error(`MsgEditValidator failed: code ${result.code} ${result.rawLog ?? ""}`);
  } finally {
    client.disconnect();
  }
}
