import { describe, expect, it } from "vitest";
import type { PageNotes } from "./firstscreen-observe.js";
import { doneAt, heldFor, type Step } from "./firstscreen-steps.js";

const step = (at: number): Step => ({ what: String(at), road: "shared with Electron", at: () => at });
const notes = {} as PageNotes;

describe("the road to the first screen", () => {
  it("gives a step done in parallel, before the ones listed ahead of it, no time of its own", () => {
    const steps = [step(10), step(50), step(30), step(80)];
    expect(doneAt(steps, notes)).toEqual([10, 50, 50, 80]);
    expect(heldFor(steps, notes)).toEqual([10, 40, 0, 30]);
  });

  it("skips a step that did not happen, and the steps still add up to the screen's time", () => {
    const held = heldFor([step(10), step(Number.NaN), step(70)], notes);
    expect(held).toEqual([10, 0, 60]);
    expect(held.reduce((a, b) => a + b, 0)).toBe(70);
  });
});
