import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { WebSocket } from "ws";
import { sequenceOf } from "../../devnet/test/chain-client.js";
import { connectBridge, type WebSocketConstructor } from "../../renderer/bridge/bridge-client.js";
import { createAccessClient } from "../services/access/access-client.js";

/**
 * The app's main process killed (SIGKILL) in the middle of a send, then started again on the
 * same data folder: the transfer is on chain exactly once, whether the access service never
 * heard of it or had acknowledged it. The kill is timed by the submission itself reaching a
 * relay in front of the real access service, which can only happen after the outbox write.
 */
const info = inject("devnet");
const access = info.access!;
const sender = info.accounts.find((a) => a.name === "carol")!;
const recipient = info.accounts.find((a) => a.name === "erin")!;
const dir = mkdtempSync(join(tmpdir(), "cometdesk-crash-send-"));
const dataDir = join(dir, "data");
const service = createAccessClient({ baseUrl: access.url, token: async () => access.token });
let bridge: ChildProcess | undefined;
let relay: Server;
/** What the relay does with the next `POST /transactions`. */
let onSubmit: "forward" | "kill-before-service" | "kill-after-service" = "forward";

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

beforeAll(async () => {
  relay = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const isSubmit = req.method === "POST" && req.url === "/transactions";
      const mode = isSubmit ? onSubmit : "forward";
      if (mode === "kill-before-service") {
        bridge?.kill("SIGKILL"); // the service never hears of it
        return void res.destroy();
      }
      const headers: Record<string, string> = {};
      for (const name of ["authorization", "content-type"]) if (typeof req.headers[name] === "string") headers[name] = req.headers[name];
      const answer = await fetch(`${access.url}${req.url ?? "/"}`, { method: req.method, headers, body: body || undefined, signal: AbortSignal.timeout(20_000) });
      const text = await answer.text();
      if (mode === "kill-after-service") {
        bridge?.kill("SIGKILL"); // the service acknowledged it; the app never got the answer
        return void res.destroy();
      }
      res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" }).end(text);
    })().catch(() => res.destroy());
  });
  await new Promise<void>((r) => relay.listen(0, "127.0.0.1", r));
  const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
  writeFileSync(join(dir, "devnet.json"), JSON.stringify({ ...info, access: { ...access, url: relayUrl } }));
});
afterAll(async () => {
  bridge?.kill("SIGKILL");
  await new Promise<void>((r) => relay.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

/** `npm run bridge` on the test's data folder, connected as the renderer would be. */
async function startBridge() {
  const child = spawn(process.execPath, ["--import", "tsx", "electron/bridge/serve.ts", "--devnet", join(dir, "devnet.json"), "--data-dir", dataDir, "--tokens", "file"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  bridge = child;
  const line = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`serve.ts exited with ${code}`)));
    createInterface({ input: child.stdout! }).once("line", resolve);
  });
  const ready = JSON.parse(line) as { url: string; secret: string };
  const conn = await connectBridge({ url: ready.url, credential: { secret: ready.secret }, WebSocketImpl: WebSocket as unknown as WebSocketConstructor });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
  return { conn, exited };
}

type Entry = { requestId: string; txHash: string; state: string };
const outboxFile = () => (JSON.parse(readFileSync(join(dataDir, "outbox.json"), "utf8")) as { sends: Entry[] }).sends;

describe("the main process killed in the middle of a send", () => {
  beforeAll(async () => {
    const { conn, exited } = await startBridge();
    expect(await conn.api.wallet.import({ mnemonic: sender.mnemonic, password: "a long password" })).toMatchObject({ ok: true });
    conn.close();
    bridge!.kill("SIGTERM");
    await exited;
  });

  for (const point of ["kill-before-service", "kill-after-service"] as const) {
    it(`commits the transfer exactly once after a restart (${point})`, { timeout: 120_000 }, async () => {
      const before = await sequenceOf(info.nodes[0]!.rpc, sender.address);
      const first = await startBridge();
      expect(await first.conn.api.wallet.unlock({ password: "a long password" })).toMatchObject({ ok: true });
      const requestId = crypto.randomUUID();
      const args = { requestId, from: sender.address, to: recipient.address, amount: `11${info.denom}`, memo: point };
      onSubmit = point;
      const answer = await first.conn.api.tx.submit(args);
      expect(answer).toMatchObject({ ok: false, error: { code: "bridge_closed" } }); // the app died before answering
      expect(await first.exited).toBe("SIGKILL");
      onSubmit = "forward";

      // What the crash left: the signed bytes, on disk, not confirmed.
      const signed = outboxFile().find((s) => s.requestId === requestId)!;
      expect(signed.state).toBe("signed");
      const known = await service.get(signed.txHash).then(() => true, () => false);
      expect(known).toBe(point === "kill-after-service");

      // Restart on the same folder: the outbox is settled by hash, resubmitted only if unknown.
      const second = await startBridge();
      await expect.poll(async () => (await service.get(signed.txHash).catch(() => undefined))?.status, { timeout: 60_000 }).toBe("committed");
      await expect.poll(() => outboxFile().find((s) => s.requestId === requestId)?.state, { timeout: 30_000 }).toBe("submitted");
      // The user presses "send" again on the same review: the same transaction, not a new one.
      expect(await second.conn.api.tx.submit(args)).toMatchObject({ ok: true, value: { txHash: signed.txHash } });
      expect(await sequenceOf(info.nodes[0]!.rpc, sender.address)).toBe(before + 1);
      expect(outboxFile().filter((s) => s.state === "signed")).toEqual([]);
      second.conn.close();
      bridge!.kill("SIGTERM");
      await second.exited;
    });
  }
});
