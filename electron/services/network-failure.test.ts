import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { networkFailure } from "./network-failure.js";

/** A loopback port that was just free: nothing listens on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

describe("a failed connection said in words", () => {
  it("reads a real refused fetch as words with its code", async () => {
    const error = await fetch(`http://127.0.0.1:${await closedPort()}/`).catch((e: unknown) => e);
    expect(networkFailure(error)).toEqual({ code: "ECONNREFUSED", reason: "connection refused: nothing is listening at that address and port (ECONNREFUSED)", dns: false });
  });

  it("says a resolver failure and marks it as one", () => {
    const failed = networkFailure(Object.assign(new TypeError("fetch failed"), { cause: { code: "ENOTFOUND", message: "getaddrinfo ENOTFOUND rpc.example.invalid" } }));
    expect(failed).toEqual({ code: "ENOTFOUND", reason: "host not found: the name does not resolve (check the address) (ENOTFOUND)", dns: true });
  });

  it("keeps a code it has no words for, and the cause's message without one", () => {
    expect(networkFailure({ cause: { code: "EWHATEVER" } }).reason).toBe("EWHATEVER");
    expect(networkFailure({ cause: { message: "x".repeat(500) } }).reason).toHaveLength(200);
    expect(networkFailure(new TypeError("fetch failed")).reason).toBe("network error");
    expect(networkFailure(undefined).reason).toBe("network error");
  });

  it("does not take a hostile cause's code as one", () => {
    const failed = networkFailure({ cause: { code: "<b>ECONNREFUSED</b> and much more text than any code" } });
    expect(failed.code).toBeUndefined();
    expect(failed.reason).toBe("network error");
  });
});
