import { describe, expect, it } from "vitest";
import { labelProblem, labelTakenBy } from "./address-book-label.js";

const bob = { label: "Bob", address: "cosmos1bob" };
const erin = { label: "Erin", address: "cosmos1erin" };

describe("address book labels", () => {
  it("finds the other address a label names, trimmed and regardless of case", () => {
    expect(labelTakenBy([bob, erin], " bOB ", "cosmos1new")).toEqual(bob);
    expect(labelProblem([bob, erin], "bob", "cosmos1new")).toBe("“Bob” already names cosmos1bob: give this address another name.");
  });

  it("lets an address keep or change the case of its own label, and takes a new one", () => {
    expect(labelProblem([bob, erin], "BOB", "cosmos1bob")).toBeUndefined();
    expect(labelProblem([bob, erin], "Bobby", "cosmos1new")).toBeUndefined();
  });
});
