/**
 * The bridge round trip: the bridge client (the `ws` package standing in for the browser's
 * WebSocket) → the WebSocket bridge → the dispatcher (argument and result parsing included) →
 * back. The no-op `app.ping` is the transport alone; `tx.list` of 100 rows adds the access
 * service's HTTP hop and the parsing of 100 transactions on both ends; `tx.funds` is the read the
 * Send form waits for on Review, and main makes again before signing (the chain's spendable
 * balances over ABCI, and the account's pending transfers from the service).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebSocket } from "ws";
import { startBridgeServer } from "../../electron/bridge/bridge-server.js";
import { createServices } from "../../electron/services/create-services.js";
import { connectBridge, type WebSocketConstructor } from "../../renderer/bridge/bridge-client.js";
import type { Section } from "./section.js";
import { median, summarize, type Summary } from "./stats.js";

/** `n` sequential calls, each timed from call to parsed answer. */
async function time(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return samples;
}

const f = (n: number) => (n < 10 ? n.toFixed(3) : n.toFixed(1));

export function bridgeSection(o: { pings: number; lists: number; funds: number }): Section {
  return {
    id: "bridge",
    heading: "Bridge round trip",
    async run(ctx) {
      const w = await ctx.world();
      const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-bench-bridge-"));
      const services = await createServices({ dataDir, tokenStore: { kind: "memory" }, devnetJsonPath: w.devnetJsonPath });
      const server = await startBridgeServer({ dispatcher: services.dispatcher, events: services.events });
      const conn = await connectBridge({ url: server.url, credential: { secret: server.secret }, WebSocketImpl: WebSocket as unknown as WebSocketConstructor });
      try {
        const list = async () => {
          const answer = await conn.api.tx.list({ limit: 100 });
          if (!answer.ok) throw new Error(`tx.list: ${answer.error.code} ${answer.error.message}`);
          return answer.value.transactions.length;
        };
        const address = w.info.accounts[0]!.address;
        const funds = async () => {
          const answer = await conn.api.tx.funds({ address });
          if (!answer.ok) throw new Error(`tx.funds: ${answer.error.code} ${answer.error.message}`);
          return answer.value;
        };
        const rowsListed = await list();
        if (rowsListed < 100) throw new Error(`tx.list answered ${rowsListed} rows; the bench needs 100 (seeded ${w.seeded})`);
        await time(100, () => conn.api.app.ping());
        await time(20, list);
        await time(20, funds);
        const pings: Summary[] = [];
        const lists: Summary[] = [];
        const fundsReads: Summary[] = [];
        for (let run = 1; run <= ctx.runs; run++) {
          console.log(`bridge: run ${run}/${ctx.runs}`);
          pings.push(summarize(await time(o.pings, () => conn.api.app.ping())));
          lists.push(summarize(await time(o.lists, list)));
          fundsReads.push(summarize(await time(o.funds, funds)));
        }
        const row = (what: string, calls: number, s: Summary[]) => `| ${what} | ${calls} | ${f(median(s.map((x) => x.p50)))} | ${f(median(s.map((x) => x.p99)))} | ${f(median(s.map((x) => x.mean)))} |`;
        const pingP50 = median(pings.map((x) => x.p50));
        const body = `From Node, through the bridge server the browser mode uses (\`electron/bridge/\`), with the app's
real services (\`createServices\`) on the bench's devnet; \`tx.list\` goes through the bench's
access service, seeded with ${w.seeded} transfers; \`tx.funds\` reads a seeded sender's spendable
balances from the node (ABCI) and its queued and broadcast transfers from the service (two
lists). Sequential calls after a warm-up (100 pings, 20 lists, 20 funds reads); each cell is the
median over ${ctx.runs} runs of that run's figure. The client's own contract parsing
(\`createCometdeskApi\`) is included.

| call | calls per run | p50 (ms) | p99 (ms) | mean (ms) |
|---|---:|---:|---:|---:|
${row("`app.ping` (no-op)", o.pings, pings)}
${row("`tx.list` with `limit: 100` (100 rows)", o.lists, lists)}
${row("`tx.funds` (what the Send form and the signer check)", o.funds, fundsReads)}

Command: \`${ctx.command}\`
`;
        return { body, goals: [{ goal: "bridge round trip of the no-op: p50 ≤ 1 ms", measured: `p50 ${f(pingP50)} ms, p99 ${f(median(pings.map((x) => x.p99)))} ms`, met: pingP50 <= 1 }] };
      } finally {
        conn.close();
        await server.close();
        await services.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
