import { describe, expect, it } from "vitest";
import { createMonikerCache } from "./moniker-cache.js";

describe("the moniker cache", () => {
  it("reads a height once per network, and asks again after a failure", async () => {
    const cache = createMonikerCache();
    let reads = 0;
    const ok = async () => (reads++, { height: "5", available: true, validators: [] });
    await cache.get("a", "5", ok);
    await cache.get("a", "5", ok);
    await cache.get("b", "5", ok);
    expect(reads).toBe(2);
    await expect(cache.get("a", "6", () => Promise.reject(new Error("away")))).rejects.toThrow("away");
    await cache.get("a", "6", ok);
    expect(reads).toBe(3);
    const refused = async () => (reads++, { height: "9", available: false, validators: [] });
    await cache.get("a", "9", refused);
    await cache.get("a", "9", refused);
    expect(reads).toBe(5);
  });
});
