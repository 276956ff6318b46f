import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { until } from "../../devnet/test/until.js";
import { parsePromText } from "./test/prom-text.js";

/**
 * The headless watch service as an operator runs it (`npm run watch-service -- --config FILE`),
 * against the test devnet's validator: its API answers with the watch's status, refuses a bad
 * token and a public address without a token, and after a restart on the same data folder it
 * does not announce again an alert it announced before.
 */
const info = inject("devnet");
const TOKEN = "watch-service-test-token-0123456789";
const children = new Set<ChildProcess>();
let dir: string;
let receiver: Server;
let receiverUrl: string;
const received: Array<{ change: string; alert: { kind: string; subject: string; id: string } }> = [];
/** What the Slack-shaped routes received, by path; /revoked answers as Slack does for a deleted webhook. */
const slack: Array<{ path: string; text: string }> = [];

function writeConfig(name: string, extra: Record<string, unknown>): string {
  const path = join(dir, `${name}.json`);
  const config = {
    dataDir: "./data",
    listen: { host: "127.0.0.1", port: 0 },
    token: TOKEN,
    pollIntervalMs: 300,
    probeIntervalMs: 500,
    networks: [{ id: "devnet", name: "Devnet", chainId: info.chainId, bech32Prefix: info.bech32Prefix, rpcUrls: [info.nodes[0]!.rpc], validators: [], nodes: [] }],
    ...extra,
  };
  writeFileSync(path, JSON.stringify(config));
  return path;
}

/** Runs the CLI; resolves with the API's URL once it listens. */
function start(config: string, args: string[] = []): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "watch/service/cli.ts", "--config", config, "--log-level", "warn", ...args], { stdio: ["ignore", "pipe", "inherit"] });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the service exited with ${code} while starting`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const match = /API on (https?:\/\/\S+)/.exec(line);
      if (match) resolve({ child, url: match[1]! });
    });
  });
}

/** Runs the CLI expecting it to refuse: its exit code and what it wrote to stderr. */
function refused(config: string, args: string[] = []): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "watch/service/cli.ts", "--config", config, ...args], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stderr })));
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

const api = (url: string, path: string, init: RequestInit = {}, token = TOKEN) =>
  fetch(`${url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.body ? { "content-type": "application/json" } : {}), ...init.headers } });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "watch-service-"));
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (d: Buffer) => (body += d.toString()));
    req.on("end", () => {
      if (req.url === "/hook") received.push(JSON.parse(body) as (typeof received)[number]);
      else slack.push({ path: req.url ?? "", text: (JSON.parse(body) as { text: string }).text });
      if (req.url === "/revoked") res.writeHead(404, { "content-type": "text/plain" }).end("no_service");
      else res.writeHead(req.url === "/hook" ? 204 : 200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await new Promise((r) => receiver?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe("the watch service", () => {
  it("prints its usage for --help", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "watch/service/cli.ts", "--help"], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    const code = await new Promise((r) => child.on("exit", r));
    expect(code).toBe(0);
    expect(out).toContain("npm run watch-service -- --config FILE");
    expect(out).toContain("--insecure-public");
  });

  it("refuses a public address without a token, and without TLS unless told, in words", async () => {
    const noToken = await refused(writeConfig("public-no-token", { listen: { host: "0.0.0.0", port: 0 }, token: undefined }));
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain("refusing to listen on 0.0.0.0: it is not a loopback address, and the config has no \"token\"");
    const noTls = await refused(writeConfig("public-no-tls", { listen: { host: "0.0.0.0", port: 0 } }));
    expect(noTls.code).toBe(2);
    expect(noTls.stderr).toContain("without TLS");
    const bad = await refused(writeConfig("bad", { pollIntervalMs: "fast" }));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/is not usable: pollIntervalMs: .*number/);
  });

  it("watches the devnet's validator, answers only its token, and does not announce an alert again after a restart", { timeout: 120_000 }, async () => {
    const validators = (await (await fetch(`${info.nodes[0]!.rpc}/validators`)).json()) as { result: { validators: Array<{ address: string }> } };
    const address = validators.result.validators[0]!.address;
    // A node that never answers: its node-down alert is the episode the restart must not announce again.
    const deadNode = "http://127.0.0.1:9/";
    const config = writeConfig("watch", {});
    const withHook = JSON.parse(readFileSync(config, "utf8")) as { networks: Array<Record<string, unknown>> };
    withHook.networks[0]!.webhook = { url: receiverUrl, timeoutMs: 5_000 };
    const base = receiverUrl.replace(/\/hook$/, "");
    Object.assign(withHook, { routes: [{ type: "slack", name: "ops", url: `${base}/slack`, minSeverity: "warning" }, { type: "slack", name: "gone", url: `${base}/revoked` }] });
    writeFileSync(config, JSON.stringify(withHook));
    const first = await start(config);

    expect((await api(first.url, "/v1/status", {}, "not-the-token")).status).toBe(401);
    expect((await fetch(`${first.url}/v1/status`)).status).toBe(401);
    const badBody = await api(first.url, "/v1/networks/devnet/lists", { method: "PUT", body: JSON.stringify({ validators: "all" }) });
    expect(badBody.status).toBe(400);
    expect(((await badBody.json()) as { error: { message: string } }).error.message).toContain("validators");

    const lists = await api(first.url, "/v1/networks/devnet/lists", { method: "PUT", body: JSON.stringify({ validators: [{ address, label: "ours" }], nodes: [deadNode] }) });
    expect(lists.status).toBe(200);
    type Rules = { networks: Array<{ config: { rules: { missedBlocks: { enabled: boolean; missed: number; of: number } } } }> };
    const rulesNow = async (url: string) => ((await (await api(url, "/v1/status?networkId=devnet")).json()) as Rules).networks[0]!.config.rules;
    const rules = { ...(await rulesNow(first.url)), missedBlocks: { enabled: true, missed: 7, of: 30 } };
    expect((await api(first.url, "/v1/networks/devnet/rules", { method: "PUT", body: JSON.stringify({ rules: { ...rules, missedBlocks: { enabled: true, missed: 40, of: 30 } } }) })).status).toBe(400);
    expect((await api(first.url, "/v1/networks/devnet/rules", { method: "PUT", body: JSON.stringify({ rules }) })).status).toBe(200);

    type Status = { networks: Array<{ height: string | null; validators: Array<{ address: string; seen: number; signed: number }> }> };
    const signedRow = await until("the service counts the validator's signatures", 60, async () => {
      const s = (await (await api(first.url, "/v1/status?networkId=devnet")).json()) as Status;
      const row = s.networks[0]!.validators.find((v) => v.address === address);
      return row && row.signed >= 2 ? row : undefined;
    });
    expect(signedRow.signed).toBeGreaterThanOrEqual(2);

    type Alerts = { alerts: Array<{ id: string; kind: string; subject: string; clearedAt: string | null }> };
    const down = await until("the dead node's alert", 60, async () => {
      const a = (await (await api(first.url, "/v1/alerts?networkId=devnet")).json()) as Alerts;
      return a.alerts.find((x) => x.kind === "node_down" && x.subject === deadNode);
    });
    await until("the dead node's alert at the webhook", 30, async () => (received.some((m) => m.change === "fired" && m.alert.id === down.id) ? true : undefined));
    await until("the dead node's alert on the Slack route", 30, async () => (slack.some((m) => m.path === "/slack" && m.text.includes(`Node down: ${deadNode}`)) ? true : undefined));
    expect((await api(first.url, "/v1/routes/ops/test", { method: "POST" })).status).toBe(202);
    expect((await api(first.url, "/v1/routes/nobody/test", { method: "POST" })).status).toBe(404);
    await until("the test message", 30, async () => (slack.some((m) => m.path === "/slack" && m.text.includes("Test message")) ? true : undefined));
    type RouteRow = { name: string; delivered: number; givenUp: number; lastError: string | null };
    const gone = await until("the deleted webhook's failure in the API", 30, async () => {
      const r = (await (await api(first.url, "/v1/routes")).json()) as { routes: RouteRow[] };
      return r.routes.find((x) => x.name === "gone" && x.givenUp > 0);
    });
    expect(gone.lastError).toContain('slack route "gone": HTTP 404, the webhook does not exist ("no_service"); not retried');

    // /metrics, scraped as Prometheus would (with the token) and read by a strict parser.
    expect((await fetch(`${first.url}/metrics`)).status).toBe(401);
    const scrape = await api(first.url, "/metrics");
    expect(scrape.headers.get("content-type")).toContain("text/plain");
    const families = parsePromText(await scrape.text());
    const one = (name: string, labels: Record<string, string>) => {
      const found = families.get(name)?.samples.filter((x) => Object.entries(labels).every(([k, v]) => x.labels[k] === v)) ?? [];
      expect(found, `${name} ${JSON.stringify(labels)}`).toHaveLength(1);
      return found[0]!.value;
    };
    const ours = { network: "devnet", validator: address, label: "ours" };
    expect(families.get("cometdesk_validator_missed_blocks")!.type).toBe("gauge");
    expect(one("cometdesk_validator_missed_blocks", ours)).toBe(0);
    expect(one("cometdesk_validator_jailed", ours)).toBe(0);
    expect(one("cometdesk_validator_tombstoned", ours)).toBe(0);
    expect(one("cometdesk_validator_voting_power", ours)).toBeGreaterThan(0);
    expect(one("cometdesk_signing_window_blocks", { network: "devnet" })).toBeGreaterThan(0);
    expect(one("cometdesk_node_up", { network: "devnet", node: deadNode })).toBe(0);
    expect(one("cometdesk_node_up", { network: "devnet", node: info.nodes[0]!.rpc })).toBe(1);
    expect(one("cometdesk_node_height", { network: "devnet", node: info.nodes[0]!.rpc })).toBeGreaterThan(0);
    expect(one("cometdesk_node_lag_blocks", { network: "devnet", node: info.nodes[0]!.rpc })).toBe(0);
    expect(one("cometdesk_chain_last_block_time_seconds", { network: "devnet" })).toBeGreaterThan(1.7e9);
    expect(one("cometdesk_chain_stalled", { network: "devnet" })).toBe(0);
    expect(families.get("cometdesk_route_deliveries_total")!.type).toBe("counter");
    expect(one("cometdesk_route_deliveries_total", { route: "ops", type: "slack" })).toBeGreaterThanOrEqual(2);
    expect(one("cometdesk_route_given_up_total", { route: "gone", type: "slack" })).toBeGreaterThanOrEqual(1);
    expect(one("cometdesk_route_failures_total", { route: "gone", type: "slack" })).toBeGreaterThanOrEqual(1);
    const ack = await api(first.url, `/v1/alerts/${down.id}/acknowledge`, { method: "POST" });
    expect(((await ack.json()) as { acknowledgedAt: string | null }).acknowledgedAt).not.toBeNull();
    expect((await api(first.url, "/v1/alerts/no-such-alert/acknowledge", { method: "POST" })).status).toBe(404);
    await stop(first.child);

    // The same data folder: the watch list, the rules and the open episode are all still there.
    const second = await start(config);
    await until("the restarted service counts blocks", 60, async () => {
      const s = (await (await api(second.url, "/v1/status?networkId=devnet")).json()) as Status;
      return (s.networks[0]!.validators[0]?.seen ?? 0) > 0 ? true : undefined;
    });
    // Several probe rounds of the dead node pass (each round would fire a new episode if the old one were forgotten).
    const probed = Date.now();
    await until("three probe rounds after the restart", 30, async () => {
      const s = (await (await api(second.url, "/v1/status?networkId=devnet")).json()) as { networks: Array<{ nodes: Array<{ url: string; checkedAt: string | null }> }> };
      const row = s.networks[0]!.nodes.find((n) => n.url === deadNode);
      return row?.checkedAt && Date.parse(row.checkedAt) > probed + 1_500 ? true : undefined;
    });
    expect((await rulesNow(second.url)).missedBlocks).toEqual({ enabled: true, missed: 7, of: 30 });
    const history = (await (await api(second.url, "/v1/history?networkId=devnet")).json()) as Alerts;
    const episodes = history.alerts.filter((x) => x.kind === "node_down" && x.subject === deadNode);
    expect(episodes.map((e) => e.id)).toEqual([down.id]);
    expect(episodes[0]!.clearedAt).toBeNull();
    const snoozed = await api(second.url, `/v1/alerts/${down.id}/snooze`, { method: "POST", body: JSON.stringify({ minutes: 30 }) });
    expect(((await snoozed.json()) as { snoozedUntil: string | null }).snoozedUntil).not.toBeNull();
    await stop(second.child);
    // Announced once, before the restart; never again after it.
    expect(received.filter((m) => m.change === "fired" && m.alert.kind === "node_down" && m.alert.subject === deadNode)).toHaveLength(1);
    expect(slack.filter((m) => m.path === "/slack" && m.text.includes(`Node down: ${deadNode}`))).toHaveLength(1);
  });
});
