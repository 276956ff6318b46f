import { describe, expect, it } from "vitest";
import { perNetwork } from "./per-network.js";

/** A value that records when it was released. */
function maker(log: string[]) {
  let made = 0;
  return (name: string) => (onRelease: (release: () => void) => void) => {
    const value = `${name}#${++made}`;
    onRelease(() => void log.push(`released ${value}`));
    return value;
  };
}

describe("clients kept per network", () => {
  it("makes a network's value once while its key stays the same", () => {
    const log: string[] = [];
    const make = maker(log);
    const kept = perNetwork<string>();
    expect(kept.get("hub", "a", make("hub"))).toBe("hub#1");
    expect(kept.get("hub", "a", make("hub"))).toBe("hub#1");
    expect(kept.size()).toBe(1);
    expect(log).toEqual([]);
  });

  it("makes a new value when the key changes, and releases the old one", () => {
    const log: string[] = [];
    const make = maker(log);
    const kept = perNetwork<string>();
    kept.get("hub", "node-1", make("hub"));
    expect(kept.get("hub", "node-2", make("hub"))).toBe("hub#2");
    expect(log).toEqual(["released hub#1"]);
    expect(kept.size()).toBe(1);
  });

  it("forgets and releases the networks that are gone, and only those", () => {
    const log: string[] = [];
    const make = maker(log);
    const kept = perNetwork<string>();
    kept.get("hub", "k", make("hub"));
    kept.get("osmo", "k", make("osmo"));
    kept.get("juno", "k", make("juno"));
    kept.keepOnly(["osmo", "devnet"]);
    expect(log.sort()).toEqual(["released hub#1", "released juno#3"]);
    expect(kept.size()).toBe(1);
    expect(kept.get("osmo", "k", make("osmo"))).toBe("osmo#2");
    // A deleted network added again starts with a new value.
    expect(kept.get("hub", "k", make("hub"))).toBe("hub#4");
    expect(kept.size()).toBe(2);
  });

  it("keeps the old value when making the new one throws", () => {
    const log: string[] = [];
    const kept = perNetwork<string>();
    kept.get("hub", "a", maker(log)("hub"));
    expect(() => kept.get("hub", "b", () => { throw new Error("no node URL"); })).toThrow("no node URL");
    expect(log).toEqual([]);
    expect(kept.get("hub", "a", maker(log)("hub"))).toBe("hub#1");
  });

  it("releases everything on clear, and a release that throws or rejects does not stop the others", async () => {
    const errors: unknown[] = [];
    const log: string[] = [];
    const kept = perNetwork<string>((e) => errors.push(e));
    kept.get("hub", "k", (onRelease) => {
      onRelease(() => { throw new Error("already closed"); });
      onRelease(() => Promise.reject(new Error("worker gone")));
      onRelease(() => void log.push("hub third release"));
      return "hub";
    });
    kept.get("osmo", "k", maker(log)("osmo"));
    kept.clear();
    expect(log.sort()).toEqual(["hub third release", "released osmo#1"]);
    // The rejected release is reported once its promise settles.
    await expect.poll(() => errors.map((e) => (e as Error).message).sort()).toEqual(["already closed", "worker gone"]);
    expect(kept.size()).toBe(0);
    kept.clear();
    expect(log).toHaveLength(2);
  });
});
