import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, inject, it } from "vitest";
import { JournalStore } from "../../../server/lib/store.js";
import { TokenFile } from "../../../server/lib/tokens.js";
import { sequenceOf } from "../../../devnet/test/chain-client.js";
import { dataPaths } from "../../../server/service.js";
import { createAccessClient } from "../access/access-client.js";
import { createServices, type Services } from "../create-services.js";

/**
 * A cut submission never becomes two transfers. The access service is killed (SIGKILL, by a fault
 * hook) after it made the submission durable and before it answered; the app's client sends the
 * identical signed body again until a restarted service answers it with the same record.
 */
const info = inject("devnet");
const sender = info.accounts.find((a) => a.name === "bob")!;
const recipient = info.accounts.find((a) => a.name === "carol")!;
const PASSWORD = "a long password";
const dir = mkdtempSync(join(tmpdir(), "cometdesk-cut-submit-"));
const serviceDir = join(dir, "service");
const children = new Set<ChildProcess>();
let services: Services | undefined;

afterAll(async () => {
  await services?.close();
  for (const child of children) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** The access service on `port`, as a child process; `dieAfterSubmit` arms the fault hook. */
async function startService(port: number, dieAfterSubmit: boolean): Promise<{ child: ChildProcess; exited: Promise<NodeJS.Signals | null> }> {
  const args = ["--import", "tsx", "server/test/fault-service.ts", "--node", info.nodes[0]!.rpc, "--port", String(port), "--data-dir", serviceDir, "--hold-ms", "0", "--rate-limit", "100000", "--rate-burst", "100000", "--poll-ms", "100"];
  const child = spawn(process.execPath, dieAfterSubmit ? [...args, "--die-after-submit"] : args, { stdio: ["ignore", "pipe", "inherit"] });
  children.add(child);
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
  void exited.then(() => children.delete(child));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the service did not start within 30 s")), 30_000);
    void exited.then(() => reject(new Error("the service exited while starting")));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (!line.includes("access service listening")) return;
      clearTimeout(timer);
      resolve();
    });
  });
  return { child, exited };
}


describe("a submission cut after the service stored it", () => {
  it("is sent again by the app's client, the same signed bytes, and is one transfer", { timeout: 120_000 }, async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const { token } = new TokenFile(dataPaths(serviceDir).tokens).create("cut-submit");
    const first = await startService(port, true);
    writeFileSync(join(dir, "devnet.json"), JSON.stringify({ ...info, access: { url, token } }));
    services = await createServices({ dataDir: join(dir, "app"), tokenStore: { kind: "memory" }, devnetJsonPath: join(dir, "devnet.json") });
    expect(await services.dispatcher.dispatch("wallet.import", { mnemonic: sender.mnemonic, password: PASSWORD })).toMatchObject({ ok: true });
    const before = await sequenceOf(info.nodes[0]!.rpc, sender.address);

    const requestId = crypto.randomUUID();
    const answer = services.dispatcher.dispatch("tx.submit", { requestId, from: sender.address, to: recipient.address, amount: `13${info.denom}`, memo: "cut" });
    expect(await first.exited).toBe("SIGKILL");
    // It died after the record was durable: the journal has it, queued.
    const journal = await JournalStore.open(dataPaths(serviceDir).journal);
    const stored = journal.pending().filter((r) => r.from === sender.address);
    await journal.close();
    expect(stored.map((r) => [r.nonce, r.status])).toEqual([[String(before), "queued"]]);

    // Restarted on the same port and folder; the client's retries reach it.
    const second = await startService(port, false);
    const result = await answer;
    expect(result).toMatchObject({ ok: true, value: { txHash: stored[0]!.txHash, nonce: String(before) } });

    // One outbox entry, one record for the nonce, one transfer on chain.
    const outbox = (JSON.parse(readFileSync(join(dir, "app", "outbox.json"), "utf8")) as { sends: Array<{ requestId: string; txHash: string; state: string }> }).sends;
    expect(outbox.map((s) => [s.requestId, s.txHash, s.state])).toEqual([[requestId, stored[0]!.txHash, "submitted"]]);
    const client = createAccessClient({ baseUrl: url, token: async () => token });
    await expect.poll(async () => (await client.get(stored[0]!.txHash)).status, { timeout: 60_000 }).toBe("committed");
    const listed = (await client.list({ address: sender.address, limit: 100 })).transactions.filter((t) => t.from === sender.address && t.nonce === String(before));
    expect(listed.map((t) => t.txHash)).toEqual([stored[0]!.txHash]);
    expect(await sequenceOf(info.nodes[0]!.rpc, sender.address)).toBe(before + 1);

    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(null);
  });
});
