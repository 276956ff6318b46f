import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { EventPayload } from "../../../shared/events.js";
import { createAccessClient } from "../access/access-client.js";
import { AccessError } from "../access/access-errors.js";
import { createServices, type Services } from "../create-services.js";

/**
 * Transfers end to end: the vault signs in main, the real access service queues and broadcasts,
 * the real devnet commits. Uses the access service that `devnet up` starts (devnet.json "access").
 */
const info = inject("devnet");
const access = info.access;
const alice = info.accounts.find((a) => a.name === "alice")!;
const bob = info.accounts.find((a) => a.name === "bob")!;
let services: Services;
const call = async (method: string, args: unknown = {}) => {
  const answer = await services.dispatcher.dispatch(method, args);
  if (!answer.ok) throw Object.assign(new Error(`${method}: ${answer.error.code} ${answer.error.message}`), answer.error);
  return answer.value as Record<string, unknown>;
};
const statuses: Array<EventPayload<"tx.statusChanged">> = [];

describe("transfers through the access service", () => {
  beforeAll(async () => {
    expect(access, "devnet.json names no access service: `devnet up` should start it").toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-tx-it-"));
    writeFileSync(join(dir, "devnet.json"), JSON.stringify(info));
    services = await createServices({ dataDir: join(dir, "data"), tokenStore: { kind: "memory" }, devnetJsonPath: join(dir, "devnet.json") });
    services.events.listen((event, payload) => event === "tx.statusChanged" && statuses.push(payload as EventPayload<"tx.statusChanged">));
    await call("wallet.import", { mnemonic: alice.mnemonic, password: "a long password" });
  });
  afterAll(() => services?.close());

  it("uses the devnet's dev token without ever showing it", async () => {
    expect(await call("network.tokenStatus", { id: "devnet" })).toEqual({ hasToken: true, plainHttp: false });
    expect(await call("tx.info")).toMatchObject({ chainId: info.chainId, defaultDenom: info.denom });
    expect(JSON.stringify(await call("network.list"))).not.toContain(access!.token);
  });

  it("reads the chain through the access service's /rpc, by POST and by GET", async () => {
    expect(await call("chain.status")).toMatchObject({ nodeInfo: { network: info.chainId } });
    expect(await call("chain.block", { height: "1", via: "GET" })).toMatchObject({ header: { height: "1" } });
  });

  it("signs in main, submits, and follows the transfer to committed", async () => {
    const committed = new Promise<void>((resolve) => services.events.listen((e, p) => e === "tx.statusChanged" && (p as { status: string }).status === "committed" && resolve()));
    const tx = await call("tx.submit", { from: alice.address, to: bob.address, amount: `1234${info.denom}`, memo: "from the app core" });
    expect(tx).toMatchObject({ status: "queued", from: alice.address, to: bob.address, amount: `1234${info.denom}` });
    await committed;
    const got = await call("tx.get", { id: tx.txHash });
    expect(got).toMatchObject({ status: "committed", code: 0 });
    expect((got.history as Array<{ status: string }>).map((h) => h.status)).toEqual(expect.arrayContaining(["queued", "broadcast", "committed"]));
    const list = await call("tx.list", { address: alice.address, limit: 5 });
    expect((list.transactions as Array<{ txHash: string }>).map((t) => t.txHash)).toContain(tx.txHash);
    expect(statuses.filter((s) => s.txHash === tx.txHash).at(-1)).toMatchObject({ status: "committed" });
  });

  it("gives two quick submissions from one sender consecutive nonces", async () => {
    const [a, b] = await Promise.all([
      call("tx.submit", { from: alice.address, to: bob.address, amount: "11" }),
      call("tx.submit", { from: alice.address, to: bob.address, amount: "12" }),
    ]);
    expect(BigInt(b.nonce as string) - BigInt(a.nonce as string)).toBe(1n);
    await call("tx.cancel", { id: b.txHash });
    await call("tx.cancel", { id: a.txHash });
  });

  it("cancels a transfer inside the hold window", async () => {
    const tx = await call("tx.submit", { from: alice.address, to: bob.address, amount: "5" });
    expect(await call("tx.cancel", { id: tx.txHash })).toMatchObject({ status: "cancelled" });
  });

  it("refuses in main, before signing, a transfer above what the account can spend: nothing is submitted and no fee is charged", async () => {
    const onChain = async () => {
      const { balances } = (await call("wallet.balances", { address: alice.address })) as { balances: Array<{ denom: string; amount: string }> };
      const account = await call("tx.account", { address: alice.address });
      return { balance: balances.find((b) => b.denom === info.denom)?.amount, sequence: account.sequence, nextNonce: account.nextNonce };
    };
    const hashes = async () => ((await call("tx.list", { address: alice.address, limit: 100 })).transactions as Array<{ txHash: string }>).map((t) => t.txHash);
    const outbox = async () => ((await call("tx.outbox")).entries as unknown[]).length;
    const funds = (await call("tx.funds", { address: alice.address })) as { available: Array<{ denom: string; amount: string }> };
    const available = BigInt(funds.available.find((c) => c.denom === info.denom)!.amount);
    const before = { chain: await onChain(), hashes: await hashes(), outbox: await outbox() };
    expect(before.chain.balance).toBe(available.toString()); // nothing of alice's is pending now

    // Five times the balance, then all of it (the fee is what does not fit).
    const over = call("tx.submit", { from: alice.address, to: bob.address, amount: `${available * 5n}${info.denom}` });
    await expect(over).rejects.toMatchObject({ code: "insufficient_funds", message: expect.stringMatching(/^Nothing was signed: That is more than this account can spend: [\d.]+ COMET is available\.$/) });
    const all = call("tx.submit", { from: alice.address, to: bob.address, amount: `${available}${info.denom}`, fee: `500${info.denom}` });
    await expect(all).rejects.toMatchObject({ code: "insufficient_funds", message: expect.stringContaining("At most") });
    expect(await outbox()).toBe(before.outbox);
    expect(await hashes()).toEqual(before.hashes);
    expect(await onChain()).toEqual(before.chain);
    // Past the hold window and a few blocks on, still nothing: no transfer, no fee, no sequence used.
    const height = async () => BigInt(((await call("chain.status")).syncInfo as { latestBlockHeight: string }).latestBlockHeight);
    const until = Date.now() + Number((await call("tx.info")).holdWindowMs);
    const height0 = await height();
    await expect.poll(async () => Date.now() > until && (await height()) > height0 + 2n, { timeout: 30_000 }).toBe(true);
    expect(await onChain()).toEqual(before.chain);
    expect(await hashes()).toEqual(before.hashes);
  });

  it("counts what the account's pending transfers will take, and refuses what no longer fits beside them", async () => {
    const held = await call("tx.submit", { from: alice.address, to: bob.address, amount: `2000000${info.denom}`, fee: `500${info.denom}` });
    const funds = (await call("tx.funds", { address: alice.address })) as Record<"spendable" | "pending" | "available", Array<{ denom: string; amount: string }>>;
    const of = (coins: Array<{ denom: string; amount: string }>) => BigInt(coins.find((c) => c.denom === info.denom)?.amount ?? "0");
    expect(of(funds.pending)).toBe(2_000_500n);
    expect(of(funds.available)).toBe(of(funds.spendable) - 2_000_500n);
    // Fits the chain's balance, but not beside the queued transfer.
    const next = call("tx.submit", { from: alice.address, to: bob.address, amount: `${of(funds.spendable) - 1_000_000n}${info.denom}` });
    await expect(next).rejects.toMatchObject({ code: "insufficient_funds", message: expect.stringContaining("held by transactions still pending") });
    await call("tx.cancel", { id: held.txHash });
  });

  it("maps the service's refusals to typed errors", async () => {
    const client = createAccessClient({ baseUrl: access!.url, token: async () => "not-a-token" });
    const error = await client.info().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccessError);
    expect(error).toMatchObject({ status: 401, serviceCode: "unauthorized", code: "access_unauthorized" });
    const good = createAccessClient({ baseUrl: access!.url, token: async () => access!.token });
    await expect(good.get("F".repeat(64))).rejects.toMatchObject({ status: 404, code: "access_not_found" });
    await expect(call("tx.submit", { from: bob.address, to: alice.address, amount: "5" })).rejects.toMatchObject({ code: "unknown_signer" });
  });
});
