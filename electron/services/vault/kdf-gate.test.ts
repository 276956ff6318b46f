import { describe, expect, it } from "vitest";
import { createGate } from "./kdf-gate.js";

const busy = () => Object.assign(new Error("busy"), { code: "busy" });

/** A job that runs until `finish` is called, recording how many ran at once. */
function jobs() {
  let live = 0;
  let peak = 0;
  const finishers: Array<() => void> = [];
  const job = () =>
    new Promise<string>((resolve) => {
      live++;
      peak = Math.max(peak, live);
      finishers.push(() => {
        live--;
        resolve("done");
      });
    });
  return { job, finishers, peak: () => peak };
}

describe("the KDF gate", () => {
  it("runs one job at a time, queues up to its limit and refuses the rest at once", async () => {
    const gate = createGate(2, busy);
    const j = jobs();
    const results = Array.from({ length: 5 }, () => gate.run(j.job).then((v) => v, (e: { code: string }) => e.code));
    await Promise.resolve();
    expect([gate.running, gate.waiting]).toEqual([1, 2]);
    expect(await results[3]).toBe("busy");
    expect(await results[4]).toBe("busy");
    for (let i = 0; i < 3; i++) {
      await expect.poll(() => j.finishers.length).toBe(i + 1);
      j.finishers[i]!();
    }
    expect(await Promise.all(results.slice(0, 3))).toEqual(["done", "done", "done"]);
    expect(j.peak()).toBe(1);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it("frees its slot when a job fails", async () => {
    const gate = createGate(0, busy);
    await expect(gate.run(async () => Promise.reject(new Error("wrong password")))).rejects.toThrow("wrong password");
    expect(await gate.run(async () => "next")).toBe("next");
  });
});
