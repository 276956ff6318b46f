import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import type { Network } from "../../../../shared/contract/network.js";
import { sequenceOf } from "../../../../devnet/test/chain-client.js";
import { createEventHub } from "../../event-hub.js";
import { registerChainHandlers } from "../../rpc/chain-handlers.js";
import { runAbciQuery } from "../../rpc/module-query.js";
import { createRpcTransport } from "../../rpc/rpc-transport.js";
import { createProblemLog } from "../../storage/problems.js";
import { openVault } from "../../vault/vault.js";
import { spendableBalancesQuery } from "../../../../shared/cosmos/bank/queries.js";
import { openOutbox } from "../outbox.js";
import { TEST_PORT_BASE } from "../../../../devnet/test/global-setup.js";
import { createDirectChain, type DirectChain } from "./direct-chain.js";
import { createDirectSender } from "./direct-sender.js";

/**
 * Direct mode's outbox against the real devnet: the signed bytes are on disk before any node
 * hears of them, so a crash right after signing loses nothing, and the restart sends the very
 * same bytes (the same hash) instead of signing again; a send past its timeout height is void.
 */
const info = inject("devnet");
const erin = info.accounts.find((a) => a.name === "erin")!;
const dave = info.accounts.find((a) => a.name === "dave")!;
const network: Network = {
  id: "devnet-rpc", name: "Devnet by RPC", chainId: info.chainId, accessUrl: null, rpcUrls: [info.nodes[0]!.rpc], bech32Prefix: info.bech32Prefix,
  denoms: [{ base: info.denom, display: "COMET", exponent: 6 }], defaultDenom: info.denom,
  gasPrices: { denom: info.denom, low: "0.0025", average: "0.005", high: "0.01" }, rpcVia: "direct", source: "user",
};
const transport = createRpcTransport({ endpoints: () => [{ url: info.nodes[0]!.rpc, kind: "node" }] });
const handlers = registerChainHandlers({ transport, defaultMethod: () => "POST", connection: () => ({ networkId: network.id, endpoint: null, state: "idle", lastHeight: null, reason: null }), expectedChainId: () => info.chainId });
const chain = createDirectChain(handlers, transport);
/** The app as it was when the process died: it wrote the outbox, and the broadcast never happened. */
const crashing: DirectChain = { ...chain, broadcast: async () => { throw new Error("the process died before broadcasting"); } };

async function app(dataDir: string, chainOf: DirectChain) {
  const problems = createProblemLog();
  const vault = openVault({ dataDir, prefix: () => info.bech32Prefix, autoLockMs: () => 0, events: createEventHub(), problems });
  if (!vault.status().exists) await vault.import(erin.mnemonic, "a long password");
  else await vault.unlock("a long password");
  const outbox = openOutbox(dataDir, problems);
  const spendable = (_: Network, address: string) => runAbciQuery(async (q) => chain.abciQuery(q), spendableBalancesQuery, { address }, "balance_query_failed", "spendable balance");
  return { vault, outbox, sender: createDirectSender({ vault, outbox, chainFor: () => chainOf, spendable }) };
}
const transfer = (amount: string, extra: Record<string, string> = {}) => ({
  messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend" as const, value: { fromAddress: erin.address, toAddress: dave.address, amount: [{ denom: info.denom, amount }] } }],
  ...extra,
});
const waitFor = async <T>(what: () => Promise<T | undefined>): Promise<T> => {
  for (let i = 0; i < 80; i++) {
    const got = await what();
    if (got !== undefined) return got;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("timed out");
};

describe("direct mode's broadcast", () => {
  it("fails over to the next node when the first does not answer, with the same signed bytes", async () => {
    // A port of this suite's own range that nothing listens on, named first: a node that is down.
    const dead = `http://127.0.0.1:${TEST_PORT_BASE + 20_002}`;
    const fresh = createRpcTransport({ endpoints: () => [{ url: dead, kind: "node" }, { url: info.nodes[0]!.rpc, kind: "node" }] });
    const failingOver: DirectChain = { ...chain, broadcast: createDirectChain(handlers, fresh).broadcast };
    const { sender, vault } = await app(mkdtempSync(join(tmpdir(), "cometdesk-direct-outbox-")), failingOver);
    const tx = await sender.send(network, transfer("34"));
    expect((await waitFor(() => chain.committed(tx.txHash))).result.code).toBe(0);
    expect(fresh.lastFailover()).toMatchObject({ from: dead });
    vault.close();
  });
});

describe("direct mode's outbox", () => {
  it("keeps the signed bytes through a crash before the broadcast, and the restart sends those same bytes", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-direct-outbox-"));
    const before = await sequenceOf(info.nodes[0]!.rpc, erin.address);
    const first = await app(dataDir, crashing);
    await expect(first.sender.send(network, transfer("31"))).rejects.toThrow(/died/);
    const [stored] = first.outbox.unconfirmed();
    expect(stored).toMatchObject({ state: "signed", nonce: String(before), from: erin.address });
    first.vault.close();

    const restarted = await app(dataDir, chain);
    const settled = await restarted.sender.reconcile(() => network);
    expect(settled.map((s) => s.tx.txHash)).toEqual([stored!.txHash]);
    const committed = await waitFor(() => chain.committed(stored!.txHash));
    expect(committed.result.code).toBe(0);
    expect(await sequenceOf(info.nodes[0]!.rpc, erin.address)).toBe(before + 1);
    expect(restarted.outbox.unconfirmed()).toHaveLength(0);
    restarted.vault.close();
  });

  it("gives up, without resending, a send the crash kept past its timeout height", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-direct-outbox-"));
    const height = await chain.latestHeight();
    const first = await app(dataDir, crashing);
    await expect(first.sender.send(network, transfer("32", { timeoutHeight: String(height + 2n) }))).rejects.toThrow(/died/);
    const [stored] = first.outbox.unconfirmed();
    first.vault.close();
    await waitFor(async () => ((await chain.latestHeight()) > height + 2n ? true : undefined));

    const restarted = await app(dataDir, chain);
    expect(await restarted.sender.reconcile(() => network)).toEqual([]);
    expect(restarted.outbox.list().find((s) => s.requestId === stored!.requestId)).toMatchObject({ state: "abandoned", problem: expect.stringMatching(/timeout height/) });
    expect(await chain.committed(stored!.txHash)).toBeUndefined();
    // Its sequence is free again: the next send takes it.
    const next = await restarted.sender.send(network, transfer("33"));
    expect(next.nonce).toBe(String(await sequenceOf(info.nodes[0]!.rpc, erin.address)));
    await waitFor(() => chain.committed(next.txHash));
    restarted.vault.close();
  });
});
