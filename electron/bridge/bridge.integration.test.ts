import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { WebSocket } from "ws";
import { type BridgeConnection, connectBridge, type WebSocketConstructor } from "../../renderer/bridge/bridge-client.js";
import type { EventPayload } from "../../shared/events.js";
import { createServices, type Services } from "../services/create-services.js";
import { type BridgeServer, startBridgeServer } from "./bridge-server.js";

/** The renderer's view: window.cometdesk over the bridge, real services, the real devnet. */
const info = inject("devnet");
const alice = info.accounts.find((a) => a.name === "alice")!;
let services: Services;
let server: BridgeServer;
let conn: BridgeConnection;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "cometdesk-bridge-it-"));
  const devnetJson = join(dir, "devnet.json");
  writeFileSync(devnetJson, JSON.stringify(info));
  services = await createServices({ dataDir: join(dir, "data"), tokenStore: { kind: "memory" }, devnetJsonPath: devnetJson, bridge: true });
  server = await startBridgeServer({ dispatcher: services.dispatcher, events: services.events });
  services.start();
  conn = await connectBridge({ url: server.url, credential: { secret: server.secret }, WebSocketImpl: WebSocket as unknown as WebSocketConstructor });
});
afterAll(async () => {
  conn?.close();
  await server?.close();
  await services?.close();
});

describe("the app core through the bridge", () => {
  it("selects Local devnet from devnet.json and reads the chain through it", async () => {
    const list = await conn.api.network.list();
    if (!list.ok) throw new Error(list.error.message);
    expect(list.value.selectedId).toBe("devnet");
    expect(list.value.networks[0]).toMatchObject({ name: "Local devnet", chainId: info.chainId, rpcUrls: [info.nodes[0]!.rpc] });
    const status = await conn.api.chain.status();
    expect(status).toMatchObject({ ok: true, value: { nodeInfo: { network: info.chainId } } });
    const byGet = await conn.api.chain.block({ height: "1", via: "GET" });
    expect(byGet).toMatchObject({ ok: true, value: { header: { height: "1", chainId: info.chainId } } });
  });

  it("pushes new blocks in order", async () => {
    const blocks: Array<EventPayload<"chain.newBlock">> = [];
    await new Promise<void>((resolve) => {
      const stop = conn.api.on("chain.newBlock", (b) => {
        blocks.push(b);
        if (blocks.length === 3) {
          stop();
          resolve();
        }
      });
    });
    expect(blocks.map((b) => Number(b.height) - Number(blocks[0]!.height))).toEqual([0, 1, 2]);
    expect(await conn.api.chain.connection()).toMatchObject({ ok: true, value: { networkId: "devnet", state: "live" } });
  });

  it("imports a wallet, shows its address, and refuses a wrong password without unlocking", async () => {
    expect(await conn.api.wallet.import({ mnemonic: alice.mnemonic, password: "a long password" })).toMatchObject({
      ok: true, value: { accounts: [{ address: alice.address }] },
    });
    const lockEvent = new Promise((resolve) => conn.api.on("wallet.lockChanged", resolve));
    await conn.api.wallet.lock();
    expect(await lockEvent).toEqual({ locked: true, reason: "user" });
    expect(await conn.api.wallet.unlock({ password: "not it" })).toMatchObject({ ok: false, error: { code: "wrong_password" } });
    expect(await conn.api.wallet.status()).toMatchObject({ ok: true, value: { locked: true } });
  });

  it("answers bad arguments and a refused console route as data", async () => {
    expect(await conn.api.chain.block({ height: "-5" })).toMatchObject({ ok: false, error: { code: "invalid_args" } });
    const unsafe = await conn.api.chain.rawCall({ route: "unsafe_flush_mempool" as "status" });
    expect(unsafe).toMatchObject({ ok: false, error: { code: "invalid_args" } });
    // A height past the head crosses the bridge with its own code and plain words.
    expect(await conn.api.chain.block({ height: "99999999" })).toMatchObject({ ok: false, error: { code: "rpc_height_ahead", message: expect.stringMatching(/^height 99999999 is not on the chain yet/) } });
  });
});
