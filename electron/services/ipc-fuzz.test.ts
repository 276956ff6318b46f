import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { METHOD_NAMES } from "../../shared/contract/index.js";
import { EnvelopeSchema } from "../../shared/envelope.js";
import { createServices } from "./create-services.js";
import { createDispatcher } from "./dispatcher.js";
import { recordingHandlers } from "./testing/recording-handlers.js";

/** A small deterministic generator (mulberry32), so a failure replays with the same seed. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Malformed arguments: wrong types, hostile keys, deep nesting, huge strings; never `{}`. */
function malformed(rand: () => number, depth = 0): unknown {
  const pick = Math.floor(rand() * 12);
  switch (pick) {
    case 0: return null;
    case 1: return rand() * 1e20 - 1e10;
    case 2: return "x".repeat(Math.floor(rand() * 5000));
    case 3: return [malformed(rand, depth + 1), malformed(rand, depth + 1)];
    case 4: return JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}');
    case 5: {
      let deep: unknown = { leaf: true };
      for (let i = 0; i < 5000; i++) deep = { deep };
      return deep;
    }
    case 6: return { height: -1, hash: "zz", password: 42, id: "../../etc/passwd", route: "unsafe_flush_mempool" };
    case 7: return true;
    case 8: return { [`k${Math.floor(rand() * 1000)}`]: depth < 3 ? malformed(rand, depth + 1) : 1 };
    case 9: return Number.NaN;
    case 10: return { via: "DELETE", tx: "%%%", limit: 1e9, page: 0 };
    default: return "\u0000\uffff\ud800";
  }
}

describe("IPC fuzz", () => {
  it("answers {ok:false} to random malformed arguments for every method, and never reaches a service", async () => {
    const { handlers, calls } = recordingHandlers();
    const dispatcher = createDispatcher(handlers);
    const rand = prng(20261121);
    for (const name of METHOD_NAMES) {
      for (let i = 0; i < 40; i++) {
        const answer = await dispatcher.dispatch(name, malformed(rand));
        expect(EnvelopeSchema.parse(answer).ok, name).toBe(false);
      }
    }
    expect(calls).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("answers {ok:false} to non-string and random method names", async () => {
    const { handlers, calls } = recordingHandlers();
    const dispatcher = createDispatcher(handlers);
    const rand = prng(7);
    for (let i = 0; i < 200; i++) {
      const name = i % 2 ? Math.random().toString(36) : (malformed(rand) as string);
      expect((await dispatcher.dispatch(name, {})).ok).toBe(false);
    }
    expect(calls).toEqual([]);
  });

  it("answers {ok:false} from the real services too, and leaves nothing behind", async () => {
    const services = await createServices({ dataDir: mkdtempSync(join(tmpdir(), "cometdesk-fuzz-")), tokenStore: { kind: "memory" } });
    const rand = prng(99);
    for (const name of METHOD_NAMES) {
      for (let i = 0; i < 10; i++) expect((await services.dispatcher.dispatch(name, malformed(rand))).ok, name).toBe(false);
    }
    expect(await services.dispatcher.dispatch("wallet.status", {})).toMatchObject({ ok: true, value: { exists: false } });
    await services.close();
  });
});
