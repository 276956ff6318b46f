import { toBase64, toHex } from "@cosmjs/encoding";
import { coins } from "@cosmjs/stargate";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { fixedFee, rpcGet, rpcPost, signingClient } from "./test/chain-client.js";

/**
 * Every route of the five CometBFT RPC families answers on the devnet, by GET (URI form)
 * and by POST (JSON-RPC 2.0). Later features build on exactly these calls.
 */
const info = inject("devnet");
const rpc = info.nodes[0]!.rpc;

interface Fixture {
  blockHash: Uint8Array;
  txHash: Uint8Array;
  /** Signed transfers in sequence order, one per broadcast call (GET then POST of each route). */
  broadcasts: Uint8Array[];
  /**
   * Transfers for check_tx, each from its own signer: CheckTx advances the signer's sequence in
   * the app's check state, which would make later transactions of the same signer fail.
   */
  checks: Uint8Array[];
}
let f: Fixture;

const bob = info.accounts.find((a) => a.name === "bob")!.address;

/** `count` transfers to bob signed offline by `name`, with consecutive sequences. */
async function signTransfers(name: string, count: number): Promise<Uint8Array[]> {
  const { client, address } = await signingClient(info, name);
  const { accountNumber, sequence } = await client.getSequence(address);
  const chainId = await client.getChainId();
  const txs: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const msg = { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: address, toAddress: bob, amount: coins(1 + i, info.denom) } };
    const raw = await client.sign(address, [msg], fixedFee(info), `rpc family ${i}`, { accountNumber, sequence: sequence + i, chainId });
    txs.push(TxRaw.encode(raw).finish());
  }
  client.disconnect();
  return txs;
}

beforeAll(async () => {
  const { client, address } = await signingClient(info, "carol");
  const sent = await client.sendTokens(address, bob, coins(1, info.denom), fixedFee(info));
  client.disconnect();
  const block = (await rpcPost(rpc, "block", { height: String(sent.height) })).result as { block_id: { hash: string } };
  f = {
    blockHash: Buffer.from(block.block_id.hash, "hex"),
    txHash: Buffer.from(sent.transactionHash, "hex"),
    broadcasts: await signTransfers("carol", 6),
    checks: [...(await signTransfers("erin", 1)), ...(await signTransfers("dave", 1))],
  };
});

type Params = (fx: Fixture) => { get: Record<string, string>; post: Record<string, unknown> };
const none: Params = () => ({ get: {}, post: {} });
const height: Params = () => ({ get: { height: "1" }, post: { height: "1" } });
// The URI form takes 0x-hex for byte parameters. JSON-RPC takes base64 for []byte parameters
// (block_by_hash, tx, broadcast_*) but plain hex for HexBytes ones (header_by_hash).
const byHash = (key: "blockHash" | "txHash"): Params => (fx) => ({ get: { hash: `0x${toHex(fx[key])}` }, post: { hash: toBase64(fx[key]) } });
const headerByHash: Params = (fx) => ({ get: { hash: `0x${toHex(fx.blockHash)}` }, post: { hash: toHex(fx.blockHash) } });
const txPair = (get: Uint8Array, post: Uint8Array) => ({ get: { tx: `0x${toHex(get)}` }, post: { tx: toBase64(post) } });
// Broadcast routes take the next two transfers in sequence order: the GET one, then the POST one.
let nextBroadcast = 0;
const broadcast: Params = (fx) => txPair(fx.broadcasts[nextBroadcast++]!, fx.broadcasts[nextBroadcast++]!);
const check: Params = (fx) => txPair(fx.checks[0]!, fx.checks[1]!);
const query = (q: string): Params => () => ({ get: { query: `"${q}"` }, post: { query: q } });

const families: Record<string, Record<string, Params>> = {
  abci: {
    abci_info: none,
    abci_query: () => ({ get: { path: '"/app/version"' }, post: { path: "/app/version" } }),
  },
  "blocks and headers": {
    block: height,
    block_by_hash: byHash("blockHash"),
    block_results: height,
    blockchain: () => ({ get: { minHeight: "1", maxHeight: "3" }, post: { minHeight: "1", maxHeight: "3" } }),
    block_search: query("block.height >= 1"),
    header: height,
    header_by_hash: headerByHash,
    commit: height,
  },
  "consensus and genesis": {
    consensus_state: none,
    dump_consensus_state: none,
    consensus_params: height,
    genesis: none,
    genesis_chunked: () => ({ get: { chunk: "0" }, post: { chunk: "0" } }),
  },
  "transactions and broadcast": {
    tx: byHash("txHash"),
    tx_search: query("tx.height >= 1"),
    check_tx: check,
    broadcast_tx_sync: broadcast,
    broadcast_tx_async: broadcast,
    broadcast_tx_commit: broadcast,
  },
  "validators, mempool and health": {
    validators: height,
    unconfirmed_txs: () => ({ get: { limit: "5" }, post: { limit: "5" } }),
    num_unconfirmed_txs: none,
    health: none,
    status: none,
    net_info: none,
  },
};

describe.each(Object.entries(families))("the %s family", (_family, routes) => {
  it.each(Object.entries(routes))("%s answers by GET and by POST", async (route, params) => {
    const p = params(f);
    const get = await rpcGet(rpc, route, p.get);
    expect(get.body.error, `GET ${route}: ${JSON.stringify(get.body.error)}`).toBeUndefined();
    expect(get.status).toBe(200);
    expect(get.body.result).toBeTypeOf("object");

    const post = await rpcPost(rpc, route, p.post, `id-${route}`);
    expect(post.error, `POST ${route}: ${JSON.stringify(post.error)}`).toBeUndefined();
    expect(post.id).toBe(`id-${route}`);
    expect(post.result).toBeTypeOf("object");
    // A successful check or broadcast must say so: code 0 (or no code for the async form).
    for (const result of [get.body.result, post.result] as Array<Record<string, unknown>>) {
      if ("code" in result) expect(result.code, `${route} ${JSON.stringify(result)}`).toBe(0);
      if ("tx_result" in result) expect((result.tx_result as { code: number }).code).toBe(0);
    }
  });
});

describe("route results carry the data a client relies on", () => {
  it("block 1 by height and by hash agree", async () => {
    const byHeight = (await rpcPost(rpc, "block", { height: "1" })).result as { block_id: { hash: string } };
    const hash = Buffer.from(byHeight.block_id.hash, "hex");
    const viaHash = (await rpcPost(rpc, "block_by_hash", { hash: toBase64(hash) })).result as { block: { header: { height: string } } };
    expect(viaHash.block.header.height).toBe("1");
  });

  it("validators lists the single devnet validator and status names the chain", async () => {
    const validators = (await rpcPost(rpc, "validators", {})).result as { total: string };
    expect(validators.total).toBe("1");
    const status = (await rpcPost(rpc, "status", {})).result as { node_info: { network: string } };
    expect(status.node_info.network).toBe(info.chainId);
  });
});
