import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ConfigSchema } from "../../../server/lib/config.js";
import { TokenFile } from "../../../server/lib/tokens.js";
import { dataPaths, type RunningService, startService } from "../../../server/service.js";
import type { EventPayload } from "../../../shared/events.js";
import { createAccessClient } from "../access/access-client.js";
import { createServices, type Services } from "../create-services.js";

/**
 * A transfer is committed on screen as its block lands, not when the access service's own follow
 * of the chain or the app's poll of the service gets to it: main's live feed finds it in the
 * block's NewBlock frame. The service here follows the chain once at start and then not for ten
 * minutes, so only the frame can tell the app the transfer committed; its own record stays unsettled.
 */
const info = inject("devnet");
const dave = info.accounts.find((a) => a.name === "dave")!;
const erin = info.accounts.find((a) => a.name === "erin")!;
let service: RunningService;
let services: Services;
let dir: string;
let token: string;
const call = async (method: string, args: unknown = {}) => {
  const answer = await services.dispatcher.dispatch(method, args);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`);
  return answer.value as Record<string, unknown>;
};

describe("a committed transfer from the node's NewBlock frame", () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "cometdesk-chain-settle-it-"));
    token = new TokenFile(dataPaths(join(dir, "service")).tokens).create("settle").token;
    const config = ConfigSchema.parse({ node: info.nodes[0]!.rpc, port: 0, dataDir: join(dir, "service"), holdMs: 0, pollMs: 600_000, backfillBlocks: 0, logLevel: "silent" });
    service = await startService(config, pino({ level: "silent" }));
    writeFileSync(join(dir, "devnet.json"), JSON.stringify({ ...info, access: { url: service.url, token } }));
    services = await createServices({ dataDir: join(dir, "app"), tokenStore: { kind: "memory" }, devnetJsonPath: join(dir, "devnet.json") });
    services.start();
    await call("wallet.import", { mnemonic: dave.mnemonic, password: "a long password" });
  });
  afterAll(async () => {
    await services?.close();
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("turns committed when the node announces it, and the list and the record say so before the service does", async () => {
    const changes: Array<EventPayload<"tx.statusChanged">> = [];
    let hash = "";
    const committed = new Promise<void>((resolve) =>
      services.events.listen((event, payload) => {
        if (event !== "tx.statusChanged") return;
        const change = payload as EventPayload<"tx.statusChanged">;
        changes.push(change);
        if (change.txHash === hash && change.status === "committed") resolve();
      }),
    );
    const tx = await call("tx.submit", { from: dave.address, to: erin.address, amount: `7${info.denom}` });
    hash = tx.txHash as string;
    await committed;
    // The service's own record: not settled, since its follow is ten minutes away.
    const own = await createAccessClient({ baseUrl: service.url, token: async () => token }).get(hash);
    expect(own.status).toMatch(/^(queued|broadcast)$/);
    // What the app shows: committed, at the block the node named.
    const shown = await call("tx.get", { id: hash });
    expect(shown).toMatchObject({ status: "committed", code: 0, height: expect.stringMatching(/^\d+$/) });
    expect((shown.history as Array<{ status: string }>).at(-1)).toMatchObject({ status: "committed", detail: `included at height ${shown.height as string}` });
    const list = (await call("tx.list", { address: dave.address, limit: 10 })).transactions as Array<{ txHash: string; status: string; height?: string }>;
    expect(list.find((t) => t.txHash === hash)).toMatchObject({ status: "committed", height: shown.height });
    expect(changes.filter((c) => c.txHash === hash).at(-1)).toMatchObject({ status: "committed" });
  });
});
