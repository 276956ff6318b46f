import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerChainHandlers } from "./chain-handlers.js";
import { createRpcTransport } from "./rpc-transport.js";

/**
 * A node asked for the latest consensus params can answer for a block whose params it has not
 * stored yet (CometBFT's "could not find consensus params for height"); main asks once more.
 * The answers are CometBFT's own words, served by a local stand-in for this parser-level check.
 */
const NOT_STORED = { code: -32603, message: "Internal error", data: "could not find consensus params for height #337: value retrieved from db is empty" };
const PARAMS = { block_height: "337", consensus_params: { block: { max_bytes: "22020096", max_gas: "-1" } } };
let server: Server;
let url: string;
let answers: unknown[] = [];
const asked: Array<Record<string, unknown>> = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const call = JSON.parse(body) as { id: number; params: Record<string, unknown> };
      asked.push(call.params);
      const next = answers.shift();
      const reply = next && typeof next === "object" && "code" in next ? { error: next } : { result: next };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...reply }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const chain = () =>
  registerChainHandlers({
    transport: createRpcTransport({ endpoints: () => [{ url, kind: "node" }], retries: 0 }),
    defaultMethod: () => "POST",
    connection: () => ({ networkId: "x", endpoint: null, state: "idle", lastHeight: null, reason: null }),
  });

describe("chain.consensusParams", () => {
  it("asks once more when the node has not stored the latest height's params yet", async () => {
    answers = [NOT_STORED, PARAMS];
    asked.length = 0;
    expect(await chain().consensusParams({})).toEqual({ blockHeight: "337", params: PARAMS.consensus_params });
    expect(asked).toHaveLength(2);
  });

  it("says so when the second answer is the same, and never retries a height the user named", async () => {
    answers = [NOT_STORED, NOT_STORED];
    await expect(chain().consensusParams({})).rejects.toMatchObject({ code: "rpc_error" });
    answers = [NOT_STORED, PARAMS];
    asked.length = 0;
    await expect(chain().consensusParams({ height: "337" })).rejects.toMatchObject({ code: "rpc_error", message: expect.stringContaining("could not find consensus params") });
    expect(asked).toHaveLength(1);
    answers = [];
  });
});
