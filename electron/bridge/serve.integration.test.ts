import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, inject, it } from "vitest";
import { WebSocket } from "ws";
import { connectBridge, type WebSocketConstructor } from "../../renderer/bridge/bridge-client.js";

/** `npm run bridge` as the e2e harness runs it: one JSON line on stdout, then calls over it. */
const info = inject("devnet");
let child: ChildProcess | undefined;
afterAll(() => void child?.kill("SIGTERM"));

describe("the bridge server script", () => {
  it("prints {port, secret, url} and serves the devnet through the real services", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-serve-"));
    writeFileSync(join(dir, "devnet.json"), JSON.stringify(info));
    child = spawn(process.execPath, ["--import", "tsx", "electron/bridge/serve.ts", "--devnet", join(dir, "devnet.json"), "--data-dir", join(dir, "data"), "--tokens", "file"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const line = await new Promise<string>((resolve, reject) => {
      child!.once("exit", (code) => reject(new Error(`serve.ts exited with ${code}`)));
      createInterface({ input: child!.stdout! }).once("line", resolve);
    });
    const ready = JSON.parse(line) as { port: number; secret: string; url: string };
    expect(ready).toEqual({ port: expect.any(Number), secret: expect.stringMatching(/^[0-9a-f]{64}$/), url: `ws://127.0.0.1:${ready.port}/` });

    const conn = await connectBridge({ url: ready.url, credential: { secret: ready.secret }, WebSocketImpl: WebSocket as unknown as WebSocketConstructor });
    expect(await conn.api.app.info()).toEqual({ ok: true, value: { version: expect.any(String), bridge: true } });
    expect(await conn.api.chain.status()).toMatchObject({ ok: true, value: { nodeInfo: { network: info.chainId } } });
    expect(await conn.api.network.tokenStatus({ id: "devnet" })).toEqual({ ok: true, value: { hasToken: info.access !== undefined, plainHttp: false } });
    conn.close();

    const exited = new Promise<number | null>((resolve) => child!.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
