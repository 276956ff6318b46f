import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Alert } from "../shared/contract/watch.js";
import { createProblemLog } from "../storage/problems.js";
import { type AlertChange, type Condition, createAlertEngine } from "./alert-engine.js";
import { MAX_ALERTS, openAlertHistory } from "./alert-history.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function setup(clearAfterMs = 30_000, max = MAX_ALERTS) {
  const dir = mkdtempSync(join(tmpdir(), "cometdesk-alerts-"));
  dirs.push(dir);
  let clock = Date.parse("2026-01-01T00:00:00Z");
  const told: Array<{ change: AlertChange; notify: boolean; alert: Alert }> = [];
  const open = () => {
    const history = openAlertHistory(dir, createProblemLog(), max);
    const engine = createAlertEngine({ history, now: () => clock, clearAfterMs: () => clearAfterMs, onChange: (alert, change, notify) => told.push({ alert, change, notify }) });
    return { history, engine };
  };
  return { dir, told, open, tick: (ms: number) => (clock += ms), ...open() };
}

const down = (url = "http://127.0.0.1:1"): Condition => ({ kind: "node_down", subject: url, title: `Node down: ${url}`, message: "no answer" });
const NODE = ["node_down", "node_lagging"] as const;

describe("alert episodes", () => {
  it("fires once while a condition lasts, and clears once it stayed away for the delay", () => {
    const s = setup();
    for (let i = 0; i < 5; i++) {
      s.engine.observe("devnet", NODE, [down()]);
      s.tick(1000);
    }
    expect(s.told.map((t) => t.change)).toEqual(["fired"]);
    s.engine.observe("devnet", NODE, []);
    s.tick(29_000);
    s.engine.observe("devnet", NODE, []);
    expect(s.told.map((t) => t.change)).toEqual(["fired"]);
    s.tick(1_000);
    s.engine.observe("devnet", NODE, []);
    expect(s.told.map((t) => t.change)).toEqual(["fired", "cleared"]);
    expect(s.told[1]!.alert).toMatchObject({ id: s.told[0]!.alert.id, clearedAt: "2026-01-01T00:00:35.000Z" });
  });

  it("keeps a flapping node in one episode: up and down within the delay raises one alert", () => {
    const s = setup();
    for (let i = 0; i < 20; i++) {
      s.engine.observe("devnet", NODE, i % 2 === 0 ? [down()] : []);
      s.tick(5_000);
    }
    expect(s.told.filter((t) => t.change === "fired")).toHaveLength(1);
    expect(s.told.filter((t) => t.change === "cleared")).toHaveLength(0);
  });

  it("never clears an alert from an evaluation that does not cover its kind", () => {
    const s = setup(0);
    s.engine.observe("devnet", NODE, [down()]);
    s.engine.observe("devnet", ["missed_blocks"], []);
    s.engine.observe("other", NODE, []);
    expect(s.told.map((t) => t.change)).toEqual(["fired"]);
  });

  it("records a snoozed key's next episodes without notifying, and acknowledges", () => {
    const s = setup(0);
    s.engine.observe("devnet", NODE, [down()]);
    const first = s.told[0]!.alert;
    expect(s.engine.snooze(first.id, 60)?.snoozedUntil).toBe("2026-01-01T01:00:00.000Z");
    s.engine.observe("devnet", NODE, []);
    s.engine.observe("devnet", NODE, [down()]);
    expect(s.told.map((t) => [t.change, t.notify])).toEqual([["fired", true], ["snoozed", false], ["cleared", false], ["fired", false]]);
    expect(s.engine.acknowledge(s.told[3]!.alert.id)?.acknowledgedAt).toBe("2026-01-01T00:00:00.000Z");
    s.tick(61 * 60_000);
    s.engine.observe("devnet", NODE, []);
    s.engine.observe("devnet", NODE, [down()]);
    expect(s.told.at(-1)).toMatchObject({ change: "fired", notify: true });
  });

  it("keeps its history across a restart: an open alert is not fired again, and clears later", () => {
    const s = setup(0);
    s.engine.observe("devnet", NODE, [down()]);
    const again = s.open();
    again.engine.observe("devnet", NODE, [down()]);
    expect(s.told.map((t) => t.change)).toEqual(["fired"]);
    again.engine.observe("devnet", NODE, []);
    expect(s.told.map((t) => t.change)).toEqual(["fired", "cleared"]);
    const onDisk = JSON.parse(readFileSync(join(s.dir, "watch-alerts.json"), "utf8")) as { alerts: Alert[] };
    expect(onDisk.alerts).toHaveLength(1);
    expect(onDisk.alerts[0]!.clearedAt).not.toBeNull();
  });

  it("bounds the history, dropping the oldest cleared alerts first and never an open one", () => {
    const max = 40;
    const s = setup(0, max);
    s.engine.observe("devnet", NODE, [down("http://127.0.0.1:9")]); // stays open throughout
    for (let i = 0; i < max + 20; i++) {
      s.engine.observe("devnet", ["node_lagging"], [{ kind: "node_lagging", subject: `http://n${i}`, title: "lag", message: "lag" }]);
      s.engine.observe("devnet", ["node_lagging"], []);
    }
    const all = s.history.all();
    expect(all).toHaveLength(max);
    expect(all.some((a) => a.subject === "http://127.0.0.1:9" && a.clearedAt === null)).toBe(true);
    expect(all.some((a) => a.subject === "http://n0")).toBe(false);
    expect(all.at(-1)!.subject).toBe(`http://n${max + 19}`);
  });

  it("keeps a history file that does not parse aside, reports it, and starts a new one", async () => {
    const s = setup();
    const { writeFileSync, readdirSync } = await import("node:fs");
    writeFileSync(join(s.dir, "watch-alerts.json"), "{ not json");
    const problems = createProblemLog();
    const history = openAlertHistory(s.dir, problems);
    expect(history.all()).toEqual([]);
    expect(problems.list()[0]).toMatchObject({ file: "watch-alerts.json", reason: "not valid JSON" });
    expect(readdirSync(s.dir).some((f) => f.startsWith("watch-alerts.json.corrupt-"))).toBe(true);
  });
});
