import { fromBase64, fromBech32, toBech32, toHex } from "@cosmjs/encoding";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { coins, SigningStargateClient } from "@cosmjs/stargate";
import { afterAll, describe, expect, inject, it } from "vitest";
import { until } from "../../../../devnet/test/until.js";
import { proposalQuery } from "../../../../shared/cosmos/gov/proposals.js";
import type { Services } from "../../create-services.js";
import { openDirectApp } from "../../testing/direct-app.js";

/**
 * The chain's refusals a form can meet, provoked on the devnet through `tx.prepare` (whose
 * simulation is where they surface): each comes back worded, with what to do, and the chain's
 * own text beside it. Nothing is signed or broadcast by the app here. The unit tests' recorded
 * answers (shared/cosmos/simulation-refusal.test.ts) are the texts these gave.
 */
const single = inject("devnet");
const opened: Services[] = [];
const valoper = (account: string) => toBech32(`${single.bech32Prefix}valoper`, fromBech32(account, 90).data);
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
});

type Refusal = { code: string; message: string; chainWords?: string };
const refused = async (call: (m: string, a?: unknown) => Promise<unknown>, messages: unknown[]): Promise<Refusal> => {
  const error = (await call("tx.prepare", { messages }).then(() => undefined, (e: unknown) => e)) as Refusal | undefined;
  if (!error) throw new Error("the chain took what it should refuse");
  return error;
};

describe("a refused simulation, worded", () => {
  it("says what to do for too little to spend, an undelegation from no delegation or of more than is delegated, no such validator, and an unjail when not jailed", async () => {
    // A fresh account of its own: the demo accounts delegate in other suites of this devnet, in
    // whatever order they run, and "no delegation" must hold for the one asking.
    const erin = single.accounts.find((a) => a.name === "erin")!;
    const fresh = await DirectSecp256k1HdWallet.generate(24, { prefix: single.bech32Prefix });
    const freshAddress = (await fresh.getAccounts())[0]!.address;
    const funder = await SigningStargateClient.connectWithSigner(single.nodes[0]!.rpc, await DirectSecp256k1HdWallet.fromMnemonic(erin.mnemonic, { prefix: single.bech32Prefix }));
    const funded = await funder.sendTokens(erin.address, freshAddress, [...coins(2_000_000, single.denom), ...coins(1_000_000, single.stakeDenom)].sort((a, b) => a.denom.localeCompare(b.denom)), { amount: coins(10_000, single.denom), gas: "200000" });
    expect(funded.code, funded.rawLog).toBe(0);
    funder.disconnect();
    const { call } = await openDirectApp(single, fresh.mnemonic, [single.nodes[0]!.rpc], opened);
    const validator = valoper(single.validators[0]!.address);
    const stake = (amount: string) => ({ denom: single.stakeDenom, amount });

    const broke = await refused(call, [{ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: freshAddress, validatorAddress: validator, amount: stake("900000000000000") } }]);
    expect(broke.code).toBe("simulation_failed");
    expect(broke.chainWords).toMatch(new RegExp(`^failed to delegate; \\d+${single.stakeDenom} is smaller than 900000000000000${single.stakeDenom}: insufficient funds$`));
    expect(broke.message).toMatch(new RegExp(`^The account has \\d+${single.stakeDenom} spendable, less than the 900000000000000${single.stakeDenom} this needs .*Lower the amount, or add funds to the account first\\.$`));

    const none = await refused(call, [{ typeUrl: "/cosmos.staking.v1beta1.MsgUndelegate", value: { delegatorAddress: freshAddress, validatorAddress: validator, amount: stake("1000000") } }]);
    expect(none.chainWords).toBe("no delegation for (address, validator) tuple");
    expect(none.message).toBe("This account has no delegation to that validator. Pick a validator it delegates to (the Delegations table lists them).");

    const nowhere = toBech32(`${single.bech32Prefix}valoper`, new Uint8Array(20).fill(7));
    const noValidator = await refused(call, [{ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: freshAddress, validatorAddress: nowhere, amount: stake("1000000") } }]);
    expect(noValidator.chainWords).toContain("validator does not exist");
    expect(noValidator.message).toBe("No validator of the chain has that address. Pick one from the list, or check the address.");

    // The validator's operator: more undelegated than its self-bond, and an unjail while not jailed.
    const key = single.validators[0]!;
    const operator = await openDirectApp(single, key.mnemonic, [single.nodes[0]!.rpc], opened);
    const tooMuch = await refused(operator.call, [{ typeUrl: "/cosmos.staking.v1beta1.MsgUndelegate", value: { delegatorAddress: key.address, validatorAddress: validator, amount: stake("900000000000000") } }]);
    expect(tooMuch.chainWords).toMatch(/invalid shares amount/);
    expect(tooMuch.message).toBe("That is more than this account has delegated to the validator. Lower the amount to at most what the Delegations table shows for it.");
    const notJailed = await refused(operator.call, [{ typeUrl: "/cosmos.slashing.v1beta1.MsgUnjail", value: { validatorAddr: validator } }]);
    expect(notJailed.chainWords).toMatch(/validator not jailed/);
    expect(notJailed.message).toBe("The validator is not jailed, so there is nothing to unjail.");
  });

  it("says a vote or a deposit on a proposal whose voting is over cannot be made", async () => {
    // A text proposal in its voting period at once (the devnet's minimum deposit, 60 s of voting), left to end unvoted.
    const carol = single.accounts.find((a) => a.name === "carol")!;
    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(carol.mnemonic, { prefix: single.bech32Prefix });
    const client = await SigningStargateClient.connectWithSigner(single.nodes[0]!.rpc, wallet);
    const submitted = await client.signAndBroadcast(carol.address, [{
      typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
      value: { messages: [], initialDeposit: coins(1_000_000, single.stakeDenom), proposer: carol.address, metadata: "refusals", title: "Over before a vote", summary: "Left to end", expedited: false },
    }], { amount: coins(10_000, single.denom), gas: "400000" });
    expect(submitted.code, submitted.rawLog).toBe(0);
    client.disconnect();
    const proposalId = submitted.events.find((e) => e.type === "submit_proposal")!.attributes.find((a) => a.key === "proposal_id")!.value;

    const dave = single.accounts.find((a) => a.name === "dave")!;
    const { call } = await openDirectApp(single, dave.mnemonic, [single.nodes[0]!.rpc], opened);
    // Voting ends at the block past its end time: waited for on the chain's own status of it.
    const status = async () => {
      const answer = (await call("chain.abciQuery", { path: proposalQuery.path, data: toHex(proposalQuery.encode({ id: proposalId })) })) as { code: number; value: string };
      return answer.code === 0 ? proposalQuery.decode(fromBase64(answer.value))?.status : undefined;
    };
    await until("the proposal's voting over", 150, async () => {
      const now = await status();
      return now !== undefined && !/voting|deposit/.test(now) ? true : undefined;
    });

    const vote = await refused(call, [{ typeUrl: "/cosmos.gov.v1beta1.MsgVote", value: { proposalId, voter: dave.address, option: "yes" } }]);
    expect(vote.chainWords).toContain("inactive proposal");
    expect(vote.message).toBe("The proposal is not open for this: its voting period is over (or, for a deposit, its deposit and voting periods are). Nothing can be voted or deposited on it now.");
    const deposit = await refused(call, [{ typeUrl: "/cosmos.gov.v1beta1.MsgDeposit", value: { proposalId, depositor: dave.address, amount: [{ denom: single.stakeDenom, amount: "1000" }] } }]);
    expect(deposit.chainWords).toContain("inactive proposal");
    expect(deposit.message).toMatch(/^The proposal is not open for this/);
  }, 180_000);
});
