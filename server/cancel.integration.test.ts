import { StargateClient } from "@cosmjs/stargate";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { rpcGet } from "../devnet/test/chain-client.js";
import { aminoWallet, call, signTransfer, startTestService, type TestService, waitFor, waitForStatus } from "./test/access-client.js";

/** The hold window and cancel: what the service promises is exactly what the network can do. */
const info = inject("devnet");
const bob = info.accounts.find((a) => a.name === "bob")!.address;
const HOLD_MS = 1500;
let held: TestService;
let chain: StargateClient;

beforeAll(async () => {
  held = await startTestService(info, { holdMs: HOLD_MS });
  chain = await StargateClient.connect(info.nodes[0]!.rpc);
});
afterAll(async () => {
  chain?.disconnect();
  await held?.dispose();
});

async function submitFrom(svc: TestService, name: string, amount: string): Promise<{ txHash: string; from: string; record: Record<string, unknown> }> {
  const { wallet, address } = await aminoWallet(info, name);
  const body = await signTransfer(svc.url, svc.token, wallet, { from: address, to: bob, amount });
  const posted = await call(svc.url, svc.token, "POST", "/transactions", body);
  expect(posted.status).toBe(202);
  return { txHash: String(posted.body.txHash), from: address, record: posted.body };
}

describe("the hold window", () => {
  it("holds a submission for the window, then broadcasts it", async () => {
    const { txHash, record } = await submitFrom(held, "alice", "11");
    const holdUntil = Date.parse(String(record.holdUntil));
    expect(holdUntil - Date.parse(String(record.createdAt))).toBe(HOLD_MS);
    const early = await call(held.url, held.token, "GET", `/transactions/${txHash}`);
    // A loaded machine may answer after the window has passed; the read then proves nothing, and
    // the history below (queued, then broadcast no earlier than holdUntil) carries the claim.
    if (Date.now() < holdUntil) expect(early.body.status).toBe("queued");

    const done = await waitForStatus(held.url, held.token, txHash, ["committed"]);
    const history = done.history as { status: string; at: string }[];
    expect(history[0]?.status).toBe("queued");
    expect(history.at(-1)?.status).toBe("committed");
    const broadcast = history.find((h) => h.status === "broadcast");
    expect(Date.parse(broadcast!.at)).toBeGreaterThanOrEqual(holdUntil);
  });
});

describe("DELETE /transactions/{id}", () => {
  it("cancels inside the window, and the balance never moves", async () => {
    const { address: dave } = await aminoWallet(info, "dave");
    const before = await chain.getBalance(dave, info.denom);
    const { txHash } = await submitFrom(held, "dave", "99");

    const cancelled = await call(held.url, held.token, "DELETE", `/transactions/${txHash}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ txHash, status: "cancelled" });
    expect((cancelled.body.history as { status: string }[]).map((h) => h.status)).toEqual(["queued", "cancelled"]);

    // Well past the window and a few blocks later, it is still cancelled and never reached the chain.
    const height = await chain.getHeight();
    await waitFor("the window to pass and three blocks", async () => (Date.now() > Date.parse(String(cancelled.body.holdUntil)) + 500 && (await chain.getHeight()) >= height + 3 ? true : undefined));
    expect((await call(held.url, held.token, "GET", `/transactions/${txHash}`)).body.status).toBe("cancelled");
    expect((await rpcGet(info.nodes[0]!.rpc, "tx", { hash: `0x${txHash}` })).body.error).toBeDefined();
    expect(await chain.getBalance(dave, info.denom)).toEqual(before);
    expect((await call(held.url, held.token, "DELETE", `/transactions/${txHash}`)).body).toMatchObject({ error: { code: "not_cancellable" } });
  });

  it("lets only the submitting token cancel", async () => {
    const { txHash } = await submitFrom(held, "carol", "7");
    const other = (await held.tokens.create("someone-else")).token;
    held.tokens.reload();
    const answer = await call(held.url, other, "DELETE", `/transactions/${txHash}`);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: { code: "forbidden" } });
    expect((await call(held.url, held.token, "DELETE", `/transactions/${txHash}`)).status).toBe(200);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await call(held.url, held.token, "DELETE", `/transactions/${"AB".repeat(32)}`)).status).toBe(404);
    expect((await call(held.url, held.token, "DELETE", "/transactions/not-a-hash")).status).toBe(404);
  });

  it("answers 409 once committed", async () => {
    const { txHash } = await submitFrom(held, "erin", "5");
    await waitForStatus(held.url, held.token, txHash, ["committed"]);
    const answer = await call(held.url, held.token, "DELETE", `/transactions/${txHash}`);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ error: { code: "not_cancellable", details: { status: "committed" } } });
  });

  it("answers 409 already_broadcast while it sits in the mempool, naming its timeout height", async () => {
    const quick = await startTestService(info, { holdMs: 0 });
    try {
      const { wallet, address } = await aminoWallet(info, "alice");
      const timeoutHeight = String((await chain.getHeight()) + 500);
      const body = await signTransfer(quick.url, quick.token, wallet, { from: address, to: bob, amount: "4", timeoutHeight });
      const txHash = String((await call(quick.url, quick.token, "POST", "/transactions", body)).body.txHash);
      await waitFor("the broadcast", async () => ((await call(quick.url, quick.token, "GET", `/transactions/${txHash}`)).body.status !== "queued" ? true : undefined), 10_000, 5);
      const answer = await call(quick.url, quick.token, "DELETE", `/transactions/${txHash}`);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ error: { code: "already_broadcast", details: { timeoutHeight } } });
      expect(String((answer.body.error as { message: string }).message)).toMatch(new RegExp(`mempool.*height ${timeoutHeight}`));
      await waitForStatus(quick.url, quick.token, txHash, ["committed"]);
    } finally {
      await quick.dispose();
    }
  });
});

describe("expiry", () => {
  it("expires a held transaction when its timeout height comes before its window ends", async () => {
    const slow = await startTestService(info, { holdMs: 60_000 });
    try {
      const { wallet, address } = await aminoWallet(info, "carol");
      const timeoutHeight = String((await chain.getHeight()) + 2);
      const body = await signTransfer(slow.url, slow.token, wallet, { from: address, to: bob, amount: "6", timeoutHeight });
      const txHash = String((await call(slow.url, slow.token, "POST", "/transactions", body)).body.txHash);
      const expired = await waitForStatus(slow.url, slow.token, txHash, ["expired"]);
      expect((expired.history as { detail?: string }[]).at(-1)?.detail).toMatch(new RegExp(`timeout height ${timeoutHeight}`));
    } finally {
      await slow.dispose();
    }
  });

  it("expires a transaction that waited too long for an earlier nonce", async () => {
    const short = await startTestService(info, { holdMs: 0, queueTtlMs: 1_000 });
    try {
      const { wallet, address } = await aminoWallet(info, "erin");
      const { sequence } = await chain.getSequence(address);
      const body = await signTransfer(short.url, short.token, wallet, { from: address, to: bob, amount: "8", nonce: String(sequence + 5) });
      const txHash = String((await call(short.url, short.token, "POST", "/transactions", body)).body.txHash);
      const expired = await waitForStatus(short.url, short.token, txHash, ["expired"]);
      expect((expired.history as { detail?: string }[]).at(-1)?.detail).toMatch(new RegExp(`for nonce ${sequence}`));
      expect((await chain.getSequence(address)).sequence).toBe(sequence);
    } finally {
      await short.dispose();
    }
  });
});
