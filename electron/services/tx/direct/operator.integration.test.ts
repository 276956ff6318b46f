import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { fromBech32, toBech32 } from "@cosmjs/encoding";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { coins, QueryClient, setupGovExtension, setupSlashingExtension, setupStakingExtension, SigningStargateClient } from "@cosmjs/stargate";
import { Comet38Client } from "@cosmjs/tendermint-rpc";
import { afterAll, describe, expect, inject, it } from "vitest";
import { layoutFromEnv, repoRoot } from "../../../../devnet/lib/layout.js";
import { readDevnetInfo, type DevnetInfo } from "../../../../devnet/lib/state.js";
import { TEST_PORT_BASE } from "../../../../devnet/test/global-setup.js";
import { fromBase64, toHex } from "@cosmjs/encoding";
import type { AbciQueryDef } from "../../../../shared/cosmos/abci-query.js";
import { tallyQuery, voteQuery } from "../../../../shared/cosmos/gov/proposals.js";
import { delegationsQuery, unbondingQuery } from "../../../../shared/cosmos/staking/account-stakes.js";
import type { Services } from "../../create-services.js";
import { openDirectApp } from "../../testing/direct-app.js";
import { until } from "../../../../devnet/test/until.js";

/**
 * A validator operator's own messages, signed by the app in direct mode and committed by the
 * devnet, with the chain's state read back through the app's own ABCI reads (the queries the
 * Staking and Governance pages use): a vote and a weighted vote on a proposal, cancelling an
 * unbonding (the single-validator devnet), and unjail (the four-validator devnet, one node
 * stopped with SIGSTOP until it is jailed).
 */
const single = inject("devnet");
const valoper = (account: string) => toBech32("cosmosvaloper", fromBech32(account, 90).data);
const opened: Services[] = [];

const app = (info: DevnetInfo, mnemonic: string, rpc: string) => openDirectApp(info, mnemonic, [rpc], opened);

afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
});

/** One module query through the app's `chain.abciQuery`, as the renderer runs it; undefined when the module refuses. */
const read = async <A, R>(call: (m: string, a?: unknown) => Promise<Record<string, unknown>>, def: AbciQueryDef<A, R>, args: A): Promise<R | undefined> => {
  const answer = await call("chain.abciQuery", { path: def.path, data: toHex(def.encode(args)) });
  return answer.code === 0 ? def.decode(fromBase64(answer.value as string)) : undefined;
};

/** A text proposal by carol, in its voting period at once (its deposit is the devnet's minimum). */
const submitProposal = async (title: string): Promise<string> => {
  const carol = single.accounts.find((a) => a.name === "carol")!;
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(carol.mnemonic, { prefix: single.bech32Prefix });
  const client = await SigningStargateClient.connectWithSigner(single.nodes[0]!.rpc, wallet);
  const submitted = await client.signAndBroadcast(carol.address, [{
    typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
    value: { messages: [], initialDeposit: coins(1_000_000, single.stakeDenom), proposer: carol.address, metadata: "a text proposal of the integration tests", title, summary: "Voted on by the app", expedited: false },
  }], { amount: coins(10_000, single.denom), gas: "400000" });
  expect(submitted.code, submitted.rawLog).toBe(0);
  client.disconnect();
  return submitted.events.find((e) => e.type === "submit_proposal")!.attributes.find((a) => a.key === "proposal_id")!.value;
};

describe("cancel unbonding", () => {
  it("returns an unbonding entry to the delegation: the entry is gone and the delegation is whole again", async () => {
    const dave = single.accounts.find((a) => a.name === "dave")!;
    const validator = valoper(single.validators[0]!.address);
    const { call, committed } = await app(single, dave.mnemonic, single.nodes[0]!.rpc);
    const send = async (messages: unknown[]) => committed((await call("tx.sendMessages", { messages })).txHash as string);
    const stake = (amount: string) => ({ denom: single.stakeDenom, amount });
    expect(await send([{ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: dave.address, validatorAddress: validator, amount: stake("5000000") } }])).toMatchObject({ status: "committed" });
    const delegated = async () => (await read(call, delegationsQuery, { delegator: dave.address }))!.find((d) => d.validatorAddress === validator)!.balance.amount;
    const whole = await delegated();
    expect(await send([{ typeUrl: "/cosmos.staking.v1beta1.MsgUndelegate", value: { delegatorAddress: dave.address, validatorAddress: validator, amount: stake("2000000") } }])).toMatchObject({ status: "committed" });
    expect(await delegated()).toBe(String(BigInt(whole) - 2_000_000n));
    const entries = (await read(call, unbondingQuery, { delegator: dave.address }))!.filter((e) => e.validatorAddress === validator);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ balance: "2000000" });
    expect(Date.parse(entries[0]!.completionTime!)).toBeGreaterThan(Date.now());

    const cancel = { typeUrl: "/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation", value: { delegatorAddress: dave.address, validatorAddress: validator, amount: stake("2000000"), creationHeight: entries[0]!.creationHeight } };
    const prepared = await call("tx.prepare", { messages: [cancel] });
    expect((prepared.messages as Array<{ title: string; review: string[][] }>)[0]).toMatchObject({ title: "Cancel unbonding", review: expect.arrayContaining([["Unbonding started at height", entries[0]!.creationHeight]]) });
    expect(await send([cancel])).toMatchObject({ status: "committed" });
    expect((await read(call, unbondingQuery, { delegator: dave.address }))!.filter((e) => e.validatorAddress === validator)).toEqual([]);
    expect(await delegated()).toBe(whole);
  });
});

describe("a weighted vote", () => {
  it("refuses weights that do not add up to 1 before signing, and the chain records the weights of one that does", async () => {
    const proposalId = await submitProposal("A proposal voted with weights");
    const erin = single.accounts.find((a) => a.name === "erin")!;
    const validator = valoper(single.validators[0]!.address);
    const { call, committed } = await app(single, erin.mnemonic, single.nodes[0]!.rpc);
    // Voting power comes from bonded stake: erin delegates, then votes 70 % yes and 30 % no.
    const delegate = await call("tx.sendMessages", { messages: [{ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: erin.address, validatorAddress: validator, amount: { denom: single.stakeDenom, amount: "10000000" } } }] });
    expect(await committed(delegate.txHash as string)).toMatchObject({ status: "committed" });

    const vote = (options: Array<{ option: string; weight: string }>) => ({ messages: [{ typeUrl: "/cosmos.gov.v1beta1.MsgVoteWeighted", value: { proposalId, voter: erin.address, options } }] });
    const refused = await call("tx.prepare", vote([{ option: "yes", weight: "0.6" }, { option: "no", weight: "0.3" }])).catch((e: unknown) => e);
    expect((refused as Error).message).toMatch(/weights must add up to exactly 1; these add up to 0\.9/);
    expect(await read(call, voteQuery, { id: proposalId, voter: erin.address })).toBeUndefined();

    const prepared = await call("tx.prepare", vote([{ option: "yes", weight: "0.7" }, { option: "no", weight: "0.3" }]));
    expect((prepared.messages as Array<{ review: string[][] }>)[0]!.review).toEqual([["Proposal", proposalId], ["Voter", erin.address], ["Weight of yes", "0.7"], ["Weight of no", "0.3"]]);
    const tx = await call("tx.sendMessages", { ...vote([{ option: "yes", weight: "0.7" }, { option: "no", weight: "0.3" }]), sequence: prepared.sequence });
    expect(await committed(tx.txHash as string)).toMatchObject({ status: "committed" });
    expect(await read(call, voteQuery, { id: proposalId, voter: erin.address })).toEqual([{ option: "yes", weight: "0.7" }, { option: "no", weight: "0.3" }]);
    // erin is the only voter: the live tally splits her stake 7 to 3.
    const tally = (await read(call, tallyQuery, { id: proposalId }))!;
    expect(BigInt(tally.yes) * 3n).toBe(BigInt(tally.no) * 7n);
    expect(BigInt(tally.yes) + BigInt(tally.no)).toBeGreaterThanOrEqual(10_000_000n);
  });
});

describe("a vote on a proposal", () => {
  it("is signed in main, committed, and the chain records the voter's option", async () => {
    const comet = await Comet38Client.connect(single.nodes[0]!.rpc);
    const query = QueryClient.withExtensions(comet, setupGovExtension);
    const params = await query.gov.params("voting");
    expect(params.votingParams?.votingPeriod?.seconds).toBe(60n); // the devnet's genesis (devnet/lib/genesis.ts)
    const carol = single.accounts.find((a) => a.name === "carol")!;
    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(carol.mnemonic, { prefix: single.bech32Prefix });
    const client = await SigningStargateClient.connectWithSigner(single.nodes[0]!.rpc, wallet);
    const submitted = await client.signAndBroadcast(carol.address, [{
      typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
      value: { messages: [], initialDeposit: coins(1_000_000, single.stakeDenom), proposer: carol.address, metadata: "a text proposal of the integration tests", title: "A text proposal", summary: "Voted on by the app", expedited: false },
    }], { amount: coins(10_000, single.denom), gas: "400000" });
    expect(submitted.code, submitted.rawLog).toBe(0);
    client.disconnect();
    const proposalId = submitted.events.find((e) => e.type === "submit_proposal")!.attributes.find((a) => a.key === "proposal_id")!.value;

    const alice = single.accounts.find((a) => a.name === "alice")!;
    const { call, committed } = await app(single, alice.mnemonic, single.nodes[0]!.rpc);
    const prepared = await call("tx.prepare", { messages: [{ typeUrl: "/cosmos.gov.v1beta1.MsgVote", value: { proposalId, voter: alice.address, option: "no_with_veto" } }] });
    expect((prepared.messages as Array<{ review: string[][] }>)[0]!.review).toEqual([["Proposal", proposalId], ["Voter", alice.address], ["Option", "no with veto"]]);
    const tx = await call("tx.sendMessages", { messages: [{ typeUrl: "/cosmos.gov.v1beta1.MsgVote", value: { proposalId, voter: alice.address, option: "no_with_veto" } }], fee: (prepared.fee as { amount: Array<{ amount: string; denom: string }> }).amount.map((c) => `${c.amount}${c.denom}`)[0], gas: (prepared.fee as { gas: string }).gas, sequence: prepared.sequence });
    expect(await committed(tx.txHash as string)).toMatchObject({ status: "committed" });
    const { vote } = await query.gov.vote(proposalId, alice.address);
    expect(vote.options.map((o) => o.option)).toEqual([4]); // VOTE_OPTION_NO_WITH_VETO

    // A deposit spends: main counts it with the fee before signing, and the chain records it.
    const tooMuch = await call("tx.sendMessages", { messages: [{ typeUrl: "/cosmos.gov.v1beta1.MsgDeposit", value: { proposalId, depositor: alice.address, amount: [{ denom: single.stakeDenom, amount: "999999999999999" }] } }], gas: "300000" }).catch((e: unknown) => e);
    expect(tooMuch).toMatchObject({ code: "insufficient_funds" });
    const deposit = await call("tx.sendMessages", { messages: [{ typeUrl: "/cosmos.gov.v1beta1.MsgDeposit", value: { proposalId, depositor: alice.address, amount: [{ denom: single.stakeDenom, amount: "250000" }] } }] });
    expect(await committed(deposit.txHash as string)).toMatchObject({ status: "committed" });
    expect((await query.gov.deposit(proposalId, alice.address)).deposit.amount).toEqual([{ denom: single.stakeDenom, amount: "250000" }]);
    comet.disconnect();
  });
});

describe("unjail on the four-validator devnet", () => {
  const env = { ...process.env, COMETDESK_DEVNET_DIR: join(repoRoot, ".devnet-test", "four"), COMETDESK_DEVNET_PORT_OFFSET: String(TEST_PORT_BASE + 1000) };
  const layout = layoutFromEnv(env);
  const cli = (...args: string[]) => promisify(execFile)(process.execPath, ["--import", "tsx", join(repoRoot, "devnet", "cli.ts"), ...args], { env, timeout: 600_000 });
  let stopped: number | undefined;
  afterAll(async () => {
    if (stopped) process.kill(stopped, "SIGCONT");
    await cli("down");
  });

  it("refuses to unjail a validator that is not jailed, then unjails one the chain jailed for missing blocks", async () => {
    await cli("reset");
    await cli("up", "--validators", "4");
    const info = readDevnetInfo(layout)!;
    const key = info.validators[3]!;
    const operator = valoper(key.address);
    const comet = await Comet38Client.connect(info.nodes[0]!.rpc);
    const query = QueryClient.withExtensions(comet, setupStakingExtension, setupSlashingExtension);
    const { params } = await query.slashing.params();
    expect(params.signedBlocksWindow).toBe(20n); // the devnet's genesis (devnet/lib/genesis.ts)
    const { call, committed } = await app(info, key.mnemonic, info.nodes[0]!.rpc);
    const unjail = { messages: [{ typeUrl: "/cosmos.slashing.v1beta1.MsgUnjail", value: { validatorAddr: operator } }] };

    const notJailed = await call("tx.prepare", unjail).catch((e: unknown) => e);
    // Worded (shared/cosmos/simulation-refusal.ts), the chain's own text beside it.
    expect(notJailed).toMatchObject({ code: "simulation_failed", message: "The validator is not jailed, so there is nothing to unjail.", chainWords: expect.stringContaining("validator not jailed") });

    // Past the first window, stop node 3: it misses blocks until the chain jails it.
    await until("height past the signing window", 60, async () => (BigInt((await comet.status()).syncInfo.latestBlockHeight) > 22n ? true : undefined));
    stopped = (JSON.parse(readFileSync(join(layout.nodesDir, "node3.pid"), "utf8")) as { pid: number }).pid;
    process.kill(stopped, "SIGSTOP");
    await until("node 3 jailed", 90, async () => ((await query.staking.validator(operator)).validator.jailed ? true : undefined));
    process.kill(stopped, "SIGCONT");
    stopped = undefined;
    // The jail time (60 s, the SDK's least) has to pass before the chain accepts an unjail; until
    // then the simulation refuses and nothing is signed.
    const early = await call("tx.prepare", unjail).catch((e: unknown) => e);
    expect(early).toMatchObject({ message: expect.stringMatching(/^The validator is jailed, and its jail time has not passed yet/), chainWords: expect.stringContaining("validator still jailed") });
    const tx = await until("an unjail the chain accepts", 90, async () => call("tx.sendMessages", unjail));
    expect(await committed(tx.txHash as string)).toMatchObject({ status: "committed" });
    expect((await query.staking.validator(operator)).validator.jailed).toBe(false);
    comet.disconnect();
  }, 300_000);
});
