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
