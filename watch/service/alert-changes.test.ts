import { describe, expect, it } from "vitest";
import type { Alert } from "../../shared/contract/watch.js";
import { createAlertChanges } from "./alert-changes.js";

const alert = (id: string, cleared = false): Alert => ({ id, networkId: "devnet", key: `node_down:${id}`, kind: "node_down", subject: id, title: `Node ${id} is down`, message: "no answer", firedAt: "2026-01-01T00:00:00.000Z", clearedAt: cleared ? "2026-01-01T00:01:00.000Z" : null, acknowledgedAt: null, snoozedUntil: null });

describe("the service's alert changes", () => {
  it("gives each change once after the cursor a reader kept, and the history when the cursor is of another run", () => {
    const history = [alert("a", true), alert("b")];
    const changes = createAlertChanges({ history: () => history, kept: 3 });
    const start = changes.since(undefined);
    expect(start.changes).toEqual([]);
    changes.add({ change: "fired", alert: alert("c") });
    const first = changes.since(start.cursor);
    expect(first.changes.map((c) => c.alert.id)).toEqual(["c"]);
    expect(changes.since(first.cursor).changes).toEqual([]);
    // Behind by more than is kept: the reader is given the history as it stands.
    for (const id of ["d", "e", "f", "g"]) changes.add({ change: "fired", alert: alert(id) });
    const behind = changes.since(first.cursor);
    expect(behind.reset).toBe(true);
    expect(behind.changes.map((c) => `${c.change}:${c.alert.id}`)).toEqual(["fired:a", "cleared:a", "fired:b"]);
    const other = createAlertChanges({ history: () => history }).since(first.cursor);
    expect(other.reset).toBe(true);
  });

  it("answers a waiting reader at the next change", async () => {
    const changes = createAlertChanges({ history: () => [] });
    const { cursor } = changes.since(undefined);
    const waited = changes.wait(cursor, 60_000);
    changes.add({ change: "fired", alert: alert("x") });
    await waited;
    expect(changes.since(cursor).changes.map((c) => c.alert.id)).toEqual(["x"]);
  });
});
