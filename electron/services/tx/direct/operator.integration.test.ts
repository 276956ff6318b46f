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
import type { Services } from "../../create-services.js";
import { openDirectApp } from "../../testing/direct-app.js";

/**
 * A validator operator's own messages, signed by the app in direct mode and committed by the
 * devnet, with the chain's state read back: a vote on a proposal (the single-validator devnet),
 * and unjail (the four-validator devnet, one node stopped with SIGSTOP until it is jailed).
 */
const single = inject("devnet");
const valoper = (account: string) => toBech32("cosmosvaloper", fromBech32(account, 90).data);
const opened: Services[] = [];

const app = (info: DevnetInfo, mnemonic: string, rpc: string) => openDirectApp(info, mnemonic, [rpc], opened);
const until = async <T>(what: string, seconds: number, probe: () => Promise<T | undefined>): Promise<T> => {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const got = await probe().catch(() => undefined);
    if (got !== undefined) return got;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what}: not within ${seconds} s`);
};

afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
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
    expect(notJailed).toMatchObject({ code: "simulation_failed" });
    expect((notJailed as Error).message).toMatch(/validator not jailed/);

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
    expect((early as Error).message).toMatch(/validator still jailed/);
    const tx = await until("an unjail the chain accepts", 90, async () => call("tx.sendMessages", unjail));
    expect(await committed(tx.txHash as string)).toMatchObject({ status: "committed" });
    expect((await query.staking.validator(operator)).validator.jailed).toBe(false);
    comet.disconnect();
  }, 300_000);
});
