import { createServer, type Server, type ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { UpstreamError } from "./errors.js";
import { RpcProxy } from "./rpc-proxy.js";

// A local HTTP peer that writes when the test says so: it stands for the network's timing, which
// the integration tests against the real node cannot control.
let server: Server | undefined;
let pending: ServerResponse | undefined;
async function peer(onRequest: (res: ServerResponse) => void): Promise<string> {
  server = createServer((_req, res) => {
    pending = res;
    onRequest(res);
  });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}
afterEach(async () => {
  pending?.destroy();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("RpcProxy", () => {
  it("buffers a small answer and streams a big one, byte for byte", async () => {
    const url = await peer((res) => res.end("x".repeat(5000)));
    const small = await new RpcProxy(url, 2_000, 10_000, 8_000).get("/status");
    expect(small.body?.length).toBe(5000);
    const big = await new RpcProxy(url, 2_000, 10_000, 1_000).get("/status");
    expect(big.body).toBeUndefined();
    expect((await collect(big.stream!)).toString()).toBe("x".repeat(5000));
  });

  it("errors the stream when the answer passes the cap after streaming began", async () => {
    const url = await peer((res) => res.write("a".repeat(2000)));
    const answer = await new RpcProxy(url, 2_000, 2_500, 1_500).get("/genesis");
    expect(answer.stream).toBeDefined();
    pending!.end("b".repeat(2000)); // only now: the proxy has already committed to streaming
    await expect(collect(answer.stream!)).rejects.toThrow(/2500-byte cap/);
  });

  it("refuses a declared length above the cap before reading it", async () => {
    const url = await peer((res) => {
      res.setHeader("content-length", "100000");
      res.write("y");
    });
    await expect(new RpcProxy(url, 2_000, 1_000).get("/genesis")).rejects.toMatchObject({ kind: "too_large" });
  });

  it("gives up at its deadline when the peer never answers", async () => {
    const url = await peer(() => {});
    const started = Date.now();
    const error = await new RpcProxy(url, 200, 1_000).get("/status").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).status).toBe(504);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
