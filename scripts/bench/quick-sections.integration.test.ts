/**
 * The heavy, soak and requests benchmarks' quick variants, on the test devnet, so their code paths do not
 * rot between bench runs: a 20 MB genesis, a block of 500 transactions and a tx_search of 500 results served to a fresh main
 * while a thread pings it, one minute of the app in Chromium with a transfer every 10 s, and two
 * pages' requests counted for 5 s each through a counting proxy.
 * These check that each section runs end to end and reports every figure it promises; the
 * figures themselves belong to `npm run bench` (docs/benchmarks.md), never to a test.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { signingClient } from "../../devnet/test/chain-client.js";
import { heavySection } from "./heavy.js";
import { requestsSection } from "./requests.js";
import type { SectionContext } from "./section.js";
import { soakSection } from "./soak.js";
import type { BenchWorld } from "./world.js";

const info = inject("devnet");
const dir = mkdtempSync(join(tmpdir(), "cometdesk-quick-bench-"));
const devnetJsonPath = join(dir, "devnet.json");
writeFileSync(devnetJsonPath, JSON.stringify(info));
/** The test devnet and its access service, as a bench world (the bench's own starts a devnet of its own). */
const world: BenchWorld = {
  info, rpc: info.nodes[0]!.rpc, serviceUrl: info.access!.url, token: info.access!.token, devnetJsonPath, seeded: 0,
  close: async () => {},
};
const ctx = (command: string): SectionContext => ({ runs: 1, command, world: async () => world });

/** The cells of the markdown table rows whose first cell matches `first`. */
function row(body: string, first: RegExp): string[] {
  const line = body.split("\n").find((l) => l.startsWith("|") && first.test(l.split("|")[1] ?? ""));
  if (!line) throw new Error(`no row ${first} in:\n${body}`);
  return line.split("|").slice(1, -1).map((c) => c.trim());
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the bench's quick variants", () => {
  it("heavy: main serves a large genesis, a search, a large block and a long tx_search while a thread pings it, and every job and decode figure is reported", async () => {
    // A block with transactions to record: one transfer of the test devnet's own.
    const { client, address } = await signingClient(info, "bob");
    const sent = await client.sendTokens(address, info.accounts[0]!.address, [{ denom: info.denom, amount: "1" }], { amount: [{ denom: info.denom, amount: "5000" }], gas: "200000" });
    expect(sent.code).toBe(0);
    client.disconnect();

    const result = await heavySection({ genesisMb: 20, blockTxs: 500 }).run(ctx("quick heavy"));
    for (const job of [/genesisNode/, /genesisSearch/, /chain\.block/, /chain\.txSearch` of 500 results/]) {
      const [, ms, pings, p50, p99, max] = row(result.body, job);
      expect(Number(ms)).toBeGreaterThan(0);
      expect(Number(pings)).toBeGreaterThan(0); // the pinger thread was answered during the job
      for (const figure of [p50, p99, max]) expect(Number.isFinite(Number(figure))).toBe(true);
    }
    expect(result.body).toMatch(/500 transactions/);
    expect(Number(/first 100 rows arrive ([\d.]+) ms/.exec(result.body)?.[1])).toBeGreaterThan(0);
    expect(Number(row(result.body, /transactions decoded per second/)[1])).toBeGreaterThan(0);
    expect(Number(row(result.body, /time for all 500/)[1])).toBeGreaterThan(0);
    expect(Number.isFinite(Number(row(result.body, /heap they take/)[1]))).toBe(true);
    expect(row(result.body, /did not decode/)[1]).toBe("0"); // the devnet's real transfers all decode
    // The renderer's frames on the block's page, opening it and scrolling its list.
    for (const what of [/the block page opens/, /-row list is scrolled/]) {
      const [, frames, p50, p95, max] = row(result.body, what);
      expect(Number(frames)).toBeGreaterThan(0);
      for (const figure of [p50, p95, max]) expect(Number(figure)).toBeGreaterThan(0);
    }
    expect(Number(/The first rows showed ([\d.]+) ms/.exec(result.body)?.[1])).toBeGreaterThan(0);
    expect(result.goals).toEqual([
      expect.objectContaining({ measured: expect.stringMatching(/^worst job's p99 [\d.]+ ms$/) }),
      expect.objectContaining({ measured: expect.stringMatching(/^p95 [\d.]+ ms at worst$/) }),
    ]);
  });

  it("soak: a minute of the app in Chromium with transfers, sampled after forced GCs, charted", async () => {
    const chartPath = join(dir, "soak.svg");
    const result = await soakSection({ minutes: 1, sampleS: 10, chartPath }).run(ctx("quick soak"));
    const [, sentCount, refused] = /\((\d+) sent, (\d+) refused\)/.exec(result.body) ?? [];
    expect(Number(sentCount)).toBeGreaterThanOrEqual(5); // one every 10 s
    expect(Number(refused)).toBe(0);
    for (const what of [/renderer JS heap/, /main JS heap/, /main resident memory/, /main's open handles/, /event hub listeners/]) {
      const [, base, end, growth] = row(result.body, what);
      expect(Number(base)).toBeGreaterThan(0);
      expect(Number(end)).toBeGreaterThan(0);
      expect(growth).toMatch(/^[+-]\d+\.\d %$/);
    }
    expect((readFileSync(chartPath, "utf8").match(/<polyline /g) ?? []).length).toBe(5);
    expect(result.goals[0]!.goal).toMatch(/no growth over time.*\(1 min\)/);
  });

  it("requests: main alone and two pages, through a proxy that is the network's only endpoint, each with its requests per minute and routes", async () => {
    const result = await requestsSection({ settleS: 2, windowS: 5, routes: ["dashboard", "consensus"] }).run(ctx("quick requests"));
    for (const page of [/no window open/, /Dashboard/, /Consensus/]) {
      const [, requests, items, top] = row(result.body, page);
      expect(Number(requests?.replaceAll("*", ""))).toBeGreaterThan(0); // the block feed reads through the proxy, window or not
      expect(Number.isFinite(Number(items))).toBe(true);
      expect(top).toMatch(/^`\w+` \d+/);
    }
    expect(result.body).toMatch(/The proxy refused nothing/);
    expect(result.goals).toEqual([expect.objectContaining({ goal: expect.stringMatching(/≤ 480 requests\/min/) })]);
  });
});
