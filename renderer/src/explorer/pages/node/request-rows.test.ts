import { describe, expect, it } from "vitest";
import { requestRows } from "./request-rows.js";

const rate = (endpoint: string, over: Partial<Parameters<typeof requestRows>[1][number]> = {}) => ({
  endpoint, perMinute: 0, refusedPerMinute: 0, ratePerSecond: 8, configuredRatePerSecond: 8, restSeconds: 0, waiting: 0, ...over,
});

describe("the Node page's requests to the network's nodes", () => {
  it("lists the network's own nodes and access service only, whatever their trailing slashes", () => {
    const rows = requestRows(
      { rpcUrls: ["https://rpc.one.example/", "https://rpc.two.example"], accessUrl: "https://access.example" },
      [rate("https://rpc.one.example", { perMinute: 120 }), rate("https://rpc.other-chain.example", { perMinute: 9 }), rate("https://access.example/", { perMinute: 3 })],
    );
    expect(rows.map((r) => [r.endpoint, r.perMinute])).toEqual([["https://rpc.one.example", 120], ["https://access.example/", 3]]);
  });

  it("says the rate it asks at now against the one set, and a rest the node asked for before reads waiting", () => {
    const [refusing, busy, calm] = requestRows({ rpcUrls: ["https://a.example", "https://b.example", "https://c.example"], accessUrl: null }, [
      rate("https://a.example", { perMinute: 60, refusedPerMinute: 12, ratePerSecond: 4.8, configuredRatePerSecond: 8, restSeconds: 12, waiting: 3 }),
      rate("https://b.example", { waiting: 3, ratePerSecond: 0.5, configuredRatePerSecond: 0.5 }),
      rate("https://c.example"),
    ]);
    expect(refusing).toMatchObject({ refusedPerMinute: 12, rate: "4.8/s of 8/s", resting: "resting 12 s" });
    expect(busy).toMatchObject({ rate: "0.5/s of 0.5/s", resting: "3 waiting" });
    expect(calm).toMatchObject({ rate: "8/s of 8/s", resting: "" });
  });
});
