import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { down, reset, up } from "../../devnet/lib/devnet.js";
import { layoutFromEnv, repoRoot } from "../../devnet/lib/layout.js";
import { nodePidFile } from "../../devnet/lib/nodes.js";
import { runningPid } from "../../devnet/lib/processes.js";
import { consoleProgress } from "../../devnet/lib/progress.js";
import type { DevnetInfo } from "../../devnet/lib/state.js";
import { rpcPost } from "../../devnet/test/chain-client.js";
import { TEST_PORT_BASE } from "../../devnet/test/global-setup.js";
import { until } from "../../devnet/test/until.js";

/**
 * The watch service killed with SIGKILL again and again while a validator is frozen: as the
 * missed-blocks episode builds, while its "fired" message is on its way, while it is open, while
 * its "resolved" message is on its way, and after. A receiver (a local HTTP server) takes the
 * messages of a webhook route and of the network's webhook, and must have accepted exactly one
 * "fired" and one "cleared" of the episode on each, by key and by count. Its own four-validator
 * devnet (its own folder and ports), with one extra bonded validator so x/slashing's window is long
 * and the frozen validator is not jailed (devnet/README.md, "A validator set of real size").
 */
const layout = layoutFromEnv({ ...process.env, COMETDESK_DEVNET_DIR: join(repoRoot, ".devnet-test", "restarts"), COMETDESK_DEVNET_PORT_OFFSET: String(TEST_PORT_BASE + 1000) });
const TOKEN = "watch-restarts-test-token-0123456789";
const RULE = { missed: 12, of: 40 };
const FROZEN = 3;

interface Message {
  readonly path: string;
  readonly key: string | undefined;
  readonly change: string;
  readonly alert: { id: string; kind: string; subject: string };
  accepted: boolean;
}

let info: DevnetInfo;
let dir: string;
let config: string;
let receiver: Server;
let base: string;
let frozenAddress: string;
const messages: Message[] = [];
/** While set, every request is held unanswered: the service is killed with its messages in flight and none just answered. */
let holding: ServerResponse[] | undefined;
/** The message that starts the holding, and who waits for it. */
let holdOn: { readonly match: (m: Message) => boolean; readonly arrived: () => void } | undefined;
const children = new Set<ChildProcess>();

const signal = (i: number, sig: NodeJS.Signals) => {
  const pid = runningPid(nodePidFile(layout, i));
  if (pid) process.kill(pid, sig);
};

function start(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "watch/service/cli.ts", "--config", config, "--log-level", "warn"], { stdio: ["ignore", "pipe", "inherit"] });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return new Promise((resolve, reject) => {
    child.once("exit", (code, sig) => reject(new Error(`the service exited with ${code ?? sig} while starting`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const match = /API on (https?:\/\/\S+)/.exec(line);
      if (match) resolve({ child, url: match[1]! });
    });
  });
}

async function kill9(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGKILL");
  await exited;
}

const api = async <T>(url: string, path: string): Promise<T> => (await (await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as T;
interface Row { address: string; missed: number; missedHeights: string[] }
interface Status { networks: Array<{ height: string | null; skippedAtStart: number; validators: Row[] }> }
const status = async (url: string) => (await api<Status>(url, "/v1/status?networkId=four")).networks[0]!;
const openEpisodes = async (url: string) => (await api<{ alerts: Array<{ kind: string; subject: string }> }>(url, "/v1/alerts?networkId=four")).alerts.filter((a) => a.kind === "missed_blocks" && a.subject === frozenAddress);

/** Nothing waits in any delivery journal of the data folder. */
function journalsSettled(): boolean {
  const folder = join(dir, "data", "deliveries");
  if (!existsSync(folder)) return false;
  return readdirSync(folder).filter((f) => f.endsWith(".json")).every((f) => !(JSON.parse(readFileSync(join(folder, f), "utf8")) as { entries: Array<{ state: string }> }).entries.some((e) => e.state === "pending"));
}

/** Waits until the service has done at least `blocks` more blocks than it had at the call. */
async function blocksDone(url: string, blocks: number): Promise<void> {
  const from = BigInt((await until("a height", 60, async () => (await status(url)).height ?? undefined)));
  await until(`${blocks} more blocks done`, 90, async () => (BigInt((await status(url)).height ?? "0") >= from + BigInt(blocks) ? true : undefined));
}

/** Holds every request from the first one `match` takes until `release`; resolves once that one arrived. */
function holdFrom(match: (m: Message) => boolean): Promise<void> {
  return new Promise((arrived) => (holdOn = { match, arrived }));
}
function release(): void {
  for (const res of holding ?? []) res.destroy();
  holding = undefined;
}
const accepted = (path: string, change: string) => messages.filter((m) => m.path === path && m.accepted && m.change === change && m.alert.kind === "missed_blocks" && m.alert.subject === frozenAddress);

beforeAll(async () => {
  await reset(layout);
  info = (await up(layout, { validators: 4, extraValidators: { bonded: 1 } }, consoleProgress())).info;
  frozenAddress = ((await rpcPost(info.nodes[FROZEN]!.rpc, "status", {})).result as { validator_info: { address: string } }).validator_info.address.toUpperCase();
  dir = mkdtempSync(join(tmpdir(), "watch-restarts-"));
  receiver = createServer((req, res) => {
    let text = "";
    req.on("data", (d: Buffer) => (text += d.toString()));
    req.on("end", () => {
      const body = JSON.parse(text) as { change: string; alert: Message["alert"] };
      const m: Message = { path: req.url ?? "", key: req.headers["idempotency-key"] as string | undefined, change: body.change, alert: body.alert, accepted: false };
      messages.push(m);
      if (!holding && holdOn?.match(m)) {
        holding = [];
        holdOn.arrived();
        holdOn = undefined;
      }
      if (holding) {
        holding.push(res);
        return;
      }
      m.accepted = true;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  config = join(dir, "watch.json");
  const rules = { missedBlocks: { enabled: true, ...RULE }, jailed: { enabled: true }, nodeDown: { enabled: true }, nodeLagging: { enabled: true, blocks: 10 }, hashMismatch: { enabled: true }, chainStalled: { enabled: true, factor: 60 }, upgradePlanned: { enabled: true }, proposalUnvoted: { enabled: true, hoursBefore: 24 }, clearAfterSeconds: 0 };
  writeFileSync(config, JSON.stringify({
    dataDir: "./data", listen: { host: "127.0.0.1", port: 0 }, token: TOKEN, pollIntervalMs: 300, probeIntervalMs: 2_000,
    routes: [{ type: "webhook", name: "ours", url: `${base}/route` }],
    networks: [{ id: "four", name: "Four", chainId: info.chainId, bech32Prefix: info.bech32Prefix, rpcUrls: [info.nodes[0]!.rpc], validators: [{ address: frozenAddress, label: "three" }], rules, webhook: { url: `${base}/network`, timeoutMs: 5_000 } }],
  }));
}, 900_000);

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  for (let i = 0; i < 4; i++) signal(i, "SIGCONT"); // never leave a frozen node behind
  await down(layout);
  release();
  if (receiver) {
    receiver.closeAllConnections();
    await new Promise((r) => receiver.close(r));
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the watch service killed with SIGKILL while a validator is frozen", () => {
  it("announces the missed-blocks episode once and its end once, and counts every block it was down for", { timeout: 600_000 }, async () => {
    let service = await start();
    await blocksDone(service.url, 3);
    signal(FROZEN, "SIGSTOP");

    // 1. While the episode builds: some blocks missed, not yet enough to fire.
    const building = await until("a missed block counted, the rule not yet reached", 120, async () => {
      const row = (await status(service.url)).validators.find((v) => v.address === frozenAddress);
      return row && row.missed >= 1 && row.missed < RULE.missed ? row : undefined;
    });
    expect((await openEpisodes(service.url))).toEqual([]);
    expect(building.missed).toBeLessThan(RULE.missed);
    // Held from now on, so a "fired" sent in the instant before the kill is cut off too, never just accepted.
    const firedArrived = holdFrom((m) => m.change === "fired" && m.alert.subject === frozenAddress);
    await kill9(service.child);

    // 2. While "fired" is on its way: the receiver holds it unanswered, and the service dies.
    service = await start();
    await firedArrived;
    await kill9(service.child);
    release();

    // 3. While the episode is open, everything delivered: a restart must neither fire it again nor lose its count.
    service = await start();
    await until("both fired messages accepted and journaled", 120, async () => (accepted("/route", "fired").length === 1 && accepted("/network", "fired").length === 1 && journalsSettled() ? true : undefined));
    await blocksDone(service.url, 2);
    await kill9(service.child);
    service = await start();
    await blocksDone(service.url, 4);
    expect(await openEpisodes(service.url)).toHaveLength(1);
    // Every block since the freeze was counted, those it was down for included: the missed heights run without a gap.
    const row = (await status(service.url)).validators.find((v) => v.address === frozenAddress)!;
    const heights = row.missedHeights.map(Number);
    expect(heights.length).toBeGreaterThanOrEqual(RULE.missed);
    expect(heights).toEqual(Array.from({ length: heights.length }, (_, i) => heights[0]! + i));
    expect((await status(service.url)).skippedAtStart).toBe(0);

    // 4. While "cleared" is on its way: the validator signs again, the episode ends, and the service dies.
    const clearedArrived = holdFrom((m) => m.change === "cleared" && m.alert.subject === frozenAddress);
    signal(FROZEN, "SIGCONT");
    await clearedArrived;
    await kill9(service.child);
    release();

    // 5. After it all: one more kill once everything is settled; nothing is sent again.
    service = await start();
    await until("both cleared messages accepted and journaled", 180, async () => (accepted("/route", "cleared").length === 1 && accepted("/network", "cleared").length === 1 && journalsSettled() ? true : undefined));
    await kill9(service.child);
    service = await start();
    await blocksDone(service.url, 4);
    expect(await openEpisodes(service.url)).toEqual([]);
    await kill9(service.child);

    for (const path of ["/route", "/network"]) {
      const ours = messages.filter((m) => m.path === path && m.alert.kind === "missed_blocks" && m.alert.subject === frozenAddress);
      // Exactly one of each accepted, by count...
      expect(ours.filter((m) => m.accepted).map((m) => m.change), path).toEqual(["fired", "cleared"]);
      // ...and by key: one episode, each key its alert's id and change, every copy (the ones cut off by a kill included) with the same key.
      const id = ours[0]!.alert.id;
      expect(new Set(ours.map((m) => m.alert.id)), path).toEqual(new Set([id]));
      expect(new Set(ours.filter((m) => m.accepted).map((m) => m.key)), path).toEqual(new Set([`${id}:fired`, `${id}:cleared`]));
      for (const m of ours) expect(m.key, path).toBe(`${id}:${m.change}`);
    }
    // The messages cut off by a kill were sent again: more arrived than were accepted.
    expect(messages.filter((m) => m.alert.subject === frozenAddress && !m.accepted).length).toBeGreaterThanOrEqual(2);
  });
});
