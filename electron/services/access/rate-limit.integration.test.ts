import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ConfigSchema } from "../../../server/lib/config.js";
import { TokenFile } from "../../../server/lib/tokens.js";
import { dataPaths, type RunningService, startService } from "../../../server/service.js";
import { createAccessClient } from "./access-client.js";

/**
 * A real 429: the reference service started with a limit of one request a second (burst one) in
 * front of the test devnet. The client waits out its short Retry-After for a read, never for a cancel.
 */
const info = inject("devnet");
let service: RunningService;
let token: string;
let dir: string;

describe("the access client under the service's own rate limit", () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "cometdesk-rate-it-"));
    token = new TokenFile(dataPaths(dir).tokens).create("rate").token;
    const config = ConfigSchema.parse({ node: info.nodes[0]!.rpc, port: 0, dataDir: dir, rateLimit: 1, rateBurst: 1, backfillBlocks: 0, logLevel: "silent" });
    service = await startService(config, pino({ level: "silent" }));
  });
  afterAll(async () => {
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("repeats a read after the 429's Retry-After, and hands a cancel's 429 to the caller", async () => {
    const client = createAccessClient({ baseUrl: service.url, token: async () => token });
    await expect(client.info()).resolves.toMatchObject({ chainId: info.chainId });
    // The bucket is empty now: the service itself says so, with its Retry-After.
    const refused = await fetch(`${service.url}/info`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    await expect(client.info()).resolves.toMatchObject({ chainId: info.chainId });
    await expect(client.cancel("0".repeat(64))).rejects.toMatchObject({ status: 429, serviceCode: "rate_limited", retryAfter: 1 });
  });
});
