/**
 * Block to screen: an independent subscriber to the node's websocket (`tm.event='NewBlock'`,
 * in the bench's process) notes when each block is announced; the app, in browser mode on the
 * bench's devnet, notes when each height reaches the page and the frame after. The delay is the
 * second minus the first, per block, on the dashboard and on the blocks page; a block the page
 * never showed is skipped. The same again in harder cases: three networks followed at once, the
 * watch running, and a committed transfer (the node's `Tx` event to its *committed* row).
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { z } from "zod";
import { repoRoot } from "../../devnet/lib/layout.js";
import { launchChromium } from "../../e2e/support/browser.js";
import { startBrowserMode } from "../../electron/bridge/browser-mode.js";
import { createServices, type Services } from "../../electron/services/create-services.js";
import { awaitBlocks, LIVE_PAGES, liveObserverScript, matchLive, readLiveNotes, subscribeNewBlocks } from "../../e2e/support/live-match.js";
import { committedObserverScript, type Forwarder, startForwarder, startSilentPort, subscribeTxs, type TransferPaths, transferPaths, TxRowNote } from "./live-cases.js";
import type { Goal, Section } from "./section.js";
import { quantile } from "./stats.js";
import type { BenchWorld } from "./world.js";

async function follow(page: Page, rpc: string, blocks: number) {
  const sub = await subscribeNewBlocks(rpc);
  try {
    const last = await awaitBlocks(sub.announced, blocks, blocks * 5_000 + 30_000);
    // The last block's own delay: give the page a moment to show it.
    await page.waitForFunction((h) => (window as { __cdLive?: Record<string, unknown> }).__cdLive?.[h] !== undefined, last.toString(), { timeout: 10_000 }).catch(() => undefined);
    await page.waitForTimeout(100);
    const notes = readLiveNotes(await page.evaluate(() => (window as unknown as { __cdLive: Record<string, { dom: number; frame: number }> }).__cdLive));
    return { ...notes, announced: sub.announced, last };
  } finally {
    sub.close();
  }
}

interface Sample {
  readonly delays: { dom: number[]; frame: number[] };
  compared: number;
  /** Blocks the page jumped past, or transfers whose committed row never came. */
  skipped: string[];
}

const emptySample = (): Sample => ({ delays: { dom: [], frame: [] }, compared: 0, skipped: [] });

type Dispatch = Services["dispatcher"]["dispatch"];
const call = async (dispatch: Dispatch, method: string, args: unknown) => {
  const answer = await dispatch(method, args);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.message}`);
  return answer.value;
};

/** The bench devnet's validator, as CometBFT names it (upper-case hex). */
async function validatorHex(rpc: string): Promise<string> {
  const body = (await (await fetch(`${rpc}/status`)).json()) as { result: { validator_info: { address: string } } };
  return body.result.validator_info.address.toUpperCase();
}

/** A case: what it sets up through the app's contract before its pages are measured, and undoes after. */
interface LiveCase {
  readonly id: "plain" | "networks" | "watch" | "transfer";
  readonly what: string;
  setUp(dispatch: Dispatch, w: BenchWorld): Promise<{ note: () => string; tearDown(): Promise<void> }>;
}

const CASES: readonly LiveCase[] = [
  { id: "plain", what: "", setUp: async () => ({ note: () => "", tearDown: async () => {} }) },
  {
    id: "networks",
    what: "three networks followed",
    async setUp(dispatch, w) {
      const validator = await validatorHex(w.rpc);
      const forwarder: Forwarder = await startForwarder(w.rpc);
      const silent = await startSilentPort();
      const base = { chainId: w.info.chainId, accessUrl: null, bech32Prefix: w.info.bech32Prefix, denoms: [{ base: w.info.denom, display: w.info.denom.replace(/^u/, "").toUpperCase(), exponent: 6 }], defaultDenom: w.info.denom, rpcVia: "direct" as const };
      const added: string[] = [];
      try {
        for (const [name, url] of [["Bench devnet, forwarded", forwarder.url], ["Bench network that is down", silent.url]] as const) {
          const n = (await call(dispatch, "network.add", { ...base, name, rpcUrls: [url] })) as { id: string };
          added.push(n.id);
          // On the watch list, so the app follows it while the bench devnet stays selected.
          await call(dispatch, "watch.addValidator", { networkId: n.id, address: validator });
        }
        // Followed for real: the forwarder sees the watch feed's websocket and its block reads.
        const deadline = Date.now() + 20_000;
        while ((forwarder.counts.websockets === 0 || forwarder.counts.blockReads === 0 || silent.counts.connections === 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
        const followed = (await call(dispatch, "watch.networks", {})) as { networks: Array<{ networkId: string }> };
        const following = added.filter((id) => followed.networks.some((n) => n.networkId === id));
        if (following.length !== 2 || forwarder.counts.websockets === 0 || silent.counts.connections === 0) {
          throw new Error(`the two added networks are not both followed (watch.networks: ${following.length} of 2; forwarder ${JSON.stringify(forwarder.counts)}; silent port ${silent.counts.connections} connections)`);
        }
      } catch (error) {
        await forwarder.close();
        await silent.close();
        throw error;
      }
      const start = { ...forwarder.counts, silent: silent.counts.connections };
      return {
        note: () => `the forwarder carried ${forwarder.counts.blockReads - start.blockReads} block reads (and ${forwarder.counts.websockets} websocket${forwarder.counts.websockets === 1 ? "" : "s"} in all), and the silent port had ${silent.counts.connections - start.silent} connection attempts`,
        async tearDown() {
          for (const id of added) await call(dispatch, "network.remove", { id });
          await forwarder.close();
          await silent.close();
        },
      };
    },
  },
  {
    id: "watch",
    what: "the watch running",
    async setUp(dispatch, w) {
      const validator = await validatorHex(w.rpc);
      await call(dispatch, "watch.addValidator", { networkId: "devnet", address: validator });
      await call(dispatch, "watch.addNode", { networkId: "devnet", url: w.rpc });
      return {
        note: () => "",
        async tearDown() {
          await call(dispatch, "watch.removeValidator", { networkId: "devnet", address: validator });
          await call(dispatch, "watch.removeNode", { networkId: "devnet", url: w.rpc });
        },
      };
    },
  },
];

/** Opens `link` in a fresh context with `script` injected, and waits for its first height or its first transaction row. */
async function open(browser: Browser, link: string, script: string, ready: "live" | "tx") {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(script);
  await page.goto(link);
  // A function, not a string: the app's CSP forbids evaluating strings.
  await page.waitForFunction((r) => (r === "live" ? Object.keys((window as { __cdLive?: object }).__cdLive ?? {}).length > 0 : document.querySelector("[data-tx-hash]") !== null), ready, { timeout: 60_000 });
  return { page, context };
}

/**
 * `count` transfers sent through `tx.submit`, one at a time: each one's `Tx` event to its
 * committed row, pooled into `into`, and the paths the rows took, added to `paths`.
 */
async function transfers(page: Page, dispatch: Dispatch, w: BenchWorld, count: number, into: Sample, paths: TransferPaths): Promise<void> {
  const sub = await subscribeTxs(w.rpc);
  const sent: string[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const tx = (await call(dispatch, "tx.submit", { requestId: randomUUID(), from: w.info.accounts[0]!.address, to: w.info.accounts[1]!.address, amount: `1${w.info.denom}` })) as { txHash: string };
      sent.push(tx.txHash);
      await page.waitForFunction((h) => (window as { __cdTx?: Record<string, { frame: number }> }).__cdTx?.[h]?.frame, tx.txHash, { timeout: 15_000 }).catch(() => undefined);
    }
    await page.waitForTimeout(100);
    const notes = z.record(z.string(), TxRowNote).parse(await page.evaluate(() => (window as unknown as { __cdTx: unknown }).__cdTx));
    const found = transferPaths(sent, sub.announced, notes);
    for (const d of [...found.inPlace, ...found.arrived]) {
      into.delays.dom.push(d.dom);
      into.delays.frame.push(d.frame);
    }
    into.compared += sent.length;
    into.skipped.push(...found.missed.map((h) => h.slice(0, 8)));
    paths.inPlace.push(...found.inPlace);
    paths.arrived.push(...found.arrived);
    paths.missed.push(...found.missed);
  } finally {
    sub.close();
  }
}

interface Measured {
  readonly id: string;
  readonly what: string;
  readonly goal: string;
  readonly unit: string;
}

/**
 * `rendererDirs`: built renderers other than dist/renderer. Given several, their runs alternate
 * in one session (each run follows every page of every case), so a before/after comparison sees
 * the same load. `transfers`: committed transfers per run (default a fifth of `blocks`).
 */
export function liveSection(o: { blocks: number; transfers?: number; rendererDirs?: readonly string[] }): Section {
  const transferCount = o.transfers ?? Math.max(1, Math.round(o.blocks / 5));
  return {
    id: "live",
    heading: "Block to screen",
    async run(ctx) {
      const w = await ctx.world();
      const dirs = o.rendererDirs?.length ? o.rendererDirs : [join(repoRoot, "dist", "renderer")];
      const runs = dirs.length > 1 ? ctx.runs : 1;
      const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-bench-live-"));
      const services = await createServices({ dataDir, tokenStore: { kind: "memory" }, devnetJsonPath: w.devnetJsonPath, bridge: true });
      services.start();
      const dispatch: Dispatch = (method, args) => services.dispatcher.dispatch(method, args);
      // A funded devnet account, so the transfer case can send; the wallet is unlocked throughout.
      await call(dispatch, "wallet.import", { mnemonic: w.info.accounts[0]!.mnemonic, password: "bench live password" });
      const modes = await Promise.all(dirs.map((rendererDir) => startBrowserMode({ dispatcher: services.dispatcher, events: services.events, rendererDir })));
      const browser = await launchChromium({ record: false });
      const measured: Measured[] = [
        ...CASES.flatMap((c) => LIVE_PAGES.map((p) => ({ id: c.id === "plain" ? p.id : `${p.id}, ${c.what}`, what: c.id === "plain" ? p.what : `${p.what}, ${c.what}`, goal: "block", unit: "blocks" }))),
        { id: "transfer", what: "Transactions page (the row shows *committed*), a transfer sent", goal: "transfer", unit: "transfers" },
      ];
      const samples: Sample[][] = dirs.map(() => measured.map(emptySample));
      const paths: TransferPaths[] = dirs.map(() => ({ inPlace: [], arrived: [], missed: [] }));
      const notes: Record<string, string> = {};
      try {
        for (let run = 0; run < runs; run++) {
          const order = dirs.map((_, i) => i);
          if (run % 2) order.reverse();
          for (const [ci, c] of CASES.entries()) {
            const set = await c.setUp(dispatch, w);
            try {
              for (const i of order) {
                for (const [pi, p] of LIVE_PAGES.entries()) {
                  const { page, context } = await open(browser, modes[i]!.link(p.route), liveObserverScript(p.select, p.attribute), "live");
                  const seen = await follow(page, w.rpc, o.blocks);
                  await context.close();
                  const dom = matchLive(seen.announced, seen.dom, seen.last);
                  const frame = matchLive(seen.announced, seen.frame, seen.last);
                  const s = samples[i]![ci * LIVE_PAGES.length + pi]!;
                  s.delays.dom.push(...dom.delays);
                  s.delays.frame.push(...frame.delays);
                  s.compared += dom.compared;
                  s.skipped.push(...dom.skipped.map(String));
                  console.log(`live: ${dirs[i]}, ${c.id}, ${p.id}, run ${run + 1}/${runs}: ${dom.compared} blocks, to the frame p50 ${quantile(frame.delays, 0.5).toFixed(1)} p90 ${quantile(frame.delays, 0.9).toFixed(1)} ms, skipped ${dom.skipped.length}`);
                }
              }
              const note = set.note();
              if (note) notes[c.id] = note;
            } finally {
              await set.tearDown();
            }
          }
          for (const i of order) {
            const { page, context } = await open(browser, modes[i]!.link("transactions"), committedObserverScript(), "tx");
            const s = samples[i]![measured.length - 1]!;
            const before = s.delays.frame.length;
            await transfers(page, dispatch, w, transferCount, s, paths[i]!);
            await context.close();
            const fresh = s.delays.frame.slice(before);
            console.log(`live: ${dirs[i]}, transfer, run ${run + 1}/${runs}: ${transferCount} transfers, to the frame p50 ${quantile(fresh, 0.5).toFixed(1)} p90 ${quantile(fresh, 0.9).toFixed(1)} ms, missed ${s.skipped.length}`);
          }
        }
      } finally {
        await browser.close();
        for (const mode of modes) await mode.close();
        await services.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
      const rows: string[] = [];
      const goals: Goal[] = [];
      const q = (xs: number[], k: number) => (xs.length ? quantile(xs, k).toFixed(1) : "–");
      for (const [i, dir] of dirs.entries()) {
        for (const [mi, m] of measured.entries()) {
          const s = samples[i]![mi]!;
          const skipped = `${s.skipped.length}${s.skipped.length ? ` (${s.skipped.slice(0, 5).join(", ")}${s.skipped.length > 5 ? ", …" : ""})` : ""}`;
          const p90 = s.delays.frame.length ? quantile(s.delays.frame, 0.9) : Number.NaN;
          rows.push(`| ${m.what}${dirs.length > 1 ? `, \`${dir}\`` : ""} | ${s.compared} ${m.unit} | ${q(s.delays.dom, 0.5)} | ${q(s.delays.dom, 0.9)} | ${q(s.delays.frame, 0.5)} | **${q(s.delays.frame, 0.9)}** | ${q(s.delays.frame, 1)} | ${overFloor(p90)} | ${skipped} |`);
          if (i !== dirs.length - 1) continue;
          const enough = m.goal === "block" ? s.compared >= 50 : s.compared >= 10;
          goals.push({
            goal: m.goal === "block"
              ? `${m.id}: a new block on screen p90 ≤ 25 ms after the node's NewBlock, none skipped (≥ 50 blocks)`
              : `a committed transfer on screen p90 ≤ 25 ms after the node's Tx event, none missed (≥ 10 transfers)`,
            measured: `p90 ${Number.isNaN(p90) ? "–" : p90.toFixed(1)} ms over ${s.compared} ${m.unit}, ${s.skipped.length} ${m.goal === "block" ? "skipped" : "missed"}`,
            met: p90 <= 25 && s.skipped.length === 0 && enough,
          });
        }
      }
      const body = `An independent subscriber in the bench's process (its own websocket to the node,
\`tm.event='NewBlock'\`, and \`tm.event='Tx'\` for transfers) notes when the node announces each
block or transaction. The app runs in browser mode (the app's real services behind the WebSocket
bridge, wallet unlocked with a funded devnet account, headless Chromium with software rendering)
on the bench's single-validator devnet (500 ms blocks). A script injected before the app's own
notes, per height (or per transaction), when it first reaches the page's DOM (a
\`MutationObserver\`) and the next animation frame after that, the frame that paints it. A delay
is that moment minus the subscriber's; both clocks are the machine's wall clock. ${o.blocks} blocks per
page and case${runs > 1 ? ` and run, ${runs} runs with the builds alternating, all pooled` : ""}, one page at a time, each in a fresh browser context.

The cases, each set up through the app's own contract while the bench devnet stays selected:

- **three networks followed**: \`network.add\` of the same devnet reached through a loopback TCP
  forwarder on another port (\`rpcVia: "direct"\`: its RPC is all it needs), and of a network whose
  port accepts connections and never answers (down); a validator on each one's watch list
  (\`watch.addValidator\`), so the app follows both beside the selected one. Checked before
  measuring: \`watch.networks\` lists both, the forwarder has carried the watch feed's websocket
  and its block reads, and the silent port has had connections. ${notes.networks ? `While measured: ${notes.networks}.` : ""}
- **the watch running**: the devnet's validator and its node on the selected network's watch list
  (\`watch.addValidator\`, \`watch.addNode\`): the watch reads each block's signatures, x/slashing
  every 10 blocks and probes the node every 10 s.
- **a committed transfer**: the Transactions page open, ${transferCount} transfers of 1 ${w.info.denom} per run sent one at
  a time through \`tx.submit\` (as the \`soak\` section sends them), each from its \`Tx\` event to the
  moment its row's status reads *committed*; a transfer whose row never did within 15 s is missed.

The physical floor is the bridge's round trip (main hears the same event, sends it over the
bridge, the page parses it; the no-op's round trip is in *Bridge round trip*, about 1 ms) plus up
to one frame (16.7 ms at 60 Hz) for the paint: the frame column's floor is about 1 ms to 17.7 ms,
spread evenly, so its p90 floor is about ${FLOOR_P90.toFixed(1)} ms. "Over the floor" is the measured p90 minus that (a
p90 at or under it is at the floor); the DOM column shows how much is the app and how much the frame.

| page | compared | to the DOM p50 (ms) | to the DOM p90 | to the frame p50 | to the frame p90 | max | p90 over the floor | skipped / missed |
|---|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.join("\n")}

${dirs.map((dir, i) => pathsText(paths[i]!, dirs.length > 1 ? dir : undefined)).join("\n\n")}

Command: \`${ctx.command}\`
`;
      return { body, goals };
    },
  };
}

/**
 * Which path the transfers' rows took: a row listed before its commit changes in place when
 * main's `tx.statusChanged` arrives; one first listed after it comes with the list's refetch.
 */
function pathsText(p: TransferPaths, dir: string | undefined): string {
  const total = p.inPlace.length + p.arrived.length + p.missed.length;
  const p90 = (ds: readonly { frame: number }[]) => (ds.length ? `${quantile(ds.map((d) => d.frame), 0.9).toFixed(1)} ms` : "–");
  const as = new Map<string, number>();
  for (const d of p.inPlace) as.set(d.listedAs, (as.get(d.listedAs) ?? 0) + 1);
  const statuses = [...as].map(([status, n]) => `*${status}* ${n}`).join(", ");
  return `How the committed rows came${dir ? ` (\`${dir}\`)` : ""}: of ${total} transfers, ${p.inPlace.length} were listed before their commit${statuses ? ` (first as ${statuses})` : ""} and changed in place, to the frame p90 ${p90(p.inPlace)}; ${p.arrived.length} were first listed already committed, p90 ${p90(p.arrived)}; ${p.missed.length} missed.`;
}

/** The frame column's p90 at the floor: 1 ms of bridge plus 90 % of a 16.7 ms frame. */
const FLOOR_P90 = 1 + 0.9 * 16.7;
/** How far a frame p90 is above that floor; at or below it (a frame can come sooner than the even spread) it is at the floor. */
const overFloor = (p90: number) => (Number.isNaN(p90) ? "–" : p90 <= FLOOR_P90 ? "at the floor" : `+${(p90 - FLOOR_P90).toFixed(1)}`);
