import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fromBech32, toBech32 } from "@cosmjs/encoding";
import { QueryClient, setupStakingExtension, StargateClient } from "@cosmjs/stargate";
import { Comet38Client } from "@cosmjs/tendermint-rpc";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Network } from "../../../shared/contract/network.js";
import type { EventPayload } from "../../../shared/events.js";
import { type AccessClient, createAccessClient } from "../access/access-client.js";
import { AccessUnreachableError } from "../access/access-errors.js";
import { createServices, type Services } from "../create-services.js";
import { createEventHub } from "../event-hub.js";
import { registerChainHandlers } from "../rpc/chain-handlers.js";
import { createRpcTransport } from "../rpc/rpc-transport.js";
import { createProblemLog } from "../storage/problems.js";
import { openVault } from "../vault/vault.js";
import { vaultOnlySigners } from "../signers/vault-kind.js";
import { createDirectChain } from "./direct/direct-chain.js";
import { prepareDirect } from "./direct/prepare.js";
import { networkFunds } from "./funds.js";
import { openOutbox } from "./outbox.js";
import { createSender } from "./send.js";

/**
 * Operator messages on a network with an access service: main signs them SIGN_MODE_DIRECT (the
 * same prepare and review as direct mode) and submits the bytes to the service as `{txBytes}`,
 * which holds, lists, cancels and follows them. Uses the access service that `devnet up` starts
 * (devnet.json "access", a 5 s hold window), and the chain's own answer.
 */
const info = inject("devnet");
const alice = info.accounts.find((a) => a.name === "alice")!;
const operator = toBech32(`${info.bech32Prefix}valoper`, fromBech32(info.validators[0]!.address, 90).data);
let services: Services;
let dataDir: string;
let devnetJson: string;
const PASSWORD = "a long password";
let comet: Comet38Client;
let staking: ReturnType<typeof QueryClient.withExtensions<ReturnType<typeof setupStakingExtension>>>;
const statuses: Array<EventPayload<"tx.statusChanged">> = [];
type Answer = Record<string, unknown>;
const call = async (method: string, args: unknown = {}): Promise<Answer> => {
  const answer = await services.dispatcher.dispatch(method, args);
  if (!answer.ok) throw Object.assign(new Error(`${method}: ${answer.error.code} ${answer.error.message}`), answer.error);
  return answer.value as Answer;
};
const delegate = (amount: string) => ({ messages: [{ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate" as const, value: { delegatorAddress: alice.address, validatorAddress: operator, amount: { denom: info.stakeDenom, amount } } }] });
/** What the review showed, passed back so main signs exactly that. */
const reviewed = (prepared: Answer) => {
  const fee = prepared.fee as { amount: Array<{ amount: string; denom: string }>; gas: string };
  return { fee: fee.amount.map((c) => `${c.amount}${c.denom}`)[0], gas: fee.gas, sequence: prepared.sequence as string, timeoutHeight: prepared.timeoutHeight as string };
};
const delegation = async (): Promise<bigint> => BigInt((await staking.staking.delegation(alice.address, operator).catch(() => undefined))?.delegationResponse?.balance?.amount ?? "0");
const final = async (hash: string): Promise<Answer> => {
  for (let i = 0; i < 120; i++) {
    const tx = await call("tx.get", { id: hash });
    if (!["queued", "broadcast"].includes(String(tx.status))) return tx;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${hash} did not settle within 30 s`);
};
const accessAccount = async (): Promise<{ nextNonce: string; sequence: string }> => {
  const answer = await fetch(`${info.access!.url}/accounts/${alice.address}`, { headers: { authorization: `Bearer ${info.access!.token}` } });
  return (await answer.json()) as { nextNonce: string; sequence: string };
};

beforeAll(async () => {
  expect(info.access, "devnet.json names no access service: `devnet up` should start it").toBeDefined();
  const dir = mkdtempSync(join(tmpdir(), "cometdesk-access-messages-"));
  dataDir = join(dir, "data");
  devnetJson = join(dir, "devnet.json");
  writeFileSync(devnetJson, JSON.stringify(info));
  services = await createServices({ dataDir, tokenStore: { kind: "memory" }, devnetJsonPath: devnetJson });
  services.events.listen((event, payload) => event === "tx.statusChanged" && statuses.push(payload as EventPayload<"tx.statusChanged">));
  await call("wallet.import", { mnemonic: alice.mnemonic, password: PASSWORD });
  comet = await Comet38Client.connect(info.nodes[0]!.rpc);
  staking = QueryClient.withExtensions(comet, setupStakingExtension);
});
afterAll(async () => {
  comet?.disconnect();
  await services?.close();
});

describe("operator messages through the access service", () => {
  it("signs in main, submits {txBytes}, and the service holds two delegations in nonce order, lists them by kind and commits both", async () => {
    const before = await delegation();
    const first = await call("tx.prepare", delegate("1000"));
    // The sequence is the service's next nonce, which counts what it holds.
    expect(first).toMatchObject({ signer: alice.address, signMode: "SIGN_MODE_DIRECT", sequence: (await accessAccount()).nextNonce });
    const requestId = crypto.randomUUID();
    const one = await call("tx.sendMessages", { ...delegate("1000"), ...reviewed(first), requestId });
    expect(one).toMatchObject({ status: "queued", kind: "Delegate", from: alice.address, to: operator, amount: `1000${info.stakeDenom}`, nonce: first.sequence });
    expect(typeof one.holdUntil).toBe("string");

    // The first is still held by the service, not on chain: the next review takes the nonce after it.
    const second = await call("tx.prepare", delegate("2000"));
    expect(BigInt(second.sequence as string)).toBe(BigInt(first.sequence as string) + 1n);
    const two = await call("tx.sendMessages", { ...delegate("2000"), ...reviewed(second) });
    expect(two).toMatchObject({ status: "queued", kind: "Delegate", nonce: second.sequence });

    const list = await call("tx.list", { address: alice.address, limit: 10 });
    const listed = (list.transactions as Answer[]).filter((t) => t.txHash === one.txHash || t.txHash === two.txHash);
    expect(listed.map((t) => t.kind)).toEqual(["Delegate", "Delegate"]);

    // The same request id again is the same send: nothing is signed or submitted twice.
    expect(await call("tx.sendMessages", { ...delegate("1000"), ...reviewed(first), requestId })).toMatchObject({ txHash: one.txHash });
    const outbox = (await call("tx.outbox")).entries as Answer[];
    expect(outbox.filter((e) => e.requestId === requestId)).toEqual([expect.objectContaining({ txHash: one.txHash, state: "submitted", kind: "Delegate" })]);
    const stored = JSON.parse(readFileSync(join(dataDir, "outbox.json"), "utf8")) as { sends: Array<{ requestId: string; accessTx?: { txBytes: string } }> };
    expect(stored.sends.find((s) => s.requestId === requestId)?.accessTx?.txBytes).toBeTruthy();

    expect(await final(one.txHash as string)).toMatchObject({ status: "committed", code: 0, kind: "Delegate" });
    expect(await final(two.txHash as string)).toMatchObject({ status: "committed", code: 0 });
    expect(await delegation()).toBe(before + 3000n);
    // The watcher followed it through the service to the end.
    await expect.poll(() => statuses.filter((s) => s.txHash === one.txHash).at(-1)?.status, { timeout: 10_000 }).toBe("committed");
  });

  it("withdraws rewards through the service, and the chain pays them to the delegator", async () => {
    const chain = await StargateClient.connect(info.nodes[0]!.rpc);
    const withdraw = { messages: [{ typeUrl: "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward", value: { delegatorAddress: alice.address, validatorAddress: operator } }] };
    const prepared = await call("tx.prepare", withdraw);
    const tx = await call("tx.sendMessages", { ...withdraw, ...reviewed(prepared) });
    expect(tx).toMatchObject({ status: "queued", kind: "Withdraw rewards", to: operator, amount: "" });
    const done = await final(tx.txHash as string);
    expect(done).toMatchObject({ status: "committed" });
    const onChain = await chain.getTx(tx.txHash as string);
    chain.disconnect();
    expect(onChain?.events.some((e) => e.type === "withdraw_rewards" && e.attributes.some((a) => a.key === "delegator" && a.value === alice.address))).toBe(true);
  });

  it("cancels inside the hold window: nothing reaches the chain, and the service lists it cancelled", async () => {
    const before = await delegation();
    const prepared = await call("tx.prepare", delegate("555"));
    const tx = await call("tx.sendMessages", { ...delegate("555"), ...reviewed(prepared) });
    expect(tx.status).toBe("queued");
    expect(await call("tx.cancel", { id: tx.txHash })).toMatchObject({ txHash: tx.txHash, status: "cancelled", kind: "Delegate" });

    const chain = await StargateClient.connect(info.nodes[0]!.rpc);
    const height = await chain.getHeight();
    const holdUntil = Date.parse(String(tx.holdUntil));
    await expect.poll(async () => Date.now() > holdUntil + 500 && (await chain.getHeight()) >= height + 3, { timeout: 30_000, interval: 250 }).toBe(true);
    expect(await chain.getTx(tx.txHash as string)).toBeNull();
    chain.disconnect();
    expect(await call("tx.get", { id: tx.txHash })).toMatchObject({ status: "cancelled" });
    const list = await call("tx.list", { address: alice.address, status: "cancelled", limit: 10 });
    expect((list.transactions as Answer[]).find((t) => t.txHash === tx.txHash)).toMatchObject({ kind: "Delegate" });
    expect(await delegation()).toBe(before);
    // The nonce it held is free again: the next review takes it.
    expect((await call("tx.prepare", delegate("1"))).sequence).toBe(prepared.sequence);
  });

  it("needs no node URL: on a network that names only its access service, reads go through the service's /rpc", async () => {
    const only = await call("network.add", {
      name: "Devnet by its access service only", chainId: info.chainId, accessUrl: info.access!.url, rpcUrls: [], bech32Prefix: info.bech32Prefix,
      denoms: [{ base: info.denom, display: "COMET", exponent: 6 }, { base: info.stakeDenom, display: "STAKE", exponent: 6 }], defaultDenom: info.denom,
      gasPrices: { denom: info.denom, low: "0.0025", average: "0.005", high: "0.01" }, rpcVia: "access",
    });
    await call("network.setToken", { id: only.id, token: info.access!.token, allowPlainHttp: true });
    await call("network.select", { id: only.id });
    try {
      const prepared = await call("tx.prepare", delegate("77"));
      expect(BigInt(prepared.gasEstimate as string)).toBeGreaterThan(0n);
      const tx = await call("tx.sendMessages", { ...delegate("77"), ...reviewed(prepared) });
      expect(tx).toMatchObject({ status: "queued", kind: "Delegate" });
      expect(await call("tx.cancel", { id: tx.txHash })).toMatchObject({ status: "cancelled" });
    } finally {
      await call("network.select", { id: "devnet" });
    }
  });

  it("submits the same signed bytes after a restart between signing and submitting, and never signs again", async () => {
    await services.close();
    // The process "dies" after the outbox write: the submission never reaches the service.
    const vault = openVault({ dataDir, prefix: () => info.bech32Prefix, autoLockMs: () => 0, events: createEventHub() });
    await vault.unlock(PASSWORD);
    const outbox = openOutbox(dataDir, createProblemLog());
    const network: Network = {
      id: "devnet", name: "Local devnet", chainId: info.chainId, accessUrl: info.access!.url, rpcUrls: [info.nodes[0]!.rpc], bech32Prefix: info.bech32Prefix,
      denoms: [{ base: info.denom, display: "COMET", exponent: 6 }, { base: info.stakeDenom, display: "STAKE", exponent: 6 }], defaultDenom: info.denom,
      gasPrices: { denom: info.denom, low: "0.0025", average: "0.005", high: "0.01" }, rpcVia: "access", source: "devnet",
    };
    const transport = createRpcTransport({ endpoints: () => [{ url: info.nodes[0]!.rpc, kind: "node" as const }] });
    const handlers = registerChainHandlers({ transport, defaultMethod: () => "POST", connection: () => ({ networkId: "devnet", endpoint: null, state: "idle", lastHeight: null, reason: null }), expectedChainId: () => info.chainId });
    const chain = createDirectChain(handlers, transport);
    const client = createAccessClient({ baseUrl: info.access!.url, token: async () => info.access!.token });
    const dying: AccessClient = { ...client, submit: async () => { throw new AccessUnreachableError(info.access!.url, "timed out", true); } };
    const signers = vaultOnlySigners(vault);
    const sender = createSender({
      signers, outbox,
      funds: (n, c) => networkFunds(async (q) => chain.abciQuery(q), c, n),
      prepare: (n, args, heldAccount) => prepareDirect({ chain, outbox, signerFor: (address) => signers.signerFor(n, address), heldAccount }, n, args),
    });
    const requestId = crypto.randomUUID();
    await expect(sender.sendMessages(network, dying, { ...delegate("42"), requestId })).rejects.toMatchObject({ code: "access_timeout" });
    vault.close();
    const stored = JSON.parse(readFileSync(join(dataDir, "outbox.json"), "utf8")) as { sends: Array<{ requestId: string; state: string; txHash: string; accessTx?: { txBytes: string } }> };
    const signed = stored.sends.find((s) => s.requestId === requestId)!;
    expect(signed).toMatchObject({ state: "signed" });
    expect(signed.accessTx?.txBytes).toBeTruthy();
    await expect(client.get(signed.txHash)).rejects.toMatchObject({ status: 404 });

    services = await createServices({ dataDir, tokenStore: { kind: "memory" }, devnetJsonPath: devnetJson });
    services.start();
    // The restart asks the service by hash, finds nothing, and submits the very bytes kept.
    await expect.poll(async () => (await client.get(signed.txHash).catch(() => undefined))?.kind, { timeout: 20_000 }).toBe("Delegate");
    await expect.poll(async () => ((await call("tx.outbox")).entries as Answer[]).find((e) => e.requestId === requestId)?.state, { timeout: 20_000 }).toBe("submitted");
    // The user's retry (the vault is locked now) is answered from the outbox, not signed again.
    expect(await call("tx.sendMessages", { ...delegate("42"), requestId })).toMatchObject({ txHash: signed.txHash });
    expect(await final(signed.txHash)).toMatchObject({ status: "committed" });
  });
});
