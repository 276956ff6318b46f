import { coins } from "@cosmjs/stargate";
import { describe, expect, inject, it } from "vitest";
import { join } from "node:path";
import { accessPidFile } from "./lib/access.js";
import { up } from "./lib/devnet.js";
import { layoutFromEnv, withVariant } from "./lib/layout.js";
import { isAlive, runningPid } from "./lib/processes.js";
import { silentProgress } from "./lib/progress.js";
import { moduleVersions, VARIANTS } from "./lib/variants.js";
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

  it("lets no web page read its node or REST API: no CORS header for a foreign origin, not even on a preflight", async () => {
    const origin = "https://evil.example";
    const node = info.nodes[0]!;
    for (const url of [`${node.rpc}/status`, `${node.api}/cosmos/base/tendermint/v1beta1/node_info`]) {
      const read = await fetch(url, { headers: { origin } });
      expect(read.status, url).toBe(200);
      expect(read.headers.get("access-control-allow-origin"), url).toBeNull();
      const preflight = await fetch(url, { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" } });
      expect(preflight.headers.get("access-control-allow-origin"), `${url} preflight`).toBeNull();
    }
  });

  it("answers `up` again without restarting anything", async () => {
    const layout = layoutFromEnv({ ...process.env, ...TEST_DEVNET_ENV });
    const again = await up(layout, {}, silentProgress);
    expect(again.alreadyRunning).toBe(true);
    expect(again.info.nodes).toEqual(info.nodes);
  });

  it("starts only a killed node again, keeping the running access service and its token", async () => {
    const layout = layoutFromEnv({ ...process.env, ...TEST_DEVNET_ENV });
    const nodePid = runningPid(join(layout.nodesDir, "node0.pid"))!;
    const accessPid = runningPid(accessPidFile(layout));
    expect(accessPid).toBeDefined();
    process.kill(nodePid, "SIGKILL");
    await expect.poll(() => isAlive(nodePid), { timeout: 10_000 }).toBe(false);
    const again = await up(layout, {}, silentProgress);
    expect(again.alreadyRunning).toBe(false);
    expect(runningPid(join(layout.nodesDir, "node0.pid"))).not.toBe(nodePid);
    expect(runningPid(accessPidFile(layout))).toBe(accessPid);
    expect(again.info.access?.token).toBe(info.access?.token);
    const height = async () => Number(((await rpcGet(info.nodes[0]!.rpc, "status")).body.result as { sync_info: { latest_block_height: string } }).sync_info.latest_block_height);
    const restartedAt = await height();
    await expect.poll(height, { timeout: 60_000 }).toBeGreaterThan(restartedAt);
  });

  it("refuses to change the validator count of an existing chain", async () => {
    const layout = layoutFromEnv({ ...process.env, ...TEST_DEVNET_ENV });
    await expect(up(layout, { validators: 4 }, silentProgress)).rejects.toThrow(/created with 1 validator/);
  });

  it("records its variant, and refuses another variant for the existing chain, naming reset", async () => {
    const layout = layoutFromEnv({ ...process.env, ...TEST_DEVNET_ENV });
    expect(info.variant).toBe(layout.variant.name);
    expect(info.sdkVersion).toBe(moduleVersions(layout.chainModuleDir).sdk);
    const other = VARIANTS.find((v) => v.name !== info.variant)!;
    const refused = up(withVariant(layout, other, true), {}, silentProgress);
    await expect(refused).rejects.toThrow(`the devnet was created with the ${info.variant} variant, not ${other.name}`);
    await expect(refused).rejects.toMatchObject({ hint: expect.stringContaining("npm run devnet -- reset") });
    // Not asked for (no --variant, no COMETDESK_DEVNET_VARIANT): the chain keeps its own and is still up.
    const kept = await up(withVariant(layout, other, false), {}, silentProgress);
    expect([kept.alreadyRunning, kept.info.variant]).toEqual([true, info.variant]);
  });
});
