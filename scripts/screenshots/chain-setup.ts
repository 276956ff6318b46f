/**
 * What the pictures need on a fresh devnet and the chain does not have by itself: a delegation
 * for the account shown (so the Staking page lists one) and a proposal in its voting period
 * (submitted just before its picture: the devnet's voting period is 60 s).
 */
import { coins } from "@cosmjs/amino";
import type { DevnetInfo } from "../../devnet/lib/state.js";
import { fixedFee, signingClient } from "../../devnet/test/chain-client.js";
import { stakingValidators } from "../../e2e/support/staking.js";

export const PROPOSAL_TITLE = "Raise the block size";

/** Delegates 2 STAKE from `account` to the first validator; returns the height of the delegation's block. */
export async function delegateForShots(devnet: DevnetInfo, account: string): Promise<number> {
  const [validator] = await stakingValidators(devnet.nodes[0]!.rpc);
  if (!validator) throw new Error("the devnet has no validator to delegate to");
  const staker = await signingClient(devnet, account);
  let blockHeight: number;
  try {
    const delegated = await staker.client.delegateTokens(staker.address, validator.operator, { denom: devnet.stakeDenom, amount: "2000000" }, fixedFee(devnet));
    if (delegated.code !== 0) throw new Error(`the delegation for the Staking page was refused: ${delegated.rawLog ?? delegated.code}`);
    blockHeight = delegated.height;
  } finally {
    staker.client.disconnect();
  }
  return blockHeight;
}

/** Submits a text proposal from carol with the deposit that starts voting; returns its id. */
export async function submitProposal(devnet: DevnetInfo): Promise<string> {
  const proposer = await signingClient(devnet, "carol");
  try {
    const submitted = await proposer.client.signAndBroadcast(proposer.address, [{
      typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
      value: { messages: [], initialDeposit: coins(1_000_000, devnet.stakeDenom), proposer: proposer.address, metadata: "a text proposal for the screenshots", title: PROPOSAL_TITLE, summary: "Let blocks carry twice as many transactions, so a busy hour costs less in fees.", expedited: false },
    }], { amount: coins(10_000, devnet.denom), gas: "400000" });
    if (submitted.code !== 0) throw new Error(`the proposal for the Governance picture was refused: ${submitted.rawLog ?? submitted.code}`);
    const id = submitted.events.find((e) => e.type === "submit_proposal")?.attributes.find((a) => a.key === "proposal_id")?.value;
    if (!id) throw new Error("the proposal's id is not in its events");
    return id;
  } finally {
    proposer.client.disconnect();
  }
}
