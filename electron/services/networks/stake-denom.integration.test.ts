import { fromBase64, fromBech32, toBech32, toHex } from "@cosmjs/encoding";
import { DirectSecp256k1HdWallet, encodePubkey } from "@cosmjs/proto-signing";
import { coins, SigningStargateClient } from "@cosmjs/stargate";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Network, NetworkFacts } from "../../../shared/contract/network.js";
import type { AbciQueryDef } from "../../../shared/cosmos/abci-query.js";
import { delegationsQuery, redelegationsQuery, unbondingQuery } from "../../../shared/cosmos/staking/account-stakes.js";
import { stakingParamsQuery } from "../../../shared/cosmos/staking/operator.js";
import { readStakingValidators } from "../../../shared/cosmos/staking/queries.js";
import { checkStake, type StakeDraft, stakeUnit } from "../../../shared/cosmos/staking/stake-form.js";
import { EMPTY_FORM, formFromFacts, networkFromForm } from "../../../renderer/src/networks/pages/network-form.js";
import type { Services } from "../create-services.js";
import { type Answer, openDirectApp } from "../testing/direct-app.js";

/**
 * The whole Staking flow, as the Staking page builds its messages (the staking form's rules and
 * the stake unit, shared/cosmos/staking/stake-form.ts), signed by main and committed by the devnet,
 * whose fee denom (ucomet) is not its bond denom (ustake): on a network added by its RPC URL alone
 * (the fee denom listed first), and on one typed before the app read chains, which names the fee
 * token only. Delegate, undelegate, cancel the unbonding, redelegate.
 */
const devnet = inject("devnet");
const rpc = devnet.nodes[0]!.rpc;
const erin = devnet.accounts.find((a) => a.name === "erin")!;
const carol = devnet.accounts.find((a) => a.name === "carol")!;
const valoper = (account: string) => toBech32(`${devnet.bech32Prefix}valoper`, fromBech32(account, 90).data);
const opened: Services[] = [];
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
});

type Call = (method: string, args?: unknown) => Promise<Answer>;
/** A module query through the app's `chain.abciQuery`, as the renderer runs it. */
const read = async <A, R>(call: Call, def: AbciQueryDef<A, R>, args: A): Promise<R> => {
  const answer = await call("chain.abciQuery", { path: def.path, data: toHex(def.encode(args)) });
  if (answer.code !== 0) throw new Error(`${def.path}: ${answer.log as string}`);
  return def.decode(fromBase64(answer.value as string));
};

let validator0 = "";
let validator1 = "";
beforeAll(async () => {
  validator0 = valoper(devnet.validators[0]!.address);
  // A second validator to redelegate to: one another file made, or carol's, whose consensus key no node runs.
  const { call } = await openDirectApp(devnet, erin.mnemonic, [rpc], opened);
  const validators = await readStakingValidators(async (q) => (await call("chain.abciQuery", q)) as never);
  const others = validators.validators.filter((v) => v.operatorAddress !== validator0 && !v.jailed);
  if (others[0]) {
    validator1 = others[0].operatorAddress;
    return;
  }
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(carol.mnemonic, { prefix: devnet.bech32Prefix });
  const client = await SigningStargateClient.connectWithSigner(rpc, wallet);
  validator1 = valoper(carol.address);
  const created = await client.signAndBroadcast(carol.address, [{
    typeUrl: "/cosmos.staking.v1beta1.MsgCreateValidator",
    value: {
      description: { moniker: "carol-validator", identity: "", website: "", securityContact: "", details: "" },
      commission: { rate: "100000000000000000", maxRate: "200000000000000000", maxChangeRate: "10000000000000000" },
      minSelfDelegation: "1", delegatorAddress: carol.address, validatorAddress: validator1,
      pubkey: encodePubkey({ type: "tendermint/PubKeyEd25519", value: Buffer.alloc(32, 9).toString("base64") }),
      value: { denom: devnet.stakeDenom, amount: "1000000" },
    },
  }], { amount: coins(5000, devnet.denom), gas: "400000" });
  expect(created.code, created.rawLog).toBe(0);
  client.disconnect();
});

/** Every step of the Staking page on `network`, each committed, with the chain's state read back. */
async function stakingFlow(call: Call, committed: (hash: string) => Promise<Answer>, network: Network): Promise<void> {
  await call("network.select", { id: network.id });
  const { bondDenom } = await read(call, stakingParamsQuery, {});
  const unit = stakeUnit(network, bondDenom)!;
  const send = async (messages: unknown[]) => committed((await call("tx.sendMessages", { messages })).txHash as string);
  const page = async (draft: Partial<StakeDraft>) => {
    const checked = checkStake({ kind: "delegate", delegator: erin.address, validator: validator0, destination: "", amount: "", memo: "", ...draft }, { prefix: network.bech32Prefix, stake: unit, delegatedTo: [] });
    expect(checked.errors).toEqual({});
    return send(checked.messages!);
  };
  // Amounts typed in the unit's display (STAKE with 6 decimals, or base units where the network names none).
  const units = (whole: number) => (unit.exponent === 0 ? String(whole * 1_000_000) : String(whole));
  const staked = async (validator: string) => BigInt((await read(call, delegationsQuery, { delegator: erin.address })).find((d) => d.validatorAddress === validator)?.balance.amount ?? "0");

  const before = await staked(validator0);
  expect(await page({ kind: "delegate", amount: units(5) })).toMatchObject({ status: "committed" });
  expect(await staked(validator0)).toBe(before + 5_000_000n);

  expect(await page({ kind: "undelegate", amount: units(2) })).toMatchObject({ status: "committed" });
  expect(await staked(validator0)).toBe(before + 3_000_000n);
  const entry = (await read(call, unbondingQuery, { delegator: erin.address })).filter((e) => e.validatorAddress === validator0 && e.balance === "2000000").at(-1)!;
  expect(entry).toBeDefined();
  // As the unbonding table's Cancel button builds it: the entry carries no denom, the unit names it.
  const cancel = { typeUrl: "/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation", value: { delegatorAddress: erin.address, validatorAddress: validator0, amount: { denom: unit.base, amount: entry.balance }, creationHeight: entry.creationHeight } };
  expect(await send([cancel])).toMatchObject({ status: "committed" });
  expect(await staked(validator0)).toBe(before + 5_000_000n);

  const moved = await staked(validator1);
  expect(await page({ kind: "redelegate", destination: validator1, amount: units(1) })).toMatchObject({ status: "committed" });
  expect(await staked(validator1)).toBe(moved + 1_000_000n);
  expect((await read(call, redelegationsQuery, { delegator: erin.address })).some((r) => r.validatorSrcAddress === validator0 && r.validatorDstAddress === validator1)).toBe(true);
  expect(unit.base).toBe(devnet.stakeDenom);
}

describe("staking on a chain whose fee and bond denoms differ", () => {
  it("commits delegate, undelegate, cancel unbonding and redelegate on a network added by its RPC URL alone", async () => {
    const { call, committed } = await openDirectApp(devnet, erin.mnemonic, [rpc], opened);
    const facts = (await call("network.describe", { rpcUrl: rpc })) as NetworkFacts;
    const network = (await call("network.add", { ...networkFromForm(formFromFacts(facts, { ...EMPTY_FORM, rpcUrls: rpc }).values), name: "Devnet described" })) as Network;
    expect(network.denoms.map((d) => d.base)).toEqual([devnet.denom, devnet.stakeDenom]);
    await stakingFlow(call, committed, network);
  });

  it("commits them too on a network typed with its fee token only, before its facts were read", async () => {
    const { call, committed } = await openDirectApp(devnet, erin.mnemonic, [rpc], opened);
    const network = (await call("network.add", {
      name: "Devnet typed", chainId: devnet.chainId, accessUrl: null, rpcUrls: [rpc], bech32Prefix: devnet.bech32Prefix,
      denoms: [{ base: devnet.denom, display: "COMET", exponent: 6 }], defaultDenom: devnet.denom,
      gasPrices: { denom: devnet.denom, low: "0.0025", average: "0.005", high: "0.01" }, rpcVia: "direct",
    })) as Network;
    await stakingFlow(call, committed, network);
  });
});
