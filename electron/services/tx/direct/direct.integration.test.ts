import { fromBech32, toBech32 } from "@cosmjs/encoding";
import { QueryClient, setupDistributionExtension, setupStakingExtension, SigningStargateClient, coins } from "@cosmjs/stargate";
import { Comet38Client } from "@cosmjs/tendermint-rpc";
import { DirectSecp256k1HdWallet, encodePubkey } from "@cosmjs/proto-signing";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { TEST_PORT_BASE } from "../../../../devnet/test/global-setup.js";
import type { Services } from "../../create-services.js";
import { type Answer, openDirectApp } from "../../testing/direct-app.js";

/**
 * Direct mode end to end: a network with no access service (as a chain-registry seed or an RPC
 * the user adds), pointed at the real devnet's node. Main prepares from the chain, signs
 * SIGN_MODE_DIRECT, keeps the bytes in the outbox, broadcasts with broadcast_tx_sync, and the
 * chain's state is read back to show each message took effect.
 */
const info = inject("devnet");
const alice = info.accounts.find((a) => a.name === "alice")!;
const bob = info.accounts.find((a) => a.name === "bob")!;
const validatorKey = info.validators[0]!;
const valoper = (account: string) => toBech32(`${info.bech32Prefix}valoper`, fromBech32(account, 90).data);
const validator0 = valoper(validatorKey.address);
let validator1 = "";

const opened: Services[] = [];
const open = (mnemonic: string, rpcUrls = [info.nodes[0]!.rpc]) => openDirectApp(info, mnemonic, rpcUrls, opened);
let call: (m: string, a?: unknown) => Promise<Answer>;

let query: ReturnType<typeof QueryClient.withExtensions<ReturnType<typeof setupStakingExtension>, ReturnType<typeof setupDistributionExtension>>>;
let comet: Comet38Client;
const committed = async (hash: string, by = call) => {
  for (let i = 0; i < 60; i++) {
    const tx = await by("tx.get", { id: hash });
    if (tx.status === "committed" || tx.status === "failed") return tx;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${hash} not committed`);
};
const send = async (messages: unknown[], extra: Record<string, unknown> = {}) => committed((await call("tx.sendMessages", { messages, ...extra })).txHash as string);
const chainEvents = async (hash: string) => (await comet.tx({ hash: Buffer.from(hash, "hex") })).result.events;

describe("direct mode: no access service, main signs and broadcasts", () => {
  beforeAll(async () => {
    ({ call } = await open(alice.mnemonic));
    comet = await Comet38Client.connect(info.nodes[0]!.rpc);
    query = QueryClient.withExtensions(comet, setupStakingExtension, setupDistributionExtension);
    // A second validator to redelegate to: bob's, with a consensus key no node runs (this chain
    // has no slashing module, so it is never jailed for missing blocks).
    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(bob.mnemonic, { prefix: info.bech32Prefix });
    const client = await SigningStargateClient.connectWithSigner(info.nodes[0]!.rpc, wallet);
    validator1 = valoper(bob.address);
    const created = await client.signAndBroadcast(bob.address, [{
      typeUrl: "/cosmos.staking.v1beta1.MsgCreateValidator",
      value: {
        description: { moniker: "bob-validator", identity: "", website: "", securityContact: "", details: "" },
        commission: { rate: "100000000000000000", maxRate: "200000000000000000", maxChangeRate: "10000000000000000" },
        minSelfDelegation: "1", delegatorAddress: bob.address, validatorAddress: validator1,
        pubkey: encodePubkey({ type: "tendermint/PubKeyEd25519", value: Buffer.alloc(32, 7).toString("base64") }),
        value: { denom: info.stakeDenom, amount: "1000000" },
      },
    }], { amount: coins(5000, info.denom), gas: "400000" });
    expect(created.code, created.rawLog).toBe(0);
    client.disconnect();
  });
  afterAll(async () => {
    comet?.disconnect();
    await Promise.all(opened.map((s) => s.close()));
  });

  it("prepare shows exactly what will be signed: chain, account number, sequence, simulated gas times 1.3, fee at the average gas price", async () => {
    const prepared = await call("tx.prepare", { messages: [{ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: alice.address, validatorAddress: validator0, amount: { denom: info.stakeDenom, amount: "1000" } } }] });
    expect(prepared).toMatchObject({ signer: alice.address, chainId: info.chainId, signMode: "SIGN_MODE_DIRECT", gasAdjustment: 1.3, feeTier: "average", gasPrice: `0.005${info.denom}`, memo: "" });
    const gas = Number((prepared.fee as { gas: string }).gas);
    expect(gas).toBe(Math.ceil(Number(prepared.gasEstimate) * 1.3));
    expect((prepared.fee as { amount: unknown }).amount).toEqual([{ denom: info.denom, amount: String(Math.ceil(gas * 0.005)) }]);
    expect((prepared.messages as Array<{ title: string; review: string[][] }>)[0]).toMatchObject({ title: "Delegate", review: [["Delegator", alice.address], ["Validator", validator0], ["Amount", `1000${info.stakeDenom}`]] });
    expect(BigInt(prepared.timeoutHeight as string)).toBeGreaterThan(0n);
  });

  it("delegates, and the chain's delegation grows by the amount", async () => {
    const before = await query.staking.delegation(alice.address, validator0).catch(() => undefined);
    const tx = await send([{ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: alice.address, validatorAddress: validator0, amount: { denom: info.stakeDenom, amount: "5000000" } } }]);
    expect(tx).toMatchObject({ status: "committed", code: 0 });
    const after = await query.staking.delegation(alice.address, validator0);
    expect(BigInt(after.delegationResponse!.balance.amount) - BigInt(before?.delegationResponse?.balance.amount ?? "0")).toBe(5000000n);
  });

  it("redelegates and undelegates, and the chain records both", async () => {
    await send([{ typeUrl: "/cosmos.staking.v1beta1.MsgBeginRedelegate", value: { delegatorAddress: alice.address, validatorSrcAddress: validator0, validatorDstAddress: validator1, amount: { denom: info.stakeDenom, amount: "2000000" } } }]);
    expect((await query.staking.delegation(alice.address, validator1)).delegationResponse!.balance.amount).toBe("2000000");
    const redelegations = await query.staking.redelegations(alice.address, validator0, validator1);
    expect(redelegations.redelegationResponses).toHaveLength(1);
    await send([{ typeUrl: "/cosmos.staking.v1beta1.MsgUndelegate", value: { delegatorAddress: alice.address, validatorAddress: validator1, amount: { denom: info.stakeDenom, amount: "500000" } } }]);
    const unbonding = await query.staking.unbondingDelegation(alice.address, validator1);
    expect(unbonding.unbond?.entries.map((e) => e.balance)).toContain("500000");
  });

  it("withdraws the rewards of every validator delegated to, in one transaction", async () => {
    const { delegationResponses } = await query.staking.delegatorDelegations(alice.address);
    const validators = delegationResponses.map((d) => d.delegation.validatorAddress);
    expect(validators.sort()).toEqual([validator0, validator1].sort());
    const tx = await send(validators.map((validatorAddress) => ({ typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward", value: { delegatorAddress: alice.address, validatorAddress } })));
    const withdrawn = (await chainEvents(tx.txHash as string)).filter((e) => e.type === "withdraw_rewards");
    expect(withdrawn.map((e) => e.attributes.find((a) => a.key === "validator")?.value).sort()).toEqual(validators.sort());
    expect(tx.kind).toBe("Withdraw rewards, Withdraw rewards");
  });

  it("sets where the rewards go, and later withdrawals pay that address", async () => {
    await send([{ typeUrl: "/cosmos.distribution.v1beta1.MsgSetWithdrawAddress", value: { delegatorAddress: alice.address, withdrawAddress: bob.address } }]);
    expect((await query.distribution.delegatorWithdrawAddress(alice.address)).withdrawAddress).toBe(bob.address);
    await send([{ typeUrl: "/cosmos.distribution.v1beta1.MsgSetWithdrawAddress", value: { delegatorAddress: alice.address, withdrawAddress: alice.address } }]);
    expect((await query.distribution.delegatorWithdrawAddress(alice.address)).withdrawAddress).toBe(alice.address);
  });

  it("keeps sequences in order with several sends in flight, and lists them from tx_search", async () => {
    const amounts = ["101", "102", "103"];
    const txs = await Promise.all(amounts.map((amount) => call("tx.submit", { from: alice.address, to: bob.address, amount: `${amount}${info.denom}` })));
    const nonces = txs.map((t) => BigInt(t.nonce as string)).sort((a, b) => Number(a - b));
    expect(nonces[1]! - nonces[0]!).toBe(1n);
    expect(nonces[2]! - nonces[1]!).toBe(1n);
    for (const t of txs) { const c = await committed(t.txHash as string); expect(c.status, String(c.log)).toBe("committed"); }
    const { transactions } = await call("tx.list", { address: bob.address, limit: 20 });
    const listed = (transactions as Array<{ txHash: string; amount: string; from: string }>).filter((t) => txs.some((s) => s.txHash === t.txHash));
    expect(listed.map((t) => t.amount).sort()).toEqual(amounts.map((a) => `${a}${info.denom}`));
    expect(listed.every((t) => t.from === alice.address)).toBe(true);
    // tx_search gives no time: each row has its block's, as the node's own header says.
    for (const t of transactions as Array<{ txHash: string; height: string; time?: string }>) {
      const header = (await comet.block(Number(t.height))).block.header;
      expect(Date.parse(t.time ?? ""), t.txHash).toBe(header.time.getTime());
    }
    expect(listed.every((t) => t.from === alice.address)).toBe(true);
    const opened = await call("tx.get", { id: txs[0]!.txHash });
    expect(Date.parse(String(opened.time))).toBe((await comet.block(Number(opened.height))).block.header.time.getTime());
  });

  it("a CheckTx refusal for a fee too low says so with the node's price and its log, and nothing stays in flight", async () => {
    const error = await call("tx.sendMessages", { messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: alice.address, toAddress: bob.address, amount: [{ denom: info.denom, amount: "1" }] } }], fee: `1${info.denom}`, gas: "200000" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "insufficient_fee", gasPriceNow: info.minGasPrice });
    expect((error as Error).message).toMatch(new RegExp(`^the fee is too low for this node: it asks at least ${info.minGasPrice} per unit of gas now.*insufficient fee`));
    const { entries } = (await call("tx.outbox")) as { entries: Array<{ state: string; problem?: string }> };
    expect(entries.at(-1)).toMatchObject({ state: "abandoned" });
    // The refused sequence is free again: the next send takes it and commits.
    const next = await call("tx.submit", { from: alice.address, to: bob.address, amount: `7${info.denom}` });
    expect(await committed(next.txHash as string)).toMatchObject({ status: "committed" });
  });

  it("refuses in main, before signing, a delegation above what the account can spend", async () => {
    const error = await call("tx.sendMessages", { messages: [{ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: alice.address, validatorAddress: validator0, amount: { denom: info.stakeDenom, amount: "999999999999999" } } }], gas: "300000" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "insufficient_funds" });
  });

  it("the validator's own key withdraws its commission, edits its description and changes its commission rate once a day", async () => {
    const operator = await open(validatorKey.mnemonic);
    const commissionBefore = await query.distribution.validatorCommission(validator0);
    expect(commissionBefore.commission?.commission.length).toBeGreaterThan(0);
    const withdraw = await operator.call("tx.sendMessages", { messages: [{ typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission", value: { validatorAddress: validator0 } }] });
    const tx = await committed(withdraw.txHash as string, operator.call);
    expect(tx).toMatchObject({ status: "committed" });
    expect((await chainEvents(tx.txHash as string)).some((e) => e.type === "withdraw_commission")).toBe(true);

    const original = (await query.staking.validator(validator0)).validator.description!;
    const edited = await operator.call("tx.sendMessages", { messages: [{ typeUrl: "/cosmos.staking.v1beta1.MsgEditValidator", value: { validatorAddress: validator0, description: { moniker: "renamed-by-cometdesk", website: "https://example.org" } } }] });
    expect(await committed(edited.txHash as string, operator.call)).toMatchObject({ status: "committed" });
    const { validator } = await query.staking.validator(validator0);
    expect(validator.description).toMatchObject({ moniker: "renamed-by-cometdesk", website: "https://example.org" });
    // The SDK lets a commission rate change once per 24 h after its update time; the devnet's
    // genesis lies 25 h back (devnet/lib/genesis.ts), so the genesis validator may change it once.
    const before = (await query.staking.validator(validator0)).validator.commission!;
    expect(before.commissionRates.rate).toBe("100000000000000000"); // the gentx's 0.1
    expect(Date.now() - Number(before.updateTime.seconds) * 1000).toBeGreaterThan(24 * 3_600_000);
    const changed = await operator.call("tx.sendMessages", { messages: [{ typeUrl: "/cosmos.staking.v1beta1.MsgEditValidator", value: { validatorAddress: validator0, commissionRate: "0.11" } }] });
    expect(await committed(changed.txHash as string, operator.call)).toMatchObject({ status: "committed" });
    const after = (await query.staking.validator(validator0)).validator.commission!;
    expect(after.commissionRates.rate).toBe("110000000000000000");
    expect(Number(after.updateTime.seconds)).toBeGreaterThan(Number(before.updateTime.seconds));
    // A second change the same day is refused by the chain's simulation, before anything is signed, and says why.
    const refused = await operator.call("tx.prepare", { messages: [{ typeUrl: "/cosmos.staking.v1beta1.MsgEditValidator", value: { validatorAddress: validator0, commissionRate: "0.12" } }] }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "simulation_failed" });
    expect(refused).toMatchObject({ message: expect.stringMatching(/^The chain lets a validator's commission change once in 24 hours/), chainWords: expect.stringContaining("commission cannot be changed more than once in 24h") });
    // The devnet is shared with the next files, which name its validators by their first monikers.
    const restored = await operator.call("tx.sendMessages", { messages: [{ typeUrl: "/cosmos.staking.v1beta1.MsgEditValidator", value: { validatorAddress: validator0, description: { moniker: original.moniker, website: original.website } } }] });
    expect(await committed(restored.txHash as string, operator.call)).toMatchObject({ status: "committed" });
    expect((await query.staking.validator(validator0)).validator.description).toMatchObject({ moniker: original.moniker, website: original.website });
  });

  it("fails over to the next node when the first does not answer, for the reads and the broadcast", async () => {
    // A port of this suite's own range that nothing listens on: the loopback refuses at once, as a node that is down does.
    const carol = info.accounts.find((a) => a.name === "carol")!;
    const dead = `http://127.0.0.1:${TEST_PORT_BASE + 20_001}`;
    const other = await open(carol.mnemonic, [dead, info.nodes[0]!.rpc]);
    const tx = await other.call("tx.submit", { from: carol.address, to: bob.address, amount: `9${info.denom}` });
    expect(await committed(tx.txHash as string, other.call)).toMatchObject({ status: "committed" });
  });

  it("refuses to sign for another account's validator: the signer is the operator's own key", async () => {
    const error = await call("tx.prepare", { messages: [{ typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission", value: { validatorAddress: validator1 } }] }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "unknown_signer" });
  });
});
