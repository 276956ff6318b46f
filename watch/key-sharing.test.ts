import { describe, expect, it } from "vitest";
import { DEFAULT_WATCH_RULES, type WatchedNode } from "../shared/contract/watch.js";
import { sharedKeyConditions } from "./key-sharing.js";

const KEY = "MbsLR5vADzFPNsY8USuoihCdktIYkQJC/VsnWWp7gyc=";
const OTHER = "5y8o389OrsTgCcrr2f6saPXvgR6Y38jHgSD1+qIjPlw=";
const node = (url: string, nodeId: string, key: string | null, power = "100000", up = true): WatchedNode => ({
  url, source: "user", up, error: null, moniker: url.slice(-5), version: "0.38.22", height: "10", latestBlockTime: null, catchingUp: false, peers: 3, mempoolTxs: 0, latencyMs: 1, compared: null, flags: [],
  nodeId, validatorKey: key === null ? null : { type: "tendermint/PubKeyEd25519", value: key, votingPower: power }, checkedAt: "2026-11-28T00:00:00.000Z", rateLimitedSince: null,
});

describe("one validator key on several nodes", () => {
  it("names every node that reports the same key, and the key", () => {
    const c = sharedKeyConditions([node("http://a:1", "aa", KEY), node("http://b:1", "bb", OTHER), node("http://c:1", "cc", KEY, "0")], DEFAULT_WATCH_RULES);
    expect(c).toHaveLength(1);
    expect(c[0]).toMatchObject({ kind: "shared_validator_key", subject: `tendermint/PubKeyEd25519:${KEY}` });
    expect(c[0]!.message).toContain("http://a:1");
    expect(c[0]!.message).toContain("http://c:1 (power 0)");
    expect(c[0]!.message).not.toContain("http://b:1");
    expect(c[0]!.message).toContain(KEY);
    expect(c[0]!.title).toBe("2 nodes hold validator key MbsLR5vA…");
  });

  it("sees nothing when each node has its own key, or one node is listed by two URLs (one node id)", () => {
    expect(sharedKeyConditions([node("http://a:1", "aa", KEY), node("http://b:1", "bb", OTHER)], DEFAULT_WATCH_RULES)).toEqual([]);
    expect(sharedKeyConditions([node("http://127.0.0.1:1", "aa", KEY), node("http://localhost:1", "aa", KEY)], DEFAULT_WATCH_RULES)).toEqual([]);
  });

  it("leaves out down nodes and nodes that say no key, and is off when the rule is", () => {
    expect(sharedKeyConditions([node("http://a:1", "aa", KEY), node("http://c:1", "cc", KEY, "0", false), node("http://d:1", "dd", null)], DEFAULT_WATCH_RULES)).toEqual([]);
    expect(sharedKeyConditions([node("http://a:1", "aa", KEY), node("http://c:1", "cc", KEY)], { ...DEFAULT_WATCH_RULES, sharedKey: { enabled: false } })).toEqual([]);
  });
});
