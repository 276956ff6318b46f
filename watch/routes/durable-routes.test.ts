import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Alert } from "../../shared/contract/watch.js";
import { createProblemLog } from "../../storage/problems.js";
import { openAlertHistory } from "../alert-history.js";
import { createDurableRoutes, type DurableRoutes, type DurableRoutesOptions } from "./durable-routes.js";
import { RouteConfig } from "./route-messages.js";

/**
 * The service's durable routes against a local receiver (a real HTTP server), each "restart" a new
 * instance on the same data folder, as the process after a SIGKILL would open it.
 */
interface Got {
  readonly key: string | undefined;
  readonly body: Record<string, unknown>;
}
const servers: Server[] = [];
const dirs: string[] = [];
const opened: DurableRoutes[] = [];
afterEach(async () => {
  opened.splice(0).forEach((r) => r.stop());
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});

/** A receiver that answers 200, or holds every request unanswered while `hold` is set (or once `holdFrom` were answered). */
async function receiver() {
  const got: Got[] = [];
  const held: ServerResponse[] = [];
  const state: { hold: boolean; holdFrom?: number } = { hold: false };
  const server = createServer((req, res) => {
    let text = "";
    req.on("data", (d: Buffer) => (text += d.toString()));
    req.on("end", () => {
      const headers: IncomingHttpHeaders = req.headers;
      got.push({ key: headers["idempotency-key"] as string | undefined, body: JSON.parse(text) as Record<string, unknown> });
      if (state.hold || (state.holdFrom !== undefined && got.length > state.holdFrom)) held.push(res);
      else res.writeHead(200).end("ok");
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { got, state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

const T0 = Date.parse("2026-11-28T12:00:00.000Z");
const fired = (id: string, at: number): Alert => ({ id, networkId: "hub", key: `missed_blocks:${id}`, kind: "missed_blocks", subject: "ABCDEF0123456789ABCDEF0123456789ABCDEF01", title: "Missed blocks: ours", message: "ours missed 7 of the last 20 blocks.", firedAt: new Date(at).toISOString(), clearedAt: null, acknowledgedAt: null, snoozedUntil: null });

function world() {
  const dir = mkdtempSync(join(tmpdir(), "durable-routes-"));
  dirs.push(dir);
  let clock = T0;
  const problems = createProblemLog();
  const history = openAlertHistory(dir, problems);
  const open = (url: string, hookUrl: string | null = null, route: unknown = { type: "webhook", name: "ours", url }, extra: Partial<DurableRoutesOptions> = {}) => {
    const routes = createDurableRoutes({
      dataDir: dir, problems, history,
      routes: [RouteConfig.parse(route)],
      networkIds: ["hub"],
      webhookOf: () => ({ url: hookUrl, timeoutMs: 2_000 }),
      networkName: () => "Cosmos Hub",
      queue: { wait: async () => {} },
      now: () => clock,
      ...extra,
    });
    opened.push(routes);
    return routes;
  };
  return { dir, history, problems, open, tick: (ms = 1_000) => (clock += ms), now: () => clock };
}

describe("durable routes", () => {
  it("sends after a restart what was waiting, with the same idempotency key, and never again once delivered", async () => {
    const hook = await receiver();
    const w = world();
    hook.state.hold = true; // the provider takes the request and dies before answering
    const first = w.open(hook.url);
    const alert = fired("a1", w.tick());
    w.history.put(alert);
    first.alert("fired", alert);
    await expect.poll(() => hook.got.length).toBe(1);
    first.stop(); // the process is gone: nothing more from it

    hook.state.hold = false;
    const second = w.open(hook.url);
    await second.settled();
    expect(hook.got.map((g) => g.key)).toEqual(["a1:fired", "a1:fired"]);
    expect(hook.got[1]!.body).toMatchObject({ source: "cometdesk", change: "fired", idempotencyKey: "a1:fired", alert: { id: "a1" } });
    second.stop();

    const third = w.open(hook.url);
    await third.settled();
    expect(hook.got).toHaveLength(2); // delivered is delivered: the third start sends nothing
    expect(third.stats()[0]).toMatchObject({ delivered: 0, pending: 0 });
  });

  it("sends at start a change the history holds but no journal decided (the process died between the two writes)", async () => {
    const hook = await receiver();
    const net = await receiver();
    const w = world();
    const before = fired("old", T0 - 60_000);
    w.history.put(before); // announced before the routes ever ran: not theirs to send
    w.open(hook.url, net.url).stop();

    const alert = fired("a2", w.tick());
    w.history.put(alert);
    w.tick();
    w.history.put({ ...alert, clearedAt: new Date(w.now()).toISOString() }); // fired and cleared, and no route heard of either

    const next = w.open(hook.url, net.url);
    await next.settled();
    expect(hook.got.map((g) => g.key)).toEqual(["a2:fired", "a2:cleared"]);
    // The network's own webhook is durable too, with the key in its body as well as its header.
    expect(net.got.map((g) => [g.key, g.body.idempotencyKey, g.body.change])).toEqual([["a2:fired", "a2:fired", "fired"], ["a2:cleared", "a2:cleared", "cleared"]]);
    next.stop();
    const again = w.open(hook.url, net.url);
    await again.settled();
    expect(hook.got).toHaveLength(2);
    expect(net.got).toHaveLength(2);
  });

  it("tells a snoozed alert to no one, then or after a restart", async () => {
    const hook = await receiver();
    const w = world();
    w.open(hook.url).stop();
    const at = w.tick();
    w.history.put({ ...fired("a3", at), snoozedUntil: new Date(at + 600_000).toISOString() });
    const next = w.open(hook.url);
    await next.settled();
    expect(hook.got).toEqual([]);
  });

  it("keeps a journal that does not parse aside, says so, and starts a new one", async () => {
    const hook = await receiver();
    const w = world();
    w.open(hook.url).stop();
    const folder = join(w.dir, "deliveries");
    const [file] = readdirSync(folder).filter((f) => f.startsWith("route-"));
    writeFileSync(join(folder, file!), '{"version":1,"target":"x","since":"yesterday","entries":[]');
    const next = w.open(hook.url);
    expect(w.problems.list()).toEqual([expect.objectContaining({ file: `deliveries/${file!}`, reason: "not valid JSON" })]);
    expect(readdirSync(folder).some((f) => f.startsWith(`${file!}.corrupt-`))).toBe(true);
    const alert = fired("a4", w.tick());
    w.history.put(alert);
    next.alert("fired", alert);
    await next.settled();
    expect(hook.got.map((g) => g.key)).toEqual(["a4:fired"]);
  });

  // Telegram's sendMessage, Discord's and Slack's webhooks keep no Idempotency-Key: a message sent
  // again is shown again. So each delivery is marked as it is answered, not when a batch ends.
  it.each([
    ["telegram", (url: string) => ({ type: "telegram", name: "ops", botToken: "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11", chatId: -100123, url })],
    ["discord", (url: string) => ({ type: "discord", name: "ops", url })],
    ["slack", (url: string) => ({ type: "slack", name: "ops", url })],
  ])("%s: a restart mid-batch sends again only the one request in flight, never one already answered", async (_type, routeOf) => {
    const hook = await receiver();
    const w = world();
    hook.state.holdFrom = 2; // the first two are answered 200, the third is taken and never answered
    const first = w.open(hook.url, null, routeOf(hook.url));
    for (const id of ["b1", "b2", "b3", "b4"]) {
      const alert = fired(id, w.tick());
      w.history.put(alert);
      first.alert("fired", alert);
    }
    await expect.poll(() => hook.got.length).toBe(3);
    expect(first.stats()[0]).toMatchObject({ delivered: 2, pending: 2 });
    first.stop(); // killed with b3 in flight and b4 waiting

    hook.state.holdFrom = undefined;
    const second = w.open(hook.url, null, routeOf(hook.url));
    await second.settled();
    expect(hook.got.map((g) => g.key)).toEqual(["b1:fired", "b2:fired", "b3:fired", "b3:fired", "b4:fired"]);
    expect(second.stats()[0]).toMatchObject({ delivered: 2, pending: 0 });
    second.stop();

    const third = w.open(hook.url, null, routeOf(hook.url));
    await third.settled();
    expect(hook.got).toHaveLength(5);
  });

  /** The route's journal made unwritable (a folder where its file was), and a way to put the file back as it was. */
  function breakJournal(dir: string) {
    const folder = join(dir, "deliveries");
    const path = join(folder, readdirSync(folder).find((f) => f.startsWith("route-"))!);
    const before = readFileSync(path, "utf8");
    rmSync(path);
    mkdirSync(path);
    writeFileSync(join(path, "in-the-way"), "");
    return () => {
      rmSync(path, { recursive: true });
      writeFileSync(path, before);
    };
  }
  const telegramAt = (url: string) => ({ type: "telegram", name: "ops", botToken: "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11", chatId: -100123, url });
  // Each hold is a real turn of the event loop, so the test's own events get through.
  const yielding = { queue: { wait: () => new Promise<void>((r) => setImmediate(r)) }, onJournalError: () => {} };

  it("telegram: while the journal refuses its writes, a delivery holds the next request, so a kill repeats one message, not all sent meanwhile", async () => {
    const hook = await receiver();
    const w = world();
    const first = w.open(hook.url, null, telegramAt(hook.url), yielding);
    const c1 = fired("c1", w.tick());
    w.history.put(c1);
    first.alert("fired", c1);
    await first.settled();
    const repair = breakJournal(w.dir);
    for (const id of ["c2", "c3"]) {
      const alert = fired(id, w.tick());
      w.history.put(alert);
      first.alert("fired", alert); // journaled it cannot be: sent from memory
    }
    await expect.poll(() => first.stats()[0]!.lastError).toContain("could not be marked as done in the journal; the next message waits until it is");
    expect(hook.got.map((g) => g.key)).toEqual(["c1:fired", "c2:fired"]); // c3 waits behind c2's mark
    first.stop(); // killed with c2 delivered and unmarked
    repair();

    const second = w.open(hook.url, null, telegramAt(hook.url));
    await second.settled();
    expect(hook.got.map((g) => g.key)).toEqual(["c1:fired", "c2:fired", "c2:fired", "c3:fired"]);
    second.stop();
    await w.open(hook.url, null, telegramAt(hook.url)).settled();
    expect(hook.got).toHaveLength(4);
  });

  it("telegram: once the journal takes writes again, the held delivery is marked and the rest go, each once", async () => {
    const hook = await receiver();
    const w = world();
    const first = w.open(hook.url, null, telegramAt(hook.url), yielding);
    const repair = breakJournal(w.dir);
    for (const id of ["d1", "d2"]) {
      const alert = fired(id, w.tick());
      w.history.put(alert);
      first.alert("fired", alert);
    }
    await expect.poll(() => first.stats()[0]!.lastError).toContain("could not be marked as done");
    expect(hook.got.map((g) => g.key)).toEqual(["d1:fired"]);
    repair();
    await first.settled();
    expect(hook.got.map((g) => g.key)).toEqual(["d1:fired", "d2:fired"]);
    first.stop();
    // Neither was ever journaled as pending; both ends were kept once the disk took them.
    await w.open(hook.url, null, telegramAt(hook.url)).settled();
    expect(hook.got).toHaveLength(2);
  });
});
