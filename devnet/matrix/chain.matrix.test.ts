/**
 * The cross-generation checks: this file runs once per devnet variant (`npm test -- matrix`, or
 * `COMETDESK_DEVNET_VARIANT=sdk50 npx vitest run --project matrix`). A check added here runs
 * against every generation; one that a generation cannot pass says so in its own condition.
 */
import { coins } from "@cosmjs/stargate";
import { describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { variantByName } from "../lib/variants.js";
import { fixedFee, rpcGet } from "../test/chain-client.js";
import { until } from "../test/until.js";
import { matrixSigningClient } from "./comet-client.js";

const info = inject("devnet");
const variant = variantByName(info.variant);
const rpc = info.nodes[0]!.rpc;

const AbciInfo = z.object({ response: z.object({ version: z.string().optional(), last_block_height: z.coerce.number().optional() }) });
const Status = z.object({ node_info: z.object({ version: z.string() }), sync_info: z.object({ latest_block_height: z.coerce.number() }) });

async function status(): Promise<z.infer<typeof Status>> {
  return Status.parse((await rpcGet(rpc, "status")).body.result);
}

describe(`the ${info.variant} devnet (Cosmos SDK ${info.sdkVersion}, CometBFT ${info.cometbftVersion})`, () => {
  it("names its Cosmos SDK version in abci_info and its CometBFT version in status", async () => {
    const abci = AbciInfo.parse((await rpcGet(rpc, "abci_info")).body.result);
    expect(abci.response.version).toBe(info.sdkVersion);
    expect(abci.response.version?.startsWith(`${variant.sdkLine}.`)).toBe(true);
    // Only the release line: CometBFT reports a constant of its source that some releases forgot
    // to move (v0.38.20 says 0.38.19, v0.38.23 says 0.38.22); devnet.json has the exact version.
    const node = await status();
    expect(node.node_info.version.startsWith(`${variant.cometbftLine}.`), node.node_info.version).toBe(true);
    expect(info.cometbftVersion.startsWith(`${variant.cometbftLine}.`)).toBe(true);
  });

  it("keeps producing blocks", async () => {
    const start = (await status()).sync_info.latest_block_height;
    const later = await until("two more blocks", 30, async () => {
      const height = (await status()).sync_info.latest_block_height;
      return height >= start + 2 ? height : undefined;
    });
    expect(later).toBeGreaterThanOrEqual(start + 2);
  });

  it("commits a bank transfer signed with CosmJS: balances move by amount + fee, and the tx is found by hash", async () => {
    const { client, address: alice } = await matrixSigningClient(info, "alice");
    try {
      const bob = info.accounts.find((a) => a.name === "bob")!.address;
      const before = { alice: await client.getBalance(alice, info.denom), bob: await client.getBalance(bob, info.denom) };
      const result = await client.sendTokens(alice, bob, coins(4321, info.denom), fixedFee(info), `matrix ${info.variant}`);
      expect(result.code).toBe(0);
      const after = { alice: await client.getBalance(alice, info.denom), bob: await client.getBalance(bob, info.denom) };
      expect(BigInt(before.alice.amount) - BigInt(after.alice.amount)).toBe(4321n + 5000n);
      expect(BigInt(after.bob.amount) - BigInt(before.bob.amount)).toBe(4321n);
      const found = await rpcGet(rpc, "tx", { hash: `0x${result.transactionHash}` });
      expect(found.body.result).toMatchObject({ hash: result.transactionHash, height: String(result.height), tx_result: { code: 0 } });
    } finally {
      client.disconnect();
    }
  });
});
