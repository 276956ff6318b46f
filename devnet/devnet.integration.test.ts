import { coins } from "@cosmjs/stargate";
import { describe, expect, inject, it } from "vitest";
import { up } from "./lib/devnet.js";
import { layoutFromEnv } from "./lib/layout.js";
import { silentProgress } from "./lib/progress.js";
import { fixedFee, rpcGet, signingClient } from "./test/chain-client.js";
import { TEST_DEVNET_ENV } from "./test/global-setup.js";

const info = inject("devnet");

describe("the single-validator devnet", () => {
  it("describes itself in devnet.json with the agreed keys", () => {
    expect(info.chainId).toBe("cometdesk-devnet");
    expect(info.bech32Prefix).toBe("cosmos");
    expect(info.denom).not.toBe(info.stakeDenom);
    expect(info.nodes[0]!.rpc).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.accounts.length).toBeGreaterThanOrEqual(5);
  });

  it("commits a bank transfer: balances move by exactly amount + fee and the tx is found by hash", async () => {
    const { client, address: alice } = await signingClient(info, "alice");
    const bob = info.accounts.find((a) => a.name === "bob")!.address;
    const before = { alice: await client.getBalance(alice, info.denom), bob: await client.getBalance(bob, info.denom) };

    const result = await client.sendTokens(alice, bob, coins(1234567, info.denom), fixedFee(info), "devnet test");
    expect(result.code).toBe(0);

    const after = { alice: await client.getBalance(alice, info.denom), bob: await client.getBalance(bob, info.denom) };
    expect(BigInt(before.alice.amount) - BigInt(after.alice.amount)).toBe(1234567n + 5000n);
    expect(BigInt(after.bob.amount) - BigInt(before.bob.amount)).toBe(1234567n);

    const found = await rpcGet(info.nodes[0]!.rpc, "tx", { hash: `0x${result.transactionHash}` });
    expect(found.status).toBe(200);
    expect(found.body.result).toMatchObject({ hash: result.transactionHash, height: String(result.height), tx_result: { code: 0 } });
    client.disconnect();
  });

  it("answers `up` again without restarting anything", async () => {
    const layout = layoutFromEnv({ ...process.env, ...TEST_DEVNET_ENV });
    const again = await up(layout, {}, silentProgress);
    expect(again.alreadyRunning).toBe(true);
    expect(again.info.nodes).toEqual(info.nodes);
  });

  it("refuses to change the validator count of an existing chain", async () => {
    const layout = layoutFromEnv({ ...process.env, ...TEST_DEVNET_ENV });
    await expect(up(layout, { validators: 4 }, silentProgress)).rejects.toThrow(/created with 1 validator/);
  });
});
