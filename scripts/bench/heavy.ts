/**
 * Main under a heavy chain: while main's services fetch, hash and parse a 200 MB genesis, search
 * it, read a block of 10,000 transactions and a tx_search of 10,000 results, is main still
 * answering? And how fast does the app's transaction decoder (the renderer's, on cosmjs-types)
 * decode that block, and with how much memory? Main is the bridge
 * script (`electron/bridge/serve.ts`: the app's services in their own process, as in browser
 * mode); a bridge client in the bench's process pings it (`app.ping`) every 2 ms during each job.
 *
 * The heavy chain is a stub node serving recorded and generated answers, used only by this
 * section: a genesis of the bench devnet's own shape with its bank balances grown to 200 MB,
 * a block recorded from the bench devnet whose transactions (real signed transfers seeded through
 * the access service) are repeated to 10,000, and its tx_search results repeated to as many.
 * Everything else is the app's real code.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Worker } from "node:worker_threads";
import { WebSocket } from "ws";
import { repoRoot } from "../../devnet/lib/layout.js";
import { connectBridge, type WebSocketConstructor } from "../../renderer/bridge/bridge-client.js";
import { decodeTx, messageTypesOf } from "../../renderer/src/explorer/decode/tx-decoder.js";
import { loadCodecs, loadedCodec } from "../../shared/cosmos/message-loaders.js";
import { blockPageFrames, type BlockPageFrames } from "./heavy-frames.js";
import type { Section } from "./section.js";
import { median, summarize } from "./stats.js";
import type { BenchWorld } from "./world.js";

/** CometBFT's genesis chunk size. */
const CHUNK = 16 * 1024 * 1024;

export interface HeavyOptions {
  readonly genesisMb: number;
  /** Transactions in the block, and results of the tx_search. */
  readonly blockTxs: number;
}

interface Stub {
  readonly url: string;
  readonly genesisBytes: number;
  readonly blockHeight: string;
  /** The block's transactions (base64), as the node serves them. */
  readonly blockTxs: readonly string[];
  close(): Promise<void>;
}

async function rpcResult(rpc: string, route: string): Promise<Record<string, unknown>> {
  const answer = (await (await fetch(`${rpc}/${route}`)).json()) as { result?: Record<string, unknown> };
  if (!answer.result) throw new Error(`the bench devnet gave no result for ${route}`);
  return answer.result;
}

/** The bench devnet's genesis with its bank balances repeated until the file passes `mb` MB. */
async function bigGenesis(w: BenchWorld, mb: number): Promise<Buffer> {
  const genesis = (await rpcResult(w.rpc, "genesis")).genesis as { app_state: { bank: { balances: Array<{ address: string; coins: unknown }> } } };
  const template = genesis.app_state.bank.balances[0]!;
  const one = Buffer.byteLength(JSON.stringify(template)) + 1;
  const count = Math.ceil((mb * 1e6) / one);
  genesis.app_state.bank.balances = Array.from({ length: count }, (_, i) => ({ ...template, address: `${template.address.slice(0, -8)}${String(i).padStart(8, "0")}` }));
  return Buffer.from(JSON.stringify(genesis));
}

/** A block recorded from the bench devnet (one with transactions), its txs repeated to `n`. */
async function bigBlock(w: BenchWorld, n: number): Promise<{ height: string; result: string; txs: string[] }> {
  const search = await rpcResult(w.rpc, `tx_search?query=${encodeURIComponent('"tx.height>0"')}&per_page=1&order_by=%22desc%22`);
  const height = String((search.txs as Array<{ height: string }>)[0]!.height);
  const block = await rpcResult(w.rpc, `block?height=${height}`);
  const data = (block.block as { data: { txs: string[] } }).data;
  const seen = data.txs;
  data.txs = Array.from({ length: n }, (_, i) => seen[i % seen.length]!);
  return { height, result: JSON.stringify(block), txs: data.txs };
}

/** CometBFT's largest `per_page` for tx_search. */
const MAX_PER_PAGE = 100;

/**
 * The bench devnet's own tx_search results (real transfers with their events), repeated to `n`:
 * each page as CometBFT cuts it (`page`, `per_page` up to 100), serialised when asked.
 */
async function bigSearch(w: BenchWorld, n: number): Promise<(params: Record<string, unknown>) => string> {
  const seen = (await rpcResult(w.rpc, `tx_search?query=${encodeURIComponent('"tx.height>0"')}&per_page=${MAX_PER_PAGE}`)).txs as unknown[];
  if (!seen.length) throw new Error("the bench devnet has no transactions to search");
  return (params) => {
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Number(params.per_page ?? 30) || 30));
    const from = (Math.max(1, Number(params.page ?? 1) || 1) - 1) * perPage;
    const txs = Array.from({ length: Math.max(0, Math.min(perPage, n - from)) }, (_, i) => seen[(from + i) % seen.length]);
    return JSON.stringify({ txs, total_count: String(n) });
  };
}

async function startStub(w: BenchWorld, o: HeavyOptions): Promise<Stub> {
  const genesis = await bigGenesis(w, o.genesisMb);
  const total = Math.ceil(genesis.length / CHUNK);
  // Results are serialised once; each answer wraps one with the request's id (GET answers -1).
  const chunks = Array.from({ length: total }, (_, i) => JSON.stringify({ chunk: String(i), total: String(total), data: genesis.subarray(i * CHUNK, (i + 1) * CHUNK).toString("base64") }));
  const block = await bigBlock(w, o.blockTxs);
  const search = await bigSearch(w, o.blockTxs);
  const resultFor = (method: string, params: Record<string, unknown>): string | undefined =>
    method === "genesis_chunked" ? chunks[Number(params.chunk)] : method === "block" ? block.result : method === "tx_search" ? search(params) : undefined;
  const server: Server = createServer((req, res) => {
    const reply = (id: unknown, result: string | undefined) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(result === undefined ? JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32601, message: "not served by the stub" } }) : `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${result}}`);
    };
    if (req.method === "POST") {
      const body: Buffer[] = [];
      req.on("data", (c: Buffer) => body.push(c));
      req.on("end", () => {
        const call = JSON.parse(Buffer.concat(body).toString("utf8")) as { id: unknown; method: string; params?: Record<string, unknown> };
        reply(call.id, resultFor(call.method, call.params ?? {}));
      });
      return;
    }
    const url = new URL(req.url ?? "/", "http://stub");
    reply(-1, resultFor(url.pathname.slice(1), Object.fromEntries(url.searchParams)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    genesisBytes: genesis.length,
    blockHeight: block.height,
    blockTxs: block.txs,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface JobFigures {
  readonly ms: number;
  readonly pings: number;
  readonly pingP50: number;
  readonly pingP99: number;
  readonly pingMax: number;
}

/** A thread of the bench's own that pings main (scripts/bench/pinger-worker.ts). */
async function startPinger(url: string, secret: string): Promise<{ start(): void; stop(): Promise<number[]>; close(): Promise<void> }> {
  const hasTsx = process.execArgv.some((a) => a.includes("tsx"));
  const worker = new Worker(new URL("./pinger-worker.ts", import.meta.url), { workerData: { url, secret, gapMs: 2 }, execArgv: hasTsx ? process.execArgv : [...process.execArgv, "--import", "tsx"] });
  await new Promise<void>((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", () => resolve());
  });
  return {
    start: () => worker.postMessage("start"),
    stop: () =>
      new Promise<number[]>((resolve) => {
        worker.once("message", (samples: number[]) => resolve(samples));
        worker.postMessage("stop");
      }),
    close: async () => {
      worker.postMessage("close");
      await worker.terminate();
    },
  };
}

/** The app's services behind the bridge, in a process of their own; resolves once it listens. */
async function startMain(devnetJsonPath: string, dataDir: string): Promise<{ child: ChildProcess; url: string; secret: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "electron/bridge/serve.ts", "--devnet", devnetJsonPath, "--data-dir", dataDir], { cwd: repoRoot, stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the bridge script exited with ${code}`)));
    createInterface({ input: child.stdout! }).once("line", resolve);
  });
  const ready = JSON.parse(line) as { url: string; secret: string };
  return { child, url: ready.url, secret: ready.secret };
}

/** The block page's page of transactions (renderer/src/explorer/queries/block-queries.ts). */
const PAGE = 100;

/** Node's garbage collector, exposed at run time (`--expose-gc` without restarting the bench). */
function forcedGc(): () => void {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  return () => {
    gc();
    gc();
  };
}

interface DecodeFigures {
  readonly ms: number;
  readonly txsPerS: number;
  readonly heapMb: number;
  readonly failed: number;
}

/**
 * The block's transactions decoded by the app's decoder (renderer/src/explorer/decode/tx-decoder.ts,
 * what a transaction row shows), all kept: the time, and the heap they take after forced GCs.
 */
async function measureDecode(txs: readonly string[]): Promise<DecodeFigures> {
  const gc = forcedGc();
  await loadCodecs([...new Set(txs.flatMap(messageTypesOf))]);
  const prefix = "cosmos";
  decodeTx(txs[0]!, loadedCodec, prefix); // the decoder's code warm, as on the block page's second row
  gc();
  const before = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const decoded = txs.map((tx) => decodeTx(tx, loadedCodec, prefix));
  const ms = performance.now() - t0;
  gc();
  const heapMb = (process.memoryUsage().heapUsed - before) / 1e6;
  const failed = decoded.filter((d) => !d.ok).length;
  return { ms, txsPerS: (txs.length / ms) * 1000, heapMb, failed };
}

const f = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(0));

/** Frames the block page's list is scrolled for. */
const SCROLL_FRAMES = 300;
/** One 60 Hz frame as Chromium's 0.1 ms timestamps measure it. */
const FRAME_ON_TIME_MS = 16.8;

function frameRow(what: string, times: readonly number[]): string {
  const s = summarize(times);
  return `| ${what} | ${times.length} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.max.toFixed(1)} |`;
}

export function heavySection(o: HeavyOptions): Section {
  return {
    id: "heavy",
    heading: "Main under a heavy chain",
    async run(ctx) {
      const w = await ctx.world();
      const stub = await startStub(w, o);
      const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-bench-heavy-"));
      // The devnet's identity on the stub's address, with no access service: reads go to the stub.
      const devnetJsonPath = join(dataDir, "devnet.json");
      writeFileSync(devnetJsonPath, JSON.stringify({ ...w.info, access: undefined, nodes: w.info.nodes.map((n) => ({ ...n, rpc: stub.url })) }));
      const ok = <T>(answer: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }, what: string): T => {
        if (!answer.ok) throw new Error(`${what}: ${answer.error.code} ${answer.error.message}`);
        return answer.value;
      };
      try {
        const jobs: Record<string, JobFigures[]> = { genesis: [], search: [], block: [], txSearch: [] };
        const firstPage: number[] = [];
        const decodes: DecodeFigures[] = [];
        const frames: BlockPageFrames[] = [];
        for (let run = 1; run <= ctx.runs; run++) {
          console.log(`heavy: run ${run}/${ctx.runs}`);
          // A fresh main each run: the parsed genesis is kept per network for the app's life.
          const main = await startMain(devnetJsonPath, mkdtempSync(join(dataDir, "run-")));
          const conn = await connectBridge({ url: main.url, credential: { secret: main.secret }, WebSocketImpl: WebSocket as unknown as WebSocketConstructor });
          const pinger = await startPinger(main.url, main.secret);
          /** Runs `job` once while the pinger thread pings main every 2 ms. */
          const measure = async (job: () => Promise<unknown>): Promise<JobFigures> => {
            pinger.start();
            const t0 = performance.now();
            const failure = await job().then(() => undefined, (error: unknown) => error ?? new Error("the job failed"));
            const ms = performance.now() - t0;
            const pings = await pinger.stop();
            if (failure) throw failure;
            const s = summarize(pings);
            return { ms, pings: pings.length, pingP50: s.p50, pingP99: s.p99, pingMax: Math.max(...pings) };
          };
          try {
            jobs.genesis!.push(await measure(async () => ok(await conn.api.chain.genesisNode({ path: [] }), "genesisNode")));
            jobs.search!.push(await measure(async () => ok(await conn.api.chain.genesisSearch({ query: "no such text anywhere" }), "genesisSearch")));
            // As the block page reads it: the block with its first page of transactions, then the last page.
            jobs.block!.push(await measure(async () => {
              const t0 = performance.now();
              const first = ok(await conn.api.chain.block({ height: stub.blockHeight, txLimit: PAGE }), "block");
              firstPage.push(performance.now() - t0);
              if (first.txCount !== o.blockTxs) throw new Error(`the block has ${first.txCount} transactions, not ${o.blockTxs}`);
              ok(await conn.api.chain.block({ height: stub.blockHeight, txOffset: Math.max(0, o.blockTxs - PAGE), txLimit: PAGE }), "block page");
            }));
            // Every result of the search, a page of 100 at a time as the node serves them.
            jobs.txSearch!.push(await measure(async () => {
              let read = 0;
              for (let page = 1; read < o.blockTxs; page++) {
                const got = ok(await conn.api.chain.txSearch({ query: "tx.height>0", page, perPage: MAX_PER_PAGE }), "txSearch");
                if (!got.txs.length) throw new Error(`tx_search page ${page} is empty after ${read} of ${got.totalCount}`);
                read += got.txs.length;
              }
            }));
          } finally {
            conn.close();
            await pinger.close();
            const exited = new Promise((resolve) => main.child.once("exit", resolve));
            main.child.kill("SIGTERM");
            await exited;
          }
          decodes.push(await measureDecode(stub.blockTxs));
          frames.push(await blockPageFrames({ devnetJsonPath, workDir: dataDir, height: stub.blockHeight, scrollFrames: SCROLL_FRAMES }));
          const last = frames.at(-1)!;
          console.log(`heavy: the block page's frames, opening p95 ${summarize(last.open).p95.toFixed(1)} ms, scrolling p95 ${summarize(last.scroll).p95.toFixed(1)} ms`);
        }
        const cell = (runs: JobFigures[], pick: (r: JobFigures) => number) => f(median(runs.map(pick)));
        const row = (what: string, runs: JobFigures[]) => `| ${what} | ${cell(runs, (r) => r.ms)} | ${cell(runs, (r) => r.pings)} | ${cell(runs, (r) => r.pingP50)} | ${cell(runs, (r) => r.pingP99)} | ${cell(runs, (r) => r.pingMax)} |`;
        const worstP99 = Math.max(...Object.values(jobs).map((runs) => median(runs.map((r) => r.pingP99))));
        const body = `Main reads from a stub node that serves only this section (\`scripts/bench/heavy.ts\`): the bench devnet's genesis with
its bank balances grown to ${(stub.genesisBytes / 1e6).toFixed(0)} MB (${Math.ceil(stub.genesisBytes / CHUNK)} chunks of 16 MiB, as CometBFT
cuts them), a block recorded from the bench devnet whose signed transfers are repeated to
${o.blockTxs.toLocaleString("en-US")} transactions, and the devnet's own \`tx_search\` results (transfers with their events)
repeated to ${o.blockTxs.toLocaleString("en-US")} results, served ${MAX_PER_PAGE} a page as CometBFT does. Main is the bridge script (\`electron/bridge/serve.ts\`: the app's
real services in a process of their own, started afresh each run); during each job a bridge
client on a thread of its own in the bench's process (\`scripts/bench/pinger-worker.ts\`) pings
it every 2 ms (a ping waits for the one before), so the bench's own parse of a large answer
never counts. Each cell is the median over ${ctx.runs} runs.

| job | time (ms) | pings | \`app.ping\` p50 (ms) | \`app.ping\` p99 (ms) | \`app.ping\` max (ms) |
|---|---:|---:|---:|---:|---:|
${row(`\`chain.genesisNode\`: fetch, hash and parse the ${(stub.genesisBytes / 1e6).toFixed(0)} MB genesis`, jobs.genesis!)}
${row("`chain.genesisSearch` over all of it (no match: a full walk)", jobs.search!)}
${row(`\`chain.block\` of ${o.blockTxs.toLocaleString("en-US")} transactions, as the block page reads it: the block with its first ${PAGE}, then the last ${PAGE}`, jobs.block!)}
${row(`\`chain.txSearch\` of ${o.blockTxs.toLocaleString("en-US")} results, every page of ${MAX_PER_PAGE} in turn`, jobs.txSearch!)}

The block page's first ${PAGE} rows arrive ${f(median(firstPage))} ms after it asks for the block (the first call of
the block job above; the rest are listed virtualised and read ${PAGE} at a time as it scrolls, and a row's
transaction is decoded when it is shown).

Decode throughput: the block's ${o.blockTxs.toLocaleString("en-US")} transactions decoded by the app's decoder
(\`renderer/src/explorer/decode/tx-decoder.ts\` \`decodeTx\`: cosmjs-types' \`Tx.decode\`, the messages' codecs, the
hash and signers), all kept, in the bench's process after the runs; heap measured after forced GCs.

| what | median of ${ctx.runs} |
|---|---:|
| transactions decoded per second | ${f(median(decodes.map((d) => d.txsPerS)))} |
| time for all ${o.blockTxs.toLocaleString("en-US")} (ms) | ${f(median(decodes.map((d) => d.ms)))} |
| heap they take, decoded and kept (MB) | ${f(median(decodes.map((d) => d.heapMb)))} |
| transactions that did not decode | ${Math.max(...decodes.map((d) => d.failed))} |

The renderer meanwhile (\`scripts/bench/heavy-frames.ts\`): the app in browser mode on the same stub (main's services in
the bench's process, the built renderer in headless Chromium with software rendering, 1400 × 900)
goes from the dashboard to that block's page, whose first rows main reads in its read worker, and
then its transaction list is scrolled as a mouse wheel scrolls it (${SCROLL_FRAMES} frames at ${12 * 44 * 60} px/s; each row's
transaction is decoded as it is shown, its page of ${PAGE} read as it comes into view). A frame time is the interval
between two frames' own timestamps; Chromium cuts them to 0.1 ms, so a frame on time measures
16.6 to 16.8 ms. All runs' frames pooled.

| while | frames | p50 (ms) | p95 (ms) | max (ms) |
|---|---:|---:|---:|---:|
${frameRow("the block page opens, until its first rows show", frames.flatMap((x) => x.open))}
${frameRow(`its ${o.blockTxs.toLocaleString("en-US")}-row list is scrolled`, frames.flatMap((x) => x.scroll))}

The first rows showed ${f(median(frames.map((x) => x.firstRowsMs)))} ms after the page was asked for (median of the runs).

Command: \`${ctx.command}\`
`;
        const framesP95 = Math.max(summarize(frames.flatMap((x) => x.open)).p95, summarize(frames.flatMap((x) => x.scroll)).p95);
        return {
          body,
          goals: [
            { goal: "main keeps answering under a heavy chain: `app.ping` p99 ≤ 10 ms during every job", measured: `worst job's p99 ${f(worstP99)} ms`, met: worstP99 <= 10 },
            { goal: `the renderer keeps 60 fps on the page of a block of ${o.blockTxs.toLocaleString("en-US")} transactions: frame p95 ≤ 16.7 ms (16.8 counts) opening and scrolling`, measured: `p95 ${framesP95.toFixed(1)} ms at worst`, met: Number(framesP95.toFixed(1)) <= FRAME_ON_TIME_MS },
          ],
        };
      } finally {
        await stub.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
