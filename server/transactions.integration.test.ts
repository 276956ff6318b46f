import { StargateClient } from "@cosmjs/stargate";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fixedFee, rpcGet, signingClient } from "../devnet/test/chain-client.js";
import { schemaErrors } from "./test/openapi-check.js";
import { aminoWallet, call, signTransfer, startTestService, type TestService, waitFor, waitForStatus } from "./test/access-client.js";
import { testStoreKind } from "./test/test-storage.js";

/** The transfer contract of docs/access-interface.md, from a client that signs with CosmJS as any third party would. */
const info = inject("devnet");
const rpc = info.nodes[0]!.rpc;
const bob = info.accounts.find((a) => a.name === "bob")!.address;
let svc: TestService;
let chain: StargateClient;

async function balance(address: string): Promise<bigint> {
  return BigInt((await chain.getBalance(address, info.denom)).amount);
}

async function latestHeight(): Promise<number> {
  return (await chain.getHeight());
}

beforeAll(async () => {
  svc = await startTestService(info, { holdMs: 0 });
  chain = await StargateClient.connect(rpc);
});
afterAll(async () => {
  chain?.disconnect();
  await svc?.dispose();
});

describe("authentication and discovery", () => {
  it("answers /health without a token and refuses everything else without a valid one", async () => {
    // This run's store, reachable; and a lone service leads (from its first follower pass on).
    await expect.poll(async () => ((await call(svc.url, undefined, "GET", "/health")).body.node as { leader?: boolean }).leader, { timeout: 10_000 }).toBe(true);
    const health = await call(svc.url, undefined, "GET", "/health");
    expect(health).toMatchObject({ status: 200, body: { status: "ok", store: { kind: testStoreKind(), reachable: true }, node: { reachable: true } } });
    expect(schemaErrors("Health", health.body)).toEqual([]);
    for (const token of [undefined, "cdt_wrong"]) {
      const answer = await call(svc.url, token, "GET", "/transactions");
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ error: { code: "unauthorized" } });
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    }
  });

  it("publishes what a client needs to build a sign doc", async () => {
    const { status, body } = await call(svc.url, svc.token, "GET", "/info");
    expect(status).toBe(200);
    expect(schemaErrors("Info", body)).toEqual([]);
    expect(body).toMatchObject({ chainId: info.chainId, bech32Prefix: "cosmos", defaultDenom: info.denom, defaultFee: `500${info.denom}`, defaultGas: "200000", maxListLimit: 100, defaultListLimit: 10 });
  });

  it("stops accepting a token as soon as it is revoked", async () => {
    const { token, entry } = await svc.tokens.create("short-lived");
    svc.tokens.reload();
    expect((await call(svc.url, token, "GET", "/info")).status).toBe(200);
    await svc.tokens.revoke(entry.id);
    svc.tokens.reload();
    expect((await call(svc.url, token, "GET", "/info")).status).toBe(401);
  });
});

describe("submitting a transfer", () => {
  it("queues, broadcasts and commits a CosmJS-signed transfer; balances move by exactly amount + fee", async () => {
    const { wallet, address: alice } = await aminoWallet(info, "alice");
    const before = { alice: await balance(alice), bob: await balance(bob) };
    const body = await signTransfer(svc.url, svc.token, wallet, { from: alice, to: bob, amount: `1234${info.denom}`, memo: "access contract" });

    const posted = await call(svc.url, svc.token, "POST", "/transactions", body);
    expect(posted.status).toBe(202);
    expect(posted.body).toMatchObject({ status: "queued", source: "submitted", from: alice, to: bob, amount: `1234${info.denom}`, nonce: body.nonce, memo: "access contract", fee: `500${info.denom}`, gas: "200000" });
    const txHash = String(posted.body.txHash);
    expect(txHash).toMatch(/^[0-9A-F]{64}$/);

    const again = await call(svc.url, svc.token, "POST", "/transactions", body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ txHash, createdAt: posted.body.createdAt });

    const done = await waitForStatus(svc.url, svc.token, txHash, ["committed", "failed", "rejected"]);
    expect(done).toMatchObject({ status: "committed", code: 0 });
    expect(schemaErrors("Tx", done)).toEqual([]);
    expect(schemaErrors("Tx", posted.body)).toEqual([]);
    expect((done.history as { status: string }[]).map((h) => h.status)).toEqual(["queued", "broadcast", "committed"]);
    // The id is the chain's own hash of the bytes the service built.
    const onChain = await rpcGet(rpc, "tx", { hash: `0x${txHash}` });
    expect(onChain.body.result).toMatchObject({ hash: txHash, height: done.height, tx_result: { code: 0 } });
    expect(before.alice - (await balance(alice))).toBe(1234n + 500n);
    // A client retrying after a lost answer gets the record, even now that its nonce is used.
    const retried = await call(svc.url, svc.token, "POST", "/transactions", body);
    expect(retried).toMatchObject({ status: 200, body: { txHash, status: "committed" } });
    expect((await balance(bob)) - before.bob).toBe(1234n);
  });

  it("holds a later nonce until the gap before it is filled, then broadcasts both in order", async () => {
    const { wallet, address: carol } = await aminoWallet(info, "carol");
    const account = await call(svc.url, svc.token, "GET", `/accounts/${carol}`);
    const next = BigInt(String(account.body.nextNonce));
    const second = await signTransfer(svc.url, svc.token, wallet, { from: carol, to: bob, amount: "2", nonce: String(next + 1n) });
    const first = await signTransfer(svc.url, svc.token, wallet, { from: carol, to: bob, amount: "1", nonce: String(next) });

    const later = await call(svc.url, svc.token, "POST", "/transactions", second);
    expect(later.status).toBe(202);
    const start = await latestHeight();
    await waitFor("two more blocks", async () => ((await latestHeight()) >= start + 2 ? true : undefined));
    expect((await call(svc.url, svc.token, "GET", `/transactions/${String(later.body.txHash)}`)).body.status).toBe("queued");

    const earlier = await call(svc.url, svc.token, "POST", "/transactions", first);
    const a = await waitForStatus(svc.url, svc.token, String(earlier.body.txHash), ["committed"]);
    const b = await waitForStatus(svc.url, svc.token, String(later.body.txHash), ["committed"]);
    expect(Number(a.height)).toBeLessThanOrEqual(Number(b.height));
    expect(BigInt((await chain.getSequence(carol)).sequence)).toBe(next + 2n);
  });

  it("refuses a nonce the chain has already used", async () => {
    const { wallet, address: alice } = await aminoWallet(info, "alice");
    const { sequence } = await chain.getSequence(alice);
    expect(sequence).toBeGreaterThan(0);
    const body = await signTransfer(svc.url, svc.token, wallet, { from: alice, to: bob, amount: "1", nonce: String(sequence - 1) });
    const answer = await call(svc.url, svc.token, "POST", "/transactions", body);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ error: { code: "nonce_too_low" } });
  });

  it("records a transfer the chain included but failed, with its code and log; only the fee moves", async () => {
    const { wallet, address: alice } = await aminoWallet(info, "alice");
    const before = await balance(alice);
    // More than alice holds: the ante handler passes in CheckTx, the bank module fails it in the block.
    const body = await signTransfer(svc.url, svc.token, wallet, { from: alice, to: bob, amount: `${10n ** 18n}${info.denom}` });
    const posted = await call(svc.url, svc.token, "POST", "/transactions", body);
    expect(posted.status).toBe(202);
    const failed = await waitForStatus(svc.url, svc.token, String(posted.body.txHash), ["failed", "committed", "rejected"]);
    expect(failed).toMatchObject({ status: "failed", codespace: "sdk" });
    expect(failed.code).toBeGreaterThan(0);
    expect(String(failed.log)).toMatch(/insufficient funds/);
    expect(before - (await balance(alice))).toBe(500n);
  });

  it("records a CheckTx rejection with the node's log", async () => {
    const { wallet, address: alice } = await aminoWallet(info, "alice");
    // A fee below the nodes' minimum gas price passes every check here, and only CheckTx refuses it.
    const body = await signTransfer(svc.url, svc.token, wallet, { from: alice, to: bob, amount: "1", fee: `1${info.denom}` });
    const posted = await call(svc.url, svc.token, "POST", "/transactions", body);
    expect(posted.status).toBe(202);
    const rejected = await waitForStatus(svc.url, svc.token, String(posted.body.txHash), ["rejected", "committed"]);
    expect(rejected.status).toBe("rejected");
    expect(rejected.code).not.toBe(0);
    expect(String(rejected.log)).toMatch(/insufficient fee/i);
  });
});

describe("sign doc edge cases the chain must agree with", () => {
  it("commits a memo with HTML characters and non-ASCII text, and an amount in another denom", async () => {
    const { wallet, address: alice } = await aminoWallet(info, "alice");
    const memo = "héllo <b>&amp;</b> 🚀 \"quoted\"";
    const body = await signTransfer(svc.url, svc.token, wallet, { from: alice, to: bob, amount: `9${info.stakeDenom}`, memo });
    const posted = await call(svc.url, svc.token, "POST", "/transactions", body);
    expect(posted.status).toBe(202);
    const done = await waitForStatus(svc.url, svc.token, String(posted.body.txHash), ["committed", "rejected", "failed"]);
    expect(done).toMatchObject({ status: "committed", memo, amount: `9${info.stakeDenom}` });
  });
});

describe("sign docs and accounts", () => {
  it("counts transactions queued here in the next nonce", async () => {
    const held = await startTestService(info, { holdMs: 60_000 });
    try {
      const { wallet, address: dave } = await aminoWallet(info, "dave");
      const { sequence } = await chain.getSequence(dave);
      const body = await signTransfer(held.url, held.token, wallet, { from: dave, to: bob, amount: "5" });
      expect(body.nonce).toBe(String(sequence));
      expect((await call(held.url, held.token, "POST", "/transactions", body)).status).toBe(202);

      const doc = await call<{ signDoc: Record<string, unknown> }>(held.url, held.token, "POST", "/transactions/sign-doc", { from: dave, to: bob, amount: "5" });
      expect(doc.body.signDoc).toMatchObject({ chain_id: info.chainId, sequence: String(sequence + 1), memo: "", fee: { amount: [{ denom: info.denom, amount: "500" }], gas: "200000" } });
      expect(doc.body.signDoc.msgs).toEqual([{ type: "cosmos-sdk/MsgSend", value: { from_address: dave, to_address: bob, amount: [{ denom: info.denom, amount: "5" }] } }]);
      const account = await call(held.url, held.token, "GET", `/accounts/${dave}`);
      expect(account.body).toMatchObject({ address: dave, sequence: String(sequence), nextNonce: String(sequence + 1) });
    } finally {
      await held.dispose();
    }
  });

  it("puts a non-zero timeout height into the sign doc and the transaction", async () => {
    const { wallet, address: alice } = await aminoWallet(info, "alice");
    const timeoutHeight = String((await latestHeight()) + 1000);
    const body = await signTransfer(svc.url, svc.token, wallet, { from: alice, to: bob, amount: "3", timeoutHeight });
    const posted = await call(svc.url, svc.token, "POST", "/transactions", body);
    expect(posted.status).toBe(202);
    const done = await waitForStatus(svc.url, svc.token, String(posted.body.txHash), ["committed", "rejected", "failed"]);
    expect(done).toMatchObject({ status: "committed", timeoutHeight });
  });
});

describe("listing", () => {
  it("lists submitted and on-chain transfers newest first, with filters and cursor pages", async () => {
    // A transfer made straight on chain, not through the service.
    const { client, address: erin } = await signingClient(info, "erin");
    const direct = await client.sendTokens(erin, bob, [{ denom: info.denom, amount: "777" }], fixedFee(info), "made elsewhere");
    client.disconnect();
    const found = await waitFor("the direct transfer in the list", async () => {
      const { body } = await call<{ transactions: Record<string, unknown>[] }>(svc.url, svc.token, "GET", `/transactions?address=${erin}`);
      return body.transactions.find((t) => t.txHash === direct.transactionHash);
    });
    expect(found).toMatchObject({ source: "chain", status: "committed", from: erin, to: bob, amount: `777${info.denom}`, memo: "made elsewhere", height: String(direct.height), code: 0 });
    expect(schemaErrors("Tx", found)).toEqual([]);

    const all = await call<{ transactions: unknown[] }>(svc.url, svc.token, "GET", "/transactions?limit=100");
    const first = await call<{ transactions: { txHash: string; createdAt: string; from: string; to: string; status: string }[] }>(svc.url, svc.token, "GET", "/transactions");
    expect(first.status).toBe(200);
    expect(all.body.transactions.length).toBeGreaterThan(3);
    expect(first.body.transactions.length).toBe(Math.min(10, all.body.transactions.length));
    const times = first.body.transactions.map((t) => t.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const seen = new Set<string>();
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await call<{ transactions: { txHash: string }[]; nextCursor?: string }>(svc.url, svc.token, "GET", `/transactions?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      for (const t of page.body.transactions) {
        expect(seen.has(t.txHash)).toBe(false);
        seen.add(t.txHash);
      }
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor && pages < 1000);
    expect(seen.size).toBeGreaterThanOrEqual(all.body.transactions.length);

    const byErin = await call<{ transactions: { from: string; to: string }[] }>(svc.url, svc.token, "GET", `/transactions?limit=100&address=${erin}`);
    expect(byErin.body.transactions.every((t) => t.from === erin || t.to === erin)).toBe(true);
    const rejected = await call<{ transactions: { status: string }[] }>(svc.url, svc.token, "GET", "/transactions?status=rejected");
    expect(rejected.body.transactions.length).toBeGreaterThan(0);
    expect(rejected.body.transactions.every((t) => t.status === "rejected")).toBe(true);
  });

  it.each([
    ["status=pending", "status"],
    ["address=cosmos1xyz", "address"],
    ["cursor=not-ours", "cursor"],
  ])("refuses %s", async (query, field) => {
    const answer = await call(svc.url, svc.token, "GET", `/transactions?${query}`);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(field);
  });

  it.each(["abc", "-1", "0", "1e9", "101", "2.5"])("refuses limit=%s naming the allowed range", async (limit) => {
    const answer = await call(svc.url, svc.token, "GET", `/transactions?limit=${limit}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: "invalid_request" } });
    expect(JSON.stringify(answer.body)).toContain("1 to 100");
  });
});
