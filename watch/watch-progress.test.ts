import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createProblemLog } from "../storage/problems.js";
import { createSigningRecord } from "./signing-record.js";
import { openWatchProgress } from "./watch-progress.js";

const A = "A".repeat(40);
const B = "B".repeat(40);
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const folder = () => {
  const d = mkdtempSync(join(tmpdir(), "watch-progress-"));
  dirs.push(d);
  return d;
};

describe("the watch's place in watch-progress.json", () => {
  it("keeps each network's last block done and its watched validators' record across a reopen", () => {
    const dir = folder();
    const record = createSigningRecord(10);
    for (let h = 1; h <= 6; h++) record.observe({ height: BigInt(h), set: [{ address: A, votingPower: "1" }, { address: B, votingPower: "1" }], signed: [h < 4, true] });
    openWatchProgress(dir, createProblemLog()).save("hub", 7n, record.snapshot((a) => a === A));
    const again = openWatchProgress(dir, createProblemLog());
    expect(again.get("hub")!.height).toBe("7");
    const restored = createSigningRecord(10, () => false, again.get("hub")!.record);
    expect(restored.missedOfLast(A, 10)).toBe(3);
    expect(restored.get(A)).toMatchObject({ seen: 6, missed: 3, currentMissStreak: 3, missedHeights: ["4", "5", "6"] });
    expect(restored.get(B)).toBeUndefined(); // not watched: not kept
    again.keepOnly(["other"]);
    expect(openWatchProgress(dir, createProblemLog()).get("hub")).toBeUndefined();
  });

  it("keeps a file that does not parse aside, says so, and starts from nothing", () => {
    const dir = folder();
    writeFileSync(join(dir, "watch-progress.json"), JSON.stringify({ version: 1, networks: { hub: { height: "-1", record: {} } } }));
    const problems = createProblemLog();
    expect(openWatchProgress(dir, problems).get("hub")).toBeUndefined();
    expect(problems.list()).toEqual([expect.objectContaining({ file: "watch-progress.json", reason: expect.stringContaining("unexpected contents") })]);
    expect(readdirSync(dir).some((f) => f.startsWith("watch-progress.json.corrupt-"))).toBe(true);
  });
});
