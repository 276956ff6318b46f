/**
 * The app against every generation: main's own services (createServices, a real data folder, a
 * network added by its RPC alone, no access service) read the variant's devnet through the
 * `chain.*` contract methods the explorer pages call, send a transfer, delegate, vote and
 * withdraw through `tx.*`, and read `block_results` across the block where the delegation
 * changed a validator's voting power. Each answer is held to what the chain itself says.
 */
import { fromBase64, fromBech32, toBase64, toBech32, toHex } from "@cosmjs/encoding";
import { coins } from "@cosmjs/stargate";
import { PubKey as Ed25519PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { QueryValidatorRequest, QueryValidatorResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Services } from "../../electron/services/create-services.js";
import { type Answer, type DirectApp, openDirectApp } from "../../electron/services/testing/direct-app.js";
import type { AbciQueryDef } from "../../shared/cosmos/abci-query.js";
import { voteQuery } from "../../shared/cosmos/gov/proposals.js";
import { readStakingValidators } from "../../shared/cosmos/staking/queries.js";
import type { ResultOf } from "../../shared/contract/index.js";
import { rpcGet } from "../test/chain-client.js";
import { variantByName } from "../lib/variants.js";
import { matrixSigningClient } from "./comet-client.js";
import { MATRIX_VALIDATORS } from "./matrix-layout.js";

const info = inject("devnet");
const account = (name: string) => info.accounts.find((a) => a.name === name)!;
const alice = account("alice");
const bob = account("bob");
const valoper = (address: string) => toBech32(`${info.bech32Prefix}valoper`, fromBech32(address, 90).data);
const cometbftLine = variantByName(info.variant).cometbftLine;
/** The generation each CometBFT line is read as: 0.39 keeps 0.38's answers. */
const GENERATION_OF_LINE: Record<string, string> = { "0.34": "tendermint-0.34", "0.37": "cometbft-0.37", "0.38": "cometbft-0.38", "0.39": "cometbft-0.38", "1.0": "cometbft-1" };
/** The block's own events are FinalizeBlock's from CometBFT 0.38 on, BeginBlock's and EndBlock's before. */
const beginEndGeneration = cometbftLine === "0.34" || cometbftLine === "0.37";

const opened: Services[] = [];
let app: DirectApp;
let call: DirectApp["call"];
/** What a transaction the app sent left on the chain, for the explorer checks to find again. */
let transfer: { hash: string; height: string };
/** The delegation that changed validator 1's voting power. */
let delegation: { hash: string; height: string; powerBefore: bigint };

/** One module query through the app's `chain.abciQuery`, as the renderer runs it. */
async function read<A, R>(def: AbciQueryDef<A, R>, args: A): Promise<R> {
  const answer = await call("chain.abciQuery", { path: def.path, data: toHex(def.encode(args)) });
  expect(answer.code, String(answer.log)).toBe(0);
  return def.decode(fromBase64(answer.value as string));
}

/** A validator's consensus key as x/staking holds it: the key the chain gave CometBFT. */
async function consensusKey(operator: string): Promise<{ type: string; value: string }> {
  const answer = await call("chain.abciQuery", { path: "/cosmos.staking.v1beta1.Query/Validator", data: toHex(QueryValidatorRequest.encode({ validatorAddr: operator }).finish()) });
  const pubkey = QueryValidatorResponse.decode(fromBase64(answer.value as string)).validator!.consensusPubkey!;
  expect(pubkey.typeUrl).toBe("/cosmos.crypto.ed25519.PubKey");
  return { type: "ed25519", value: toBase64(Ed25519PubKey.decode(pubkey.value).key) };
}

/** Sends `messages` signed in main (direct mode) and waits until the chain has committed them. */
async function send(messages: unknown[]): Promise<{ hash: string; height: string }> {
  const tx = await call("tx.sendMessages", { messages });
  const done = await app.committed(tx.txHash as string);
  expect(done, JSON.stringify(done)).toMatchObject({ status: "committed" });
  const found = await call("chain.tx", { hash: tx.txHash as string });
  return { hash: tx.txHash as string, height: found.height as string };
}

const eventsOf = (answer: Answer, type: string) => (answer.events as Array<{ type: string; attributes: Array<{ key: string; value: string }> }>).filter((e) => e.type === type);
const attribute = (event: { attributes: Array<{ key: string; value: string }> }, key: string) => event.attributes.find((a) => a.key === key)?.value;

beforeAll(async () => {
  app = await openDirectApp(info, alice.mnemonic, [info.nodes[0]!.rpc], opened);
  call = app.call;
});

afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
});

describe(`the app on ${info.variant} (Cosmos SDK ${info.sdkVersion}, CometBFT ${info.cometbftVersion}), direct mode`, () => {
  it("sends a transfer signed in main, and lists it in the history as committed", async () => {
    const sent = await call("tx.submit", { from: alice.address, to: bob.address, amount: `1234${info.denom}` });
    expect(await app.committed(sent.txHash as string)).toMatchObject({ status: "committed", from: alice.address, to: bob.address });
    const { transactions } = (await call("tx.list", { address: bob.address, limit: 20 })) as { transactions: Answer[] };
    expect(transactions.find((t) => t.txHash === sent.txHash)).toMatchObject({ status: "committed", from: alice.address, to: bob.address, amount: `1234${info.denom}` });
    const found = await call("chain.tx", { hash: sent.txHash as string });
    transfer = { hash: sent.txHash as string, height: found.height as string };
  });

  it("reads status, abci_info and the node's generation as the node states them", async () => {
    const status = await call("chain.status");
    const raw = (await rpcGet(info.nodes[0]!.rpc, "status")).body.result as { node_info: { id: string; version: string } };
    expect(status.nodeInfo).toMatchObject({ network: info.chainId, id: raw.node_info.id, version: raw.node_info.version });
    expect(BigInt((status.syncInfo as Answer).latestBlockHeight as string)).toBeGreaterThanOrEqual(BigInt(transfer.height));
    const abci = await call("chain.abciInfo");
    expect(abci.version).toBe(info.sdkVersion);
    expect(BigInt(abci.lastBlockHeight as string)).toBeGreaterThanOrEqual(BigInt(transfer.height));
    const generation = await call("chain.generation");
    expect(generation.generation).toBe(GENERATION_OF_LINE[cometbftLine]);
    expect(generation.notes).toEqual([]);
  });

  it("reads the transfer's block, its results, the tx by hash and by search", async () => {
    const block = await call("chain.block", { height: transfer.height });
    expect(block.header).toMatchObject({ chainId: info.chainId, height: transfer.height });
    expect(block.txHashes).toContain(transfer.hash);
    // Tendermint 0.34 has no header route: the block's header stands in, and the answer says so.
    const header = await call("chain.header", { height: transfer.height });
    expect(header).toMatchObject({ ...(block.header as Answer), readFrom: cometbftLine === "0.34" ? "block" : "header" });
    const index = (block.txHashes as string[]).indexOf(transfer.hash);

    const results = await call("chain.blockResults", { height: transfer.height });
    expect(results.notes).toEqual([]);
    expect(results.txsResults as Answer[]).toHaveLength(block.txCount as number);
    const own = results.txsResults as Answer[];
    expect(own[index]!.code).toBe(0);
    const transferEvent = eventsOf(own[index]!, "transfer").find((e) => attribute(e, "recipient") === bob.address);
    expect(transferEvent && attribute(transferEvent, "amount")).toBe(`1234${info.denom}`);

    const tx = await call("chain.tx", { hash: transfer.hash });
    expect(tx).toMatchObject({ hash: transfer.hash, height: transfer.height, index });
    expect((tx.result as Answer).code).toBe(0);
    const search = await call("chain.txSearch", { query: `tx.height=${transfer.height}` });
    expect((search.txs as Answer[]).map((t) => t.hash)).toContain(transfer.hash);
    expect(search.totalCount).toBe(block.txCount);
  });

  it("reads the validator set: x/staking's bonded validators, each with the key its node signs with", async () => {
    // The bonded set, not the nodes: the watch file may have left validator 3 jailed.
    const staking = await readStakingValidators(async (q) => (await call("chain.abciQuery", q)) as ResultOf<"chain.abciQuery">);
    const bonded = staking.validators.filter((v) => v.status === "bonded").map((v) => v.address);
    expect(bonded.length).toBeGreaterThanOrEqual(MATRIX_VALIDATORS - 1);
    const set = await call("chain.validators", {});
    const validators = set.validators as Array<{ address: string; pubKey: { type: string; value: string }; votingPower: string }>;
    expect(validators.map((v) => v.address).sort()).toEqual([...bonded].sort());
    expect(set.total).toBe(bonded.length);
    const signing = await Promise.all(info.nodes.map(async (n) => ((await rpcGet(n.rpc, "status")).body.result as { validator_info: { address: string; pub_key: { value: string } } }).validator_info));
    const inSet = signing.filter((s) => bonded.includes(s.address.toUpperCase()));
    expect(inSet).toHaveLength(bonded.length);
    for (const s of inSet) expect(validators.find((v) => v.address === s.address.toUpperCase())!.pubKey.value).toBe(s.pub_key.value);
  });

  it("delegates: committed, and block_results of that block carries the validator update with its consensus key", async () => {
    const operator = valoper(info.validators[1]!.address);
    const key = await consensusKey(operator);
    const before = (await call("chain.validators", {})).validators as Array<{ pubKey: { value: string }; votingPower: string }>;
    const powerBefore = BigInt(before.find((v) => v.pubKey.value === key.value)!.votingPower);
    const tx = await send([{ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: alice.address, validatorAddress: operator, amount: { denom: info.stakeDenom, amount: "5000000" } } }]);
    delegation = { ...tx, powerBefore };

    // x/staking's EndBlocker hands CometBFT the new power in the block that holds the delegation.
    const results = await call("chain.blockResults", { height: tx.height });
    const updates = results.validatorUpdates as Array<{ pubKey: { type: string; value: string }; power: string; raw?: string }>;
    expect(updates).toEqual([{ pubKey: key, power: String(powerBefore + 5n) }]); // 5 STAKE at the SDK's power reduction of 10^6
    expect(results.notes).toEqual([]);
  });

  it("reads the block's own events in the phase its generation has them", async () => {
    // x/distribution's BeginBlocker pays every validator that signed the last block a share of
    // the fees, one `rewards` event each: BeginBlock's events before CometBFT 0.38, FinalizeBlock's after.
    const results = await call("chain.blockResults", { height: delegation.height });
    const phase = (results[beginEndGeneration ? "beginBlockEvents" : "finalizeBlockEvents"] ?? []) as Answer[];
    const other = (results[beginEndGeneration ? "finalizeBlockEvents" : "beginBlockEvents"] ?? []) as Answer[];
    const rewarded = phase.filter((e) => e.type === "rewards").map((e) => attribute(e as { attributes: Array<{ key: string; value: string }> }, "validator"));
    expect(rewarded.length).toBeGreaterThan(0);
    for (const v of rewarded) expect(v).toMatch(new RegExp(`^${info.bech32Prefix}valoper1`));
    expect(other).toEqual([]);
  });

  it("votes on a proposal in its voting period, and the chain records the option", async () => {
    const { client, address: carol } = await matrixSigningClient(info, "carol");
    // x/gov v1 has a proposal's title and summary from SDK 0.47; 0.46 refuses them as unknown fields (empty ones are not sent).
    const titled = variantByName(info.variant).sdkLine === "0.46" ? { title: "", summary: "" } : { title: `A proposal on ${info.variant}`, summary: "Voted on by the app" };
    let proposalId: string;
    try {
      // The devnet's minimum deposit (1 STAKE) opens the vote at once; a proposal with no messages needs metadata.
      const submitted = await client.signAndBroadcast(carol, [{
        typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
        value: { messages: [], initialDeposit: coins(1_000_000, info.stakeDenom), proposer: carol, metadata: "a text proposal of the matrix", ...titled, expedited: false },
      }], { amount: coins(10_000, info.denom), gas: "400000" });
      expect(submitted.code, submitted.rawLog).toBe(0);
      // Read back through the app, which decodes Tendermint 0.34's base64 event attributes.
      const found = await call("chain.tx", { hash: submitted.transactionHash });
      proposalId = attribute(eventsOf(found.result as Answer, "submit_proposal")[0]!, "proposal_id")!;
    } finally {
      client.disconnect();
    }
    await send([{ typeUrl: "/cosmos.gov.v1beta1.MsgVote", value: { proposalId, voter: alice.address, option: "yes" } }]);
    expect(await read(voteQuery, { id: proposalId, voter: alice.address })).toEqual([{ option: "yes", weight: "1" }]);
  });

  it("withdraws the delegation's rewards: committed, and the chain says from which validator", async () => {
    const operator = valoper(info.validators[1]!.address);
    const tx = await send([{ typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward", value: { delegatorAddress: alice.address, validatorAddress: operator } }]);
    const found = await call("chain.tx", { hash: tx.hash });
    const withdrawn = eventsOf(found.result as Answer, "withdraw_rewards");
    expect(withdrawn.map((e) => attribute(e, "validator"))).toEqual([operator]);
    expect(attribute(withdrawn[0]!, "delegator")).toBe(alice.address);
  });
});
