import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { accountFromAny, QueryClient, setupAuthExtension, setupBankExtension } from "@cosmjs/stargate";
import { Comet38Client } from "@cosmjs/tendermint-rpc";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Services } from "../../create-services.js";
import { type Answer, devnetDirectChain, openDirectApp, startDirectSender } from "../../testing/direct-app.js";

/**
 * The undo window without an access service: main holds a signed transaction before it
 * broadcasts it, and cancelling inside the window means no node ever hears of it. Checked
 * against the real devnet's own answer: the hash unknown to the chain, the balance and the
 * account's sequence unchanged.
 */
const info = inject("devnet");
const carol = info.accounts.find((a) => a.name === "carol")!;
const erin = info.accounts.find((a) => a.name === "erin")!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const transfer = (amount: string) => ({
  messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend" as const, value: { fromAddress: carol.address, toAddress: erin.address, amount: [{ denom: info.denom, amount }] } }],
});

let comet: Comet38Client;
let query: ReturnType<typeof QueryClient.withExtensions<ReturnType<typeof setupAuthExtension>, ReturnType<typeof setupBankExtension>>>;
const onChain = async (hash: string) => comet.tx({ hash: Buffer.from(hash, "hex") }).then(() => true, () => false);
const sequence = async () => accountFromAny((await query.auth.account(carol.address))!).sequence;
const balance = async () => (await query.bank.balance(carol.address, info.denom)).amount;
const opened: Services[] = [];

async function until(call: (m: string, a?: unknown) => Promise<Answer>, hash: string, statuses: string[]): Promise<Answer> {
  for (let i = 0; i < 120; i++) {
    const tx = await call("tx.get", { id: hash });
    if (statuses.includes(tx.status as string)) return tx;
    await sleep(250);
  }
  throw new Error(`${hash} never reached ${statuses.join(" or ")}`);
}

describe("direct mode's undo window", () => {
  let call: (m: string, a?: unknown) => Promise<Answer>;
  beforeAll(async () => {
    ({ call } = await openDirectApp(info, carol.mnemonic, [info.nodes[0]!.rpc], opened, { undoWindowSeconds: 3 }));
    comet = await Comet38Client.connect(info.nodes[0]!.rpc);
    query = QueryClient.withExtensions(comet, setupAuthExtension, setupBankExtension);
  });
  afterAll(async () => {
    comet?.disconnect();
    await Promise.all(opened.map((s) => s.close()));
  });

  it("says how long main holds a send, from the setting", async () => {
    expect((await call("tx.info")).holdWindowMs).toBe(3_000);
  });

  it("cancelled inside the window, the send never reaches a node: no balance moves and its sequence is taken by the next send", async () => {
    const [before, seq] = [await balance(), await sequence()];
    const sent = await call("tx.sendMessages", transfer("1234"));
    expect(sent.status).toBe("queued");
    const holdLeft = Date.parse(sent.holdUntil as string) - Date.now();
    expect(holdLeft).toBeGreaterThan(0);
    expect(holdLeft).toBeLessThanOrEqual(3_000);
    expect((await call("tx.cancel", { id: sent.txHash })).status).toBe("cancelled");
    expect((await call("tx.cancel", { id: sent.txHash })).status).toBe("cancelled"); // a second click changes nothing

    await sleep(holdLeft + 3_000); // past the window, and a few blocks
    expect((await call("tx.get", { id: sent.txHash })).status).toBe("cancelled");
    expect(await onChain(sent.txHash as string)).toBe(false);
    expect(await balance()).toBe(before);
    expect(await sequence()).toBe(seq);
    const { entries } = (await call("tx.outbox")) as { entries: Array<{ txHash: string; state: string }> };
    expect(entries.find((e) => e.txHash === sent.txHash)?.state).toBe("cancelled");

    // The cancelled send holds no sequence hostage: the next one takes it and is committed after its window.
    const prepared = await call("tx.prepare", transfer("77"));
    expect(prepared.sequence).toBe(String(seq));
    const next = await call("tx.sendMessages", transfer("77"));
    expect(next.status).toBe("queued");
    const done = await until(call, next.txHash as string, ["committed", "failed"]);
    expect(done.status).toBe("committed");
    expect(await sequence()).toBe(seq + 1);
  });

  it("once the window has passed, Cancel is refused in words: a broadcast transaction cannot be taken back", async () => {
    const sent = await call("tx.sendMessages", transfer("55"));
    await until(call, sent.txHash as string, ["broadcast", "committed"]);
    await expect(call("tx.cancel", { id: sent.txHash })).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/too late to cancel.*cannot take a transaction back.*void if no block includes it by height \d+/) });
    expect((await until(call, sent.txHash as string, ["committed"])).status).toBe("committed");
  });

  it("refuses to cancel a send while a later one of the same account still waits behind it", async () => {
    await call("settings.update", { undoWindowSeconds: 120 }); // both still held by the cancels below, however busy the machine
    const first = await call("tx.sendMessages", transfer("11"));
    const second = await call("tx.sendMessages", transfer("12"));
    await call("settings.update", { undoWindowSeconds: 3 });
    expect(BigInt(second.nonce as string)).toBe(BigInt(first.nonce as string) + 1n);
    await expect(call("tx.cancel", { id: first.txHash })).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining(`cancel the later transaction ${second.txHash as string}`) });
    expect((await call("tx.cancel", { id: second.txHash })).status).toBe("cancelled");
    expect((await call("tx.cancel", { id: first.txHash })).status).toBe("cancelled");
    await sleep(4_000);
    expect(await onChain(first.txHash as string)).toBe(false);
    expect(await onChain(second.txHash as string)).toBe(false);
  });

  it("a send whose timeout height passes while it is held is never sent, and ends expired", async () => {
    const seq = await sequence();
    // One block of validity, held for three seconds: the chain moves past it first.
    const sent = await call("tx.sendMessages", { ...transfer("66"), timeoutBlocks: 1 });
    expect(sent.status).toBe("queued");
    const ended = await until(call, sent.txHash as string, ["expired", "committed", "rejected", "failed"]);
    expect(ended).toMatchObject({ status: "expired", log: expect.stringContaining("never sent") });
    await sleep(Date.parse(sent.holdUntil as string) - Date.now() + 1_000); // the window ends: main does not send it
    const { entries } = (await call("tx.outbox")) as { entries: Array<{ txHash: string; state: string; problem?: string }> };
    expect(entries.find((e) => e.txHash === sent.txHash)).toMatchObject({ state: "abandoned", problem: expect.stringContaining("passed while it was held; it was never sent") });
    expect(await onChain(sent.txHash as string)).toBe(false);
    expect(await sequence()).toBe(seq);
  });

  const list = async (args: Record<string, unknown> = {}) =>
    ((await call("tx.list", { address: carol.address, limit: 10, ...args })).transactions as Array<{ txHash: string; status: string; amount: string }>);

  it("lists a held send above what the nodes index, as queued, then cancelled, and a committed one once, from the chain", async () => {
    // The longest window the setting allows while the send must still be held: with both cores
    // busy, the list and the export below can take longer than this suite's 3 s window.
    await call("settings.update", { undoWindowSeconds: 120 });
    const held = await call("tx.sendMessages", transfer("4321"));
    await call("settings.update", { undoWindowSeconds: 3 });
    expect(held.status).toBe("queued");
    // The nodes' index cannot know it: the list has it from main, first, with its amount.
    expect((await list())[0]).toMatchObject({ txHash: held.txHash, status: "queued", amount: `4321${info.denom}` });
    expect((await list({ status: "queued" })).map((t) => t.txHash)).toEqual([held.txHash]);
    // The CSV of the rows shown says the same.
    const csv = (await call("tx.exportCsv", { address: carol.address, status: "queued", rows: 10 })) as { rows: number; csv: string };
    expect(csv.rows).toBe(1);
    expect(csv.csv).toContain(held.txHash as string);
    expect((await call("tx.cancel", { id: held.txHash })).status).toBe("cancelled");
    expect((await list()).find((t) => t.txHash === held.txHash)?.status).toBe("cancelled");
    expect(await list({ status: "queued" })).toEqual([]);

    const sent = await call("tx.sendMessages", transfer("4322"));
    await until(call, sent.txHash as string, ["committed"]);
    const listed = await list();
    const rows = listed.filter((t) => t.txHash === sent.txHash);
    expect(rows).toEqual([expect.objectContaining({ status: "committed" })]);
    // Newest first: the committed send, signed after the cancelled one, is listed above it.
    const order = listed.map((t) => t.txHash);
    expect(order.indexOf(sent.txHash as string)).toBeLessThan(order.indexOf(held.txHash as string));
    // No more than the limit, whatever main adds above the index.
    expect(await list({ limit: 1 })).toHaveLength(1);
  });
});

describe("direct mode's undo window across a restart", () => {
  const { network, chain } = devnetDirectChain(info);
  const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-direct-hold-"));
  /** The app's sender as it starts: the vault unlocked, the outbox read from disk. */
  const start = (holdMs: number) => startDirectSender({ info, mnemonic: carol.mnemonic, dataDir, chain, reads: chain, holdMs });

  it("a restart inside the window keeps the rest of it: the held send can still be cancelled, and is never sent", async () => {
    const seq = await sequence();
    const before = await start(5_000);
    const sent = await before.sender.send(network, transfer("31"));
    expect(sent.status).toBe("queued");
    before.sender.close(); // the app quits one moment after Send
    before.vault.close();

    const after = await start(5_000);
    await after.sender.reconcile(() => network);
    expect((await after.sender.get(network, sent.txHash))?.status).toBe("queued");
    expect(after.sender.cancel(network, sent.txHash)?.status).toBe("cancelled");
    await sleep(6_000);
    expect(await onChain(sent.txHash)).toBe(false);
    expect(await sequence()).toBe(seq);
    after.sender.close();
    after.vault.close();
  });

  it("a restart after the window sends the very bytes that were held", async () => {
    const before = await start(1_000);
    const sent = await before.sender.send(network, transfer("32"));
    before.sender.close();
    before.vault.close();
    await sleep(1_500);

    const after = await start(1_000);
    const settled = await after.sender.reconcile(() => network);
    expect(settled.map((s) => s.tx.txHash)).toEqual([sent.txHash]);
    for (let i = 0; i < 40 && !(await onChain(sent.txHash)); i++) await sleep(250);
    expect(await onChain(sent.txHash)).toBe(true);
    expect(() => after.sender.cancel(network, sent.txHash)).toThrow(/too late to cancel/);
    after.sender.close();
    after.vault.close();
  });
});
