import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../shared/error-codes.js";
import { createNodeProbe, type NodeClient } from "./node-probe.js";

// How the probe tells a node that refuses for load from one that is down. Both clients (the app's
// transport, the service's node-rpc.ts) throw an error with the code rpc_rate_limited for a
// refusal the read could not wait out; anything else is a node that does not answer.
const A = "http://a:26657";
const B = "http://b:26657";

class RateLimited extends Error {
  readonly code = ERROR_CODES.rpcRateLimited;
}

type Answer = { height: string } | "refused" | "rate_limited";

function nodes(answers: Map<string, Answer>) {
  return (url: string): NodeClient => ({
    status: async () => {
      const a = answers.get(url)!;
      if (a === "refused") throw new Error("connect ECONNREFUSED");
      if (a === "rate_limited") throw new RateLimited(`${url}: rate-limiting, resting another 30 s`);
      return { moniker: `m-${url.slice(7, 8)}`, version: "0.38.22", height: a.height, earliestHeight: "1", latestBlockTime: "2026-12-07T00:00:00.000Z", catchingUp: false, nodeId: url, validatorKey: null };
    },
    peers: async () => 3,
    mempoolTxs: async () => 0,
    hashesAt: async () => ({ appHash: "AA", blockHash: "BB" }),
  });
}

function probeOf(answers: Map<string, Answer>) {
  let clock = Date.parse("2026-12-07T00:00:00.000Z");
  const probe = createNodeProbe({ client: nodes(answers), lagBlocks: () => 10, stoppedAfterMs: () => 5_000, now: () => clock });
  const targets = [A, B].map((url) => ({ url, source: "network" as const }));
  return {
    round: async (advanceMs = 1_000) => {
      clock += advanceMs;
      return new Map((await probe.probe(targets)).nodes.map((n) => [n.url, n]));
    },
  };
}

describe("the node probe", () => {
  it("calls a node that refuses for load rate-limited, not down, and shows what it last answered", async () => {
    const answers = new Map<string, Answer>([[A, { height: "100" }], [B, { height: "100" }]]);
    const { round } = probeOf(answers);
    await round();
    answers.set(B, "rate_limited");
    const limited = (await round()).get(B)!;
    expect(limited.flags).toEqual(["rate_limited"]);
    expect(limited.up).toBe(true);
    expect(limited).toMatchObject({ height: "100", moniker: "m-b", version: "0.38.22", peers: null, latencyMs: null, rateLimitedSince: "2026-12-07T00:00:02.000Z" });
    expect(limited.error).toContain("rate-limiting");
  });

  it("never flags a rate-limited node stopped or lagging while the others move on, and keeps when it began", async () => {
    const answers = new Map<string, Answer>([[A, { height: "100" }], [B, { height: "100" }]]);
    const { round } = probeOf(answers);
    await round();
    answers.set(B, "rate_limited");
    for (let h = 101; h <= 130; h++) {
      answers.set(A, { height: String(h) });
      const b = (await round(2_000)).get(B)!;
      expect(b.flags).toEqual(["rate_limited"]);
      expect(b.rateLimitedSince).toBe("2026-12-07T00:00:03.000Z");
    }
    // It answers again: no longer rate-limited, and judged on its height from now on.
    answers.set(B, { height: "130" });
    const back = (await round()).get(B)!;
    expect(back).toMatchObject({ flags: [], up: true, rateLimitedSince: null, error: null, height: "130" });
  });

  it("still calls a node that does not answer down, with nothing kept of what it said before", async () => {
    const answers = new Map<string, Answer>([[A, { height: "100" }], [B, { height: "100" }]]);
    const { round } = probeOf(answers);
    await round();
    answers.set(B, "refused");
    const down = (await round()).get(B)!;
    expect(down).toMatchObject({ flags: ["down"], up: false, height: null, moniker: null, rateLimitedSince: null });
    // Rate-limited, then down: down it is, and the rate limit's time is over.
    answers.set(B, "rate_limited");
    await round();
    answers.set(B, "refused");
    expect((await round()).get(B)).toMatchObject({ flags: ["down"], rateLimitedSince: null });
    // Down, then rate-limited: nothing from before the outage is shown as its last answer.
    answers.set(B, "rate_limited");
    expect((await round()).get(B)).toMatchObject({ flags: ["rate_limited"], height: null, moniker: null });
  });

  it("calls a node stopped once the others have moved on for the whole wait after it stood still", async () => {
    const answers = new Map<string, Answer>([[A, { height: "100" }], [B, { height: "100" }]]);
    const { round } = probeOf(answers);
    await round();
    const flags: string[][] = [];
    for (let h = 101; h <= 108; h++) {
      answers.set(A, { height: String(h) });
      flags.push((await round()).get(B)!.flags);
    }
    // B stood at 100 from the first round; A moved every second: stopped after 5 s, not before.
    expect(flags.slice(0, 4)).toEqual([[], [], [], []]);
    expect(flags.slice(4)).toEqual([["stopped"], ["stopped"], ["stopped"], ["stopped"]]);
  });

  it("does not call a node stopped that was a block behind when the chain halted", async () => {
    const answers = new Map<string, Answer>([[A, { height: "108" }], [B, { height: "108" }]]);
    const { round } = probeOf(answers);
    await round();
    // B reaches 109 a round before A's last block, 110; then no block comes again.
    answers.set(A, { height: "109" });
    answers.set(B, { height: "109" });
    await round();
    answers.set(A, { height: "110" });
    for (let i = 0; i < 12; i++) expect((await round()).get(B)!.flags).toEqual([]);
  });
});
