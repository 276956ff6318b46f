import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { createLookupCache } from "./lookup-cache.js";

type Answer = { error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number };

/** A resolver that counts what it is asked and answers when told to. */
function resolver() {
  const asked: string[] = [];
  const pending: Array<{ resolve: (a: LookupAddress[]) => void; reject: (e: Error) => void }> = [];
  return {
    asked,
    resolve: (hostname: string) => {
      asked.push(hostname);
      return new Promise<LookupAddress[]>((resolve, reject) => pending.push({ resolve, reject }));
    },
    answer: (addresses: LookupAddress[]) => pending.shift()!.resolve(addresses),
    fail: (code: string) => pending.shift()!.reject(Object.assign(new Error(`getaddrinfo ${code}`), { code })),
  };
}

const ask = (cache: ReturnType<typeof createLookupCache>, hostname: string, options: { family?: number; all?: boolean } = {}) =>
  new Promise<Answer>((resolve) => cache.lookup(hostname, options, (error, address, family) => resolve({ error, address, family })));

const BOTH: LookupAddress[] = [{ address: "::1", family: 6 }, { address: "127.0.0.1", family: 4 }];

describe("the RPC client's name lookups", () => {
  it("asks the resolver once for a burst of connections to one name, and answers them all", async () => {
    const r = resolver();
    const cache = createLookupCache({ resolve: r.resolve });
    const answers = Promise.all(Array.from({ length: 12 }, () => ask(cache, "rpc.example.org", { all: true })));
    r.answer(BOTH);
    for (const a of await answers) expect(a).toEqual({ error: null, address: BOTH, family: undefined });
    expect(r.asked).toEqual(["rpc.example.org"]);
    // Names are case-insensitive: the same entry.
    expect((await ask(cache, "RPC.Example.org", { family: 4 })).address).toBe("127.0.0.1");
    expect(r.asked).toHaveLength(1);
  });

  it("keeps a failure briefly, so a burst against a name that does not resolve fails at once, and asks again after", async () => {
    let now = 0;
    const r = resolver();
    const cache = createLookupCache({ resolve: r.resolve, now: () => now, failureTtlMs: 5_000, ttlMs: 30_000 });
    const first = ask(cache, "gone.example.org");
    r.fail("ENOTFOUND");
    expect((await first).error?.code).toBe("ENOTFOUND");
    now = 4_999;
    expect((await ask(cache, "gone.example.org")).error?.code).toBe("ENOTFOUND");
    expect(r.asked).toHaveLength(1);
    now = 5_000;
    const again = ask(cache, "gone.example.org");
    r.answer(BOTH);
    expect((await again).error).toBeNull();
    expect(r.asked).toHaveLength(2);
    // An answer is kept for its own, longer time.
    now = 34_999;
    await ask(cache, "gone.example.org");
    expect(r.asked).toHaveLength(2);
    now = 35_000;
    const later = ask(cache, "gone.example.org");
    r.answer(BOTH);
    await later;
    expect(r.asked).toHaveLength(3);
  });

  it("gives one address of the family asked for, or ENOTFOUND when the name has none", async () => {
    const r = resolver();
    const cache = createLookupCache({ resolve: r.resolve });
    const six = ask(cache, "dual.example.org", { family: 6 });
    r.answer(BOTH);
    expect(await six).toEqual({ error: null, address: "::1", family: 6 });
    expect(await ask(cache, "dual.example.org")).toEqual({ error: null, address: "::1", family: 6 });
    const four = ask(cache, "v6only.example.org", { family: 4 });
    r.answer([{ address: "::1", family: 6 }]);
    expect((await four).error?.code).toBe("ENOTFOUND");
  });

  it("keeps no more names than its bound, dropping the oldest", async () => {
    const r = resolver();
    const cache = createLookupCache({ resolve: r.resolve, maxEntries: 2 });
    for (const name of ["a.example", "b.example", "c.example"]) {
      const done = ask(cache, name);
      r.answer(BOTH);
      await done;
    }
    expect(cache.size()).toBe(2);
    const a = ask(cache, "a.example");
    r.answer(BOTH);
    await a;
    expect(r.asked).toEqual(["a.example", "b.example", "c.example", "a.example"]);
  });

  it("resolves through the system's resolver by default", async () => {
    const answer = await ask(createLookupCache(), "localhost", { all: true });
    expect(answer.error).toBeNull();
    expect((answer.address as LookupAddress[]).map((a) => a.address)).toEqual(expect.arrayContaining([expect.stringMatching(/^(127\.0\.0\.1|::1)$/)]));
  });
});
