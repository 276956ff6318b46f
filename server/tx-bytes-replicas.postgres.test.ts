import { fromBech32, toBech32 } from "@cosmjs/encoding";
import { QueryClient, setupStakingExtension, StargateClient } from "@cosmjs/stargate";
import { Comet38Client } from "@cosmjs/tendermint-rpc";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { txIdOf } from "../shared/cosmos/tx-id.js";
import { call, startTestService, type TestService, waitFor, waitForStatus } from "./test/access-client.js";
import { signTx, txBytesBody } from "./test/signed-tx.js";
import { createTestStorage, type TestStorage } from "./test/test-storage.js";

/**
 * `{txBytes}` on two replicas of one PostgreSQL database: submitted on one, found, listed with its
 * kind, refused a rival for its nonce and cancelled on the other; and one that is not cancelled
 * is committed once, whichever replica broadcasts it.
 */
const info = inject("devnet");
const HOLD_MS = 2500;
const operator = toBech32(`${info.bech32Prefix}valoper`, fromBech32(info.validators[0]!.address, 90).data);
const carol = info.accounts.find((a) => a.name === "carol")!.address;
let storage: TestStorage;
let a: TestService;
let b: TestService;
let comet: Comet38Client;

beforeAll(async () => {
  storage = await createTestStorage();
  a = await startTestService(info, { holdMs: HOLD_MS, replicaId: "txbytes-a" }, storage);
  b = await startTestService(info, { holdMs: HOLD_MS, replicaId: "txbytes-b" }, storage);
  comet = await Comet38Client.connect(info.nodes[0]!.rpc);
  // A token made on one replica is read from the database by the other within a second.
  await waitFor("replica b to know replica a's token", async () => ((await call(b.url, a.token, "GET", "/info")).status === 200 ? true : undefined), 10_000);
});
afterAll(async () => {
  comet?.disconnect();
  await a?.dispose();
  await b?.dispose();
  await storage?.dispose();
});

const delegate = (amount: string) => [{ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: carol, validatorAddress: operator, amount: { denom: info.stakeDenom, amount } } }];
const delegation = async (): Promise<bigint> => {
  const answer = await QueryClient.withExtensions(comet, setupStakingExtension).staking.delegation(carol, operator).catch(() => undefined);
  return BigInt(answer?.delegationResponse?.balance?.amount ?? "0");
};
const listed = async (svc: TestService, hash: string) => (await call<{ transactions: Array<Record<string, unknown>> }>(svc.url, svc.token, "GET", `/transactions?address=${carol}&limit=100`)).body.transactions.find((t) => t.txHash === hash);

describe("signed transactions on two replicas of one database", () => {
  it("submitted on one, listed with its kind and cancelled on the other: nothing reaches the chain", async () => {
    const before = await delegation();
    const raw = await signTx(info, a.url, a.token, "carol", delegate("321"));
    const hash = txIdOf(raw);
    const posted = await call(a.url, a.token, "POST", "/transactions", txBytesBody(raw));
    expect(posted).toMatchObject({ status: 202, body: { txHash: hash, kind: "Delegate", status: "queued" } });
    // The same bytes on the other replica are the same record; other bytes for the same nonce are a rival.
    expect(await call(b.url, a.token, "POST", "/transactions", txBytesBody(raw))).toMatchObject({ status: 200, body: { txHash: hash } });
    const rival = await signTx(info, b.url, b.token, "carol", delegate("322"), { sequence: Number(posted.body.nonce) });
    expect(await call(b.url, b.token, "POST", "/transactions", txBytesBody(rival))).toMatchObject({ status: 409, body: { error: { code: "nonce_in_use", details: { txHash: hash } } } });
    expect(await listed(b, hash)).toMatchObject({ kind: "Delegate", from: carol, to: operator, amount: `321${info.stakeDenom}`, status: "queued" });

    expect(await call(b.url, a.token, "DELETE", `/transactions/${hash}`)).toMatchObject({ status: 200, body: { status: "cancelled", kind: "Delegate" } });
    const chain = await StargateClient.connect(info.nodes[0]!.rpc);
    const height = await chain.getHeight();
    await waitFor("the window to pass and three blocks", async () => (Date.now() > Date.parse(String(posted.body.holdUntil)) + 500 && (await chain.getHeight()) >= height + 3 ? true : undefined));
    expect(await chain.getTx(hash)).toBeNull();
    chain.disconnect();
    expect(await listed(a, hash)).toMatchObject({ status: "cancelled", kind: "Delegate" });
    expect(await delegation()).toBe(before);
  });

  it("one that is not cancelled is committed once, and both replicas list it committed", async () => {
    const before = await delegation();
    const raw = await signTx(info, b.url, b.token, "carol", delegate("123"));
    expect((await call(b.url, b.token, "POST", "/transactions", txBytesBody(raw))).status).toBe(202);
    expect(await waitForStatus(a.url, a.token, txIdOf(raw), ["committed", "failed"])).toMatchObject({ status: "committed", kind: "Delegate" });
    expect(await listed(b, txIdOf(raw))).toMatchObject({ status: "committed", kind: "Delegate" });
    expect(await delegation()).toBe(before + 123n);
  });
});
