import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { sequenceOf } from "../../../../devnet/test/chain-client.js";
import { TEST_PORT_BASE } from "../../../../devnet/test/global-setup.js";
import { createRpcTransport } from "../../rpc/rpc-transport.js";
import { devnetDirectChain, startDirectSender } from "../../testing/direct-app.js";
import { createDirectChain, type DirectChain } from "./direct-chain.js";

/**
 * Direct mode's outbox against the real devnet: the signed bytes are on disk before any node
 * hears of them, so a crash right after signing loses nothing, and the restart sends the very
 * same bytes (the same hash) instead of signing again; a send past its timeout height is void.
 */
const info = inject("devnet");
const erin = info.accounts.find((a) => a.name === "erin")!;
const dave = info.accounts.find((a) => a.name === "dave")!;
const { network, handlers, chain } = devnetDirectChain(info);
/** The app as it was when the process died: it wrote the outbox, and the broadcast never happened. */
const crashing: DirectChain = { ...chain, broadcast: async () => { throw new Error("the process died before broadcasting"); } };
const app = (dataDir: string, chainOf: DirectChain) => startDirectSender({ info, mnemonic: erin.mnemonic, dataDir, chain: chainOf, reads: chain });
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
    // The height is read once the vault is open (its key derivation takes seconds on a busy
    // machine), and the send is valid for four blocks past it: enough to be signed, never sent.
    const first = await app(dataDir, crashing);
    const height = await chain.latestHeight();
    await expect(first.sender.send(network, transfer("32", { timeoutHeight: String(height + 4n) }))).rejects.toThrow(/died/);
    const [stored] = first.outbox.unconfirmed();
    first.vault.close();
    await waitFor(async () => ((await chain.latestHeight()) > height + 4n ? true : undefined));

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
