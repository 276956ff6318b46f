import { fromBech32, toBase64, toBech32 } from "@cosmjs/encoding";
import { coins, QueryClient, setupDistributionExtension, setupGovExtension, setupStakingExtension, SigningStargateClient, StargateClient } from "@cosmjs/stargate";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { Comet38Client } from "@cosmjs/tendermint-rpc";
import { TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { txIdOf } from "../shared/cosmos/tx-id.js";
import { rpcGet } from "../devnet/test/chain-client.js";
import { aminoWallet, call, signTransfer, startTestService, type TestService, waitFor, waitForStatus } from "./test/access-client.js";
import { signTx, txBytesBody } from "./test/signed-tx.js";

/**
 * `POST /transactions {txBytes}`: any signed transaction, verified against its signer, held,
 * listed with its kind, cancelled and followed like a transfer, each checked against the chain's
 * own answer. Runs on the journal (integration) and on PostgreSQL (integration-postgres).
 */
const info = inject("devnet");
const HOLD_MS = 1500;
const valoper = (account: string) => toBech32(`${info.bech32Prefix}valoper`, fromBech32(account, 90).data);
const validator = info.validators[0]!;
const operator = valoper(validator.address);
const addressOf = (name: string) => [...info.accounts, ...info.validators].find((a) => a.name === name)!.address;
let svc: TestService;
let comet: Comet38Client;
let query: ReturnType<typeof makeQuery>;
const makeQuery = (c: Comet38Client) => QueryClient.withExtensions(c, setupStakingExtension, setupDistributionExtension, setupGovExtension);

beforeAll(async () => {
  svc = await startTestService(info, { holdMs: HOLD_MS });
  comet = await Comet38Client.connect(info.nodes[0]!.rpc);
  query = makeQuery(comet);
});
afterAll(async () => {
  comet?.disconnect();
  await svc?.dispose();
});

const post = (body: unknown) => call(svc.url, svc.token, "POST", "/transactions", body);
const get = (hash: string) => call(svc.url, svc.token, "GET", `/transactions/${hash}`);
const delegation = async (delegator: string): Promise<bigint> => {
  const answer = await query.staking.delegation(delegator, operator).catch(() => undefined);
  return BigInt(answer?.delegationResponse?.balance?.amount ?? "0");
};
const delegate = (delegator: string, amount: string) => ({
  typeUrl: "/cosmos.staking.v1beta1.MsgDelegate",
  value: { delegatorAddress: delegator, validatorAddress: operator, amount: { denom: info.stakeDenom, amount } },
});
async function listed(hash: string): Promise<Record<string, unknown> | undefined> {
  const page = await call<{ transactions: Array<Record<string, unknown>> }>(svc.url, svc.token, "GET", "/transactions?limit=100");
  return page.body.transactions.find((t) => t.txHash === hash);
}

describe("a signed transaction as txBytes", () => {
  it("delegates: held, listed with its kind, broadcast as the exact bytes and committed, and the chain counts the delegation", async () => {
    const erin = addressOf("erin");
    const before = await delegation(erin);
    const raw = await signTx(info, svc.url, svc.token, "erin", [delegate(erin, "1000")], { memo: "delegated through the access service" });
    const posted = await post(txBytesBody(raw));
    expect(posted.status).toBe(202);
    // The id is the chain's: sha256 of the very bytes, upper-case hex.
    expect(posted.body).toMatchObject({ txHash: txIdOf(raw), status: "queued", kind: "Delegate", from: erin, to: operator, amount: `1000${info.stakeDenom}`, fee: `5000${info.denom}`, gas: "300000", memo: "delegated through the access service" });
    expect(await listed(txIdOf(raw))).toMatchObject({ kind: "Delegate", from: erin, to: operator, amount: `1000${info.stakeDenom}`, status: "queued" });
    // An identical resubmission is the same record.
    expect(await post(txBytesBody(raw))).toMatchObject({ status: 200, body: { txHash: txIdOf(raw) } });

    const done = await waitForStatus(svc.url, svc.token, txIdOf(raw), ["committed", "failed"]);
    expect(done).toMatchObject({ status: "committed", code: 0 });
    const broadcast = (done.history as Array<{ status: string; at: string }>).find((h) => h.status === "broadcast")!;
    expect(Date.parse(broadcast.at)).toBeGreaterThanOrEqual(Date.parse(String(posted.body.holdUntil)));
    const onChain = await rpcGet(info.nodes[0]!.rpc, "tx", { hash: `0x${txIdOf(raw)}` });
    expect((onChain.body.result as { tx: string }).tx).toBe(toBase64(raw));
    expect(await delegation(erin)).toBe(before + 1000n);
  });

  it("lists a transfer in its seed form with kind transfer", async () => {
    const { wallet, address } = await aminoWallet(info, "bob");
    const body = await signTransfer(svc.url, svc.token, wallet, { from: address, to: addressOf("carol"), amount: "5" });
    const posted = await post(body);
    expect(posted).toMatchObject({ status: 202, body: { kind: "transfer" } });
    expect(await listed(String(posted.body.txHash))).toMatchObject({ kind: "transfer" });
    await waitForStatus(svc.url, svc.token, String(posted.body.txHash), ["committed"]);
  });

  it("withdraws rewards, and the chain pays them", async () => {
    const erin = addressOf("erin");
    await waitFor("erin to have rewards", async () => ((await query.distribution.delegationRewards(erin, operator)).rewards.length > 0 ? true : undefined));
    const raw = await signTx(info, svc.url, svc.token, "erin", [{ typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward", value: { delegatorAddress: erin, validatorAddress: operator } }]);
    const posted = await post(txBytesBody(raw));
    expect(posted.body).toMatchObject({ status: "queued", kind: "Withdraw rewards", from: erin, to: operator, amount: "" });
    expect(await waitForStatus(svc.url, svc.token, txIdOf(raw), ["committed", "failed"])).toMatchObject({ status: "committed" });
    const onChain = await rpcGet(info.nodes[0]!.rpc, "tx", { hash: `0x${txIdOf(raw)}` });
    const events = (onChain.body.result as { tx_result: { events: Array<{ type: string; attributes: Array<{ key: string; value: string }> }> } }).tx_result.events;
    const withdrawn = events.find((e) => e.type === "withdraw_rewards");
    expect(withdrawn?.attributes.find((a) => a.key === "delegator")?.value).toBe(erin);
  });

  it("votes on a proposal, and the chain records the option", async () => {
    const { wallet, address: carol } = { wallet: await DirectSecp256k1HdWallet.fromMnemonic(info.accounts.find((a) => a.name === "carol")!.mnemonic, { prefix: info.bech32Prefix }), address: addressOf("carol") };
    const client = await SigningStargateClient.connectWithSigner(info.nodes[0]!.rpc, wallet);
    const submitted = await client.signAndBroadcast(carol, [{
      typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
      value: { messages: [], initialDeposit: coins(1_000_000, info.stakeDenom), proposer: carol, metadata: "voted on through the access service", title: "A proposal for txBytes", summary: "Voted on through the access service", expedited: false },
    }], { amount: coins(10_000, info.denom), gas: "400000" });
    client.disconnect();
    expect(submitted.code, submitted.rawLog).toBe(0);
    const proposalId = BigInt(submitted.events.find((e) => e.type === "submit_proposal")!.attributes.find((a) => a.key === "proposal_id")!.value);

    const dave = addressOf("dave");
    const raw = await signTx(info, svc.url, svc.token, "dave", [{ typeUrl: "/cosmos.gov.v1beta1.MsgVote", value: { proposalId, voter: dave, option: 1 } }]);
    expect((await post(txBytesBody(raw))).body).toMatchObject({ status: "queued", kind: "Vote", from: dave, to: "" });
    expect(await waitForStatus(svc.url, svc.token, txIdOf(raw), ["committed", "failed"])).toMatchObject({ status: "committed" });
    expect((await query.gov.vote(proposalId.toString(), dave)).vote.options.map((o) => o.option)).toEqual([1]); // VOTE_OPTION_YES
  });

  it("edits the validator signed with its operator key, and the chain shows the new moniker", async () => {
    const before = (await query.staking.validator(operator)).validator.description!.moniker;
    const edit = (moniker: string) => [{
      typeUrl: "/cosmos.staking.v1beta1.MsgEditValidator",
      value: { validatorAddress: operator, description: { moniker, identity: "[do-not-modify]", website: "[do-not-modify]", securityContact: "[do-not-modify]", details: "[do-not-modify]" }, commissionRate: "", minSelfDelegation: "" },
    }];
    try {
      const raw = await signTx(info, svc.url, svc.token, validator.name, edit("edited through txBytes"));
      expect((await post(txBytesBody(raw))).body).toMatchObject({ status: "queued", kind: "Edit validator", from: validator.address, to: "" });
      expect(await waitForStatus(svc.url, svc.token, txIdOf(raw), ["committed", "failed"])).toMatchObject({ status: "committed" });
      expect((await query.staking.validator(operator)).validator.description!.moniker).toBe("edited through txBytes");
    } finally {
      // The devnet is shared with later files, which read validator 0's moniker.
      const back = await signTx(info, svc.url, svc.token, validator.name, edit(before));
      await post(txBytesBody(back));
      await waitForStatus(svc.url, svc.token, txIdOf(back), ["committed", "failed"]);
    }
    expect((await query.staking.validator(operator)).validator.description!.moniker).toBe(before);
  });
});

describe("cancel inside the hold window", () => {
  it("never reaches the chain: the delegation is unchanged after the window, and the service lists it cancelled", async () => {
    const bob = addressOf("bob");
    const before = await delegation(bob);
    const raw = await signTx(info, svc.url, svc.token, "bob", [delegate(bob, "777")]);
    const hash = txIdOf(raw);
    const posted = await post(txBytesBody(raw));
    expect(posted.status).toBe(202);
    const cancelled = await call(svc.url, svc.token, "DELETE", `/transactions/${hash}`);
    expect(cancelled).toMatchObject({ status: 200, body: { txHash: hash, status: "cancelled", kind: "Delegate" } });

    const chain = await StargateClient.connect(info.nodes[0]!.rpc);
    const height = await chain.getHeight();
    await waitFor("the window to pass and three blocks", async () => (Date.now() > Date.parse(String(posted.body.holdUntil)) + 500 && (await chain.getHeight()) >= height + 3 ? true : undefined));
    chain.disconnect();
    expect((await get(hash)).body.status).toBe("cancelled");
    expect(await listed(hash)).toMatchObject({ status: "cancelled", kind: "Delegate", from: bob });
    expect((await rpcGet(info.nodes[0]!.rpc, "tx", { hash: `0x${hash}` })).body.error).toBeDefined();
    expect(await delegation(bob)).toBe(before);
  });
});

describe("bad signed transactions", () => {
  const nothingStored = async (raw: Uint8Array) => expect((await get(txIdOf(raw))).status).toBe(404);

  it("refuses bytes changed after signing (the signature check fails), and stores nothing", async () => {
    const alice = addressOf("alice");
    const raw = await signTx(info, svc.url, svc.token, "alice", [delegate(alice, "10")], { memo: "signed memo" });
    const tx = TxRaw.decode(raw);
    const body = TxBody.decode(tx.bodyBytes);
    const tampered = TxRaw.encode({ ...tx, bodyBytes: TxBody.encode({ ...body, memo: "another memo" }).finish() }).finish();
    const answer = await post(txBytesBody(tampered));
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ error: { code: "invalid_signature" } });
    expect(String((answer.body.error as { message: string }).message)).toMatch(/does not verify.*chain id/);
    await nothingStored(tampered);
  });

  it("refuses a signature made for another chain", async () => {
    const alice = addressOf("alice");
    const raw = await signTx(info, svc.url, svc.token, "alice", [delegate(alice, "11")], { chainId: "another-chain" });
    expect(await post(txBytesBody(raw))).toMatchObject({ status: 422, body: { error: { code: "invalid_signature" } } });
    await nothingStored(raw);
  });

  it("refuses a key that does not sign the messages: bob's key on alice's delegation", async () => {
    const raw = await signTx(info, svc.url, svc.token, "bob", [delegate(addressOf("alice"), "12")]);
    const answer = await post(txBytesBody(raw));
    expect(answer).toMatchObject({ status: 422, body: { error: { code: "signer_mismatch" } } });
    expect(String((answer.body.error as { message: string }).message)).toContain(addressOf("alice"));
    await nothingStored(raw);
  });

  it("refuses a message whose signer it cannot tell, and a transaction without messages", async () => {
    const carol = addressOf("carol");
    // An IBC transfer: the registry can encode it, but it is no action of shared/cosmos/actions.ts.
    const transfer = { sourcePort: "transfer", sourceChannel: "channel-0", token: { denom: info.denom, amount: "1" }, sender: carol, receiver: carol, timeoutTimestamp: 1n, memo: "" };
    const unknown = await signTx(info, svc.url, svc.token, "carol", [{ typeUrl: "/ibc.applications.transfer.v1.MsgTransfer", value: transfer }]);
    expect(await post(txBytesBody(unknown))).toMatchObject({ status: 400, body: { error: { code: "unregistered_message" } } });
    await nothingStored(unknown);
    const raw = await signTx(info, svc.url, svc.token, "carol", [delegate(carol, "13")]);
    const tx = TxRaw.decode(raw);
    const empty = TxRaw.encode({ ...tx, bodyBytes: TxBody.encode({ ...TxBody.decode(tx.bodyBytes), messages: [] }).finish() }).finish();
    expect(await post(txBytesBody(empty))).toMatchObject({ status: 400, body: { error: { code: "invalid_tx", message: "the transaction carries no messages" } } });
    const twoSigs = TxRaw.encode({ ...tx, signatures: [tx.signatures[0]!, tx.signatures[0]!] }).finish();
    expect(await post(txBytesBody(twoSigs))).toMatchObject({ status: 400, body: { error: { code: "invalid_tx" } } });
    await nothingStored(empty);
    await nothingStored(twoSigs);
  });

  it("refuses garbage: not base64, not a TxRaw, an empty or oversized txBytes, and a body over the limit", async () => {
    expect(await post({ txBytes: "not base64!" })).toMatchObject({ status: 400, body: { error: { code: "invalid_tx_bytes" } } });
    expect(await post({ txBytes: toBase64(new TextEncoder().encode("hello, this is not a transaction")) })).toMatchObject({ status: 400, body: { error: { code: "invalid_tx_bytes" } } });
    expect(await post({ txBytes: "" })).toMatchObject({ status: 400, body: { error: { code: "invalid_request" } } });
    expect(await post({ txBytes: "AAAA".repeat(12_000) })).toMatchObject({ status: 400, body: { error: { code: "invalid_request", details: [{ path: "txBytes" }] } } });
    expect(await post({ txBytes: "AAAA", from: addressOf("alice") })).toMatchObject({ status: 400, body: { error: { code: "invalid_request" } } });
    expect(await post({ txBytes: "AAAA".repeat(20_000) })).toMatchObject({ status: 413, body: { error: { code: "payload_too_large" } } });
    const page = await call<{ transactions: unknown[] }>(svc.url, svc.token, "GET", "/transactions?status=queued&limit=100");
    expect(page.body.transactions).toEqual([]);
  });

  it("holds one transaction per nonce: a rival for a held nonce is a 409, a used nonce too", async () => {
    const alice = addressOf("alice");
    const sequence = Number((await call<{ nextNonce: string }>(svc.url, svc.token, "GET", `/accounts/${alice}`)).body.nextNonce);
    const first = await signTx(info, svc.url, svc.token, "alice", [delegate(alice, "14")], { sequence });
    expect((await post(txBytesBody(first))).status).toBe(202);
    const rival = await signTx(info, svc.url, svc.token, "alice", [delegate(alice, "15")], { sequence });
    expect(await post(txBytesBody(rival))).toMatchObject({ status: 409, body: { error: { code: "nonce_in_use", details: { txHash: txIdOf(first) } } } });
    expect((await call(svc.url, svc.token, "DELETE", `/transactions/${txIdOf(first)}`)).status).toBe(200);
    // Erin's delegation above used sequence 0 (or an earlier file did).
    const erin = addressOf("erin");
    const used = await signTx(info, svc.url, svc.token, "erin", [delegate(erin, "16")], { sequence: 0 });
    expect(await post(txBytesBody(used))).toMatchObject({ status: 409, body: { error: { code: "nonce_too_low" } } });
  });
});
