import { toBase64 } from "@cosmjs/encoding";
import { coins } from "@cosmjs/stargate";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fixedFee, signingClient } from "../../../devnet/test/chain-client.js";
import { type HostileNode, startHostileNode } from "../../../devnet/test/hostile-node.js";
import { txIdOf } from "../../../shared/cosmos/tx-id.js";
import { registerChainHandlers } from "./chain-handlers.js";
import { createRpcTransport, type RpcTransport } from "./rpc-transport.js";

/**
 * A block's transactions a page at a time, against the real devnet: a block with several
 * transfers read whole and in pages, each page the same transactions and ids as the whole; a
 * page read in the read worker (main's own transport never asked), and the next page of a height
 * read from the worker's recent blocks instead of the node again.
 */
const info = inject("devnet");
const rpc = info.nodes[0]!.rpc;
/** Routes main asked through its own transport; the node (an honest proxy in front of the devnet's) counts what it was asked. */
const routes: string[] = [];
let node: HostileNode;
let chain: ReturnType<typeof registerChainHandlers>;
const releases: Array<() => Promise<void>> = [];
let height = "";
afterAll(async () => {
  await Promise.all(releases.map((release) => release()));
  await node?.close();
});

describe("a block's transactions in pages", () => {
  beforeAll(async () => {
    node = await startHostileNode({ upstream: rpc });
    const real = createRpcTransport({ endpoints: () => [{ url: node.url, kind: "node" }] });
    const counting: RpcTransport = { ...real, call: (request) => (routes.push(request.route), real.call(request)) };
    chain = registerChainHandlers({
      transport: counting,
      defaultMethod: () => "POST",
      connection: () => ({ networkId: "devnet", endpoint: node.url, state: "idle", lastHeight: null, reason: null }),
      expectedChainId: () => info.chainId,
      onClose: (release) => releases.push(release),
    });
    // Six transfers signed with consecutive sequences and broadcast at once: most share a block.
    const { client, address } = await signingClient(info, "carol");
    const { accountNumber, sequence } = await client.getSequence(address);
    const to = info.accounts.find((a) => a.name === "erin")!.address;
    const txs: string[] = [];
    for (let i = 0; i < 6; i++) {
      const raw = await client.sign(address, [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: address, toAddress: to, amount: coins(1 + i, info.denom) } }], fixedFee(info), "", { accountNumber, sequence: sequence + i, chainId: info.chainId });
      txs.push(toBase64(TxRaw.encode(raw).finish()));
    }
    for (const tx of txs) expect((await chain.broadcastTxSync({ tx })).code).toBe(0);
    const heights = new Map<string, number>();
    for (const tx of txs) {
      const hash = txIdOf(Buffer.from(tx, "base64"));
      for (let i = 0; i < 80; i++) {
        const found = await Promise.resolve().then(() => chain.tx({ hash })).catch(() => undefined);
        if (found) {
          heights.set(found.height, (heights.get(found.height) ?? 0) + 1);
          break;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    client.disconnect();
    height = [...heights].sort((a, b) => b[1] - a[1])[0]![0];
    expect(heights.get(height)).toBeGreaterThanOrEqual(2);
  });

  it("a page holds the same transactions and ids as the whole block, with the block's count", async () => {
    const whole = await chain.block({ height });
    expect(whole.txCount).toBe(whole.txs.length);
    expect(whole.txOffset).toBe(0);
    const second = await chain.block({ height, txOffset: 1, txLimit: 1 });
    expect(second).toMatchObject({ txCount: whole.txCount, txOffset: 1, txs: [whole.txs[1]], txHashes: [whole.txHashes[1]] });
    expect(second.header).toEqual(whole.header);
    const first = await chain.block({ height, txLimit: 1 });
    expect(first).toMatchObject({ txOffset: 0, txs: [whole.txs[0]], txHashes: [whole.txHashes[0]] });
    const past = await chain.block({ height, txOffset: whole.txCount + 5, txLimit: 10 });
    expect(past).toMatchObject({ txCount: whole.txCount, txOffset: whole.txCount, txs: [], txHashes: [] });
  });

  it("reads pages off main's transport, the next page of a height from the blocks read last, not from the node again", async () => {
    const asked = (route: string) => node.seen.get(route) ?? 0;
    const other = String(BigInt(height) - 1n);
    const otherHash = (await chain.block({ height: other })).blockId.hash; // a whole block is read by main, and not kept
    expect(routes).toContain("block");
    routes.length = 0;
    const before = asked("block");
    await chain.block({ height, txLimit: 1 });
    await chain.block({ height, txOffset: 1, txLimit: 1 });
    await chain.block({ height, txOffset: 0, txLimit: 2 });
    const afterPages = asked("block");
    expect(afterPages - before).toBeLessThanOrEqual(1); // none when the first test's pages are still kept
    // A page by hash keeps the block for its height too.
    const byHash = asked("block_by_hash");
    await chain.blockByHash({ hash: otherHash, txLimit: 1 });
    await chain.block({ height: other, txOffset: 0, txLimit: 1 });
    expect(asked("block_by_hash") - byHash).toBe(1);
    expect(asked("block")).toBe(afterPages);
    expect(routes).toEqual([]); // main's event loop neither fetched nor parsed a page's block
  });
});
