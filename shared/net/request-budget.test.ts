import { describe, expect, it } from "vitest";
import { BASE_REST_MS, BudgetWaitTooLongError, createRequestBudgets, MAX_REST_MS, retryAfterMs, WAIT_BOUNDS_PER_READ, waitDeadline } from "./request-budget.js";

// Retry-After is delay-seconds or an HTTP-date (RFC 9110 §10.2.3,
// https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3); the examples are the RFC's own forms.
describe("Retry-After as RFC 9110 §10.2.3 defines it", () => {
  const now = Date.parse("2026-11-28T00:00:00Z");
  it("reads delay-seconds and an HTTP-date in each of its three forms", () => {
    expect(retryAfterMs("120", now)).toBe(120_000);
    expect(retryAfterMs("Sat, 28 Nov 2026 00:00:12 GMT", now)).toBe(12_000); // IMF-fixdate
    expect(retryAfterMs("Saturday, 28-Nov-26 00:00:30 GMT", now)).toBe(30_000); // obsolete RFC 850
    expect(retryAfterMs("Sat Nov 28 00:00:05 2026", now)).toBe(5_000); // asctime, GMT though it names no zone
  });
  it("caps a long wait, takes a date in the past as now, and ignores what it cannot read", () => {
    expect(retryAfterMs("86400", now)).toBe(MAX_REST_MS);
    expect(retryAfterMs("Fri, 27 Nov 2026 23:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs("soon", now)).toBeUndefined();
    expect(retryAfterMs("-5", now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe("a read's wait deadline", () => {
  it("lets each wait be one bound, and all of them a few bounds in all", () => {
    let t = 0;
    const deadline = waitDeadline(10_000, () => t);
    expect(deadline()).toBe(10_000);
    t = 45_000;
    expect(deadline()).toBe(55_000);
    t = 10_000 * WAIT_BOUNDS_PER_READ - 3_000;
    expect(deadline()).toBe(10_000 * WAIT_BOUNDS_PER_READ); // a whole bound would pass the last: the last it is
    expect(waitDeadline(0, () => 7)()).toBe(7); // a bound of 0 waits for nothing
  });
});

/** A clock a test moves: timers fire when it passes their time, never by waiting. */
function fakeClock() {
  let t = 1_000_000;
  const timers: Array<{ at: number; fn: () => void; live: boolean }> = [];
  return {
    now: () => t,
    setTimer(fn: () => void, ms: number) {
      const timer = { at: t + ms, fn, live: true };
      timers.push(timer);
      return { cancel: () => void (timer.live = false) };
    },
    /** Moves time on by `ms`, firing each timer due on the way, in order. */
    async advance(ms: number) {
      const end = t + ms;
      for (;;) {
        const due = timers.filter((x) => x.live && x.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        t = Math.max(t, due.at);
        due.live = false;
        due.fn();
        await Promise.resolve();
      }
      t = end;
      await Promise.resolve();
    },
  };
}
const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true), () => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
};

describe("an endpoint's rest after a refusal for load", () => {
  it("rests for the Retry-After, then longer for an endpoint that keeps refusing, and forgets on an answer", () => {
    const clock = fakeClock();
    const a = createRequestBudgets({ clock }).of("http://a");
    expect(a.refused(12_000)).toBe(12_000);
    expect(a.restLeft()).toBe(12_000);
    void clock.advance(12_000);
    expect(a.restLeft()).toBe(0);
    expect(a.refused(1_000)).toBe(BASE_REST_MS * 2); // a second refusal in a row: the back-off, not the short Retry-After
    void clock.advance(BASE_REST_MS * 2);
    expect(a.refused(undefined)).toBe(BASE_REST_MS * 4);
    a.answered();
    void clock.advance(BASE_REST_MS * 4);
    expect(a.restLeft()).toBe(0);
    expect(a.refused(undefined)).toBe(BASE_REST_MS);
  });

  it("counts a burst refused during one rest as one refusal, not a growing back-off", () => {
    const clock = fakeClock();
    const a = createRequestBudgets({ clock }).of("http://a");
    expect(a.refused(2_000)).toBe(2_000);
    // Two more answers to requests sent before the rest began, refused within it.
    expect(a.refused(2_000)).toBe(2_000);
    expect(a.refused(2_000)).toBe(2_000);
    expect(a.restLeft()).toBe(2_000);
  });

  it("one budget per endpoint, whatever the trailing slash, in every transport of the process", () => {
    const budgets = createRequestBudgets({ clock: fakeClock() });
    budgets.of("http://a/").refused(5_000);
    expect(budgets.of("http://a").restLeft()).toBe(5_000);
    expect(budgets.of("http://b").restLeft()).toBe(0);
  });
});

describe("the token bucket", () => {
  it("lets the set rate through at once and makes the next wait for a slot", async () => {
    const clock = fakeClock();
    const a = createRequestBudgets({ clock, ratePerSecond: 4 }).of("http://a");
    for (let i = 0; i < 4; i++) expect(await settled(a.take())).toBe(true);
    const fifth = a.take();
    expect(await settled(fifth)).toBe(false);
    await clock.advance(250);
    expect(await settled(fifth)).toBe(true);
    expect(a.stats()).toMatchObject({ perMinute: 5, refusedPerMinute: 0, ratePerSecond: 4 });
  });

  it("serves a user's read before background ones that waited longer", async () => {
    const clock = fakeClock();
    const a = createRequestBudgets({ clock, ratePerSecond: 1 }).of("http://a");
    await a.take();
    const order: string[] = [];
    const bg1 = a.take({ priority: "background" }).then(() => order.push("bg1"));
    const bg2 = a.take({ priority: "background" }).then(() => order.push("bg2"));
    const user = a.take({ priority: "user" }).then(() => order.push("user"));
    await clock.advance(1_000);
    await clock.advance(1_000);
    await clock.advance(1_000);
    await Promise.all([bg1, bg2, user]);
    expect(order).toEqual(["user", "bg1", "bg2"]);
  });

  it("waits out a Retry-After, and fails in words a read whose deadline comes first", async () => {
    const clock = fakeClock();
    const budgets = createRequestBudgets({ clock });
    const waits: unknown[] = [];
    budgets.onWait((w) => waits.push(w));
    const a = budgets.of("http://a");
    a.refused(2_000);
    const patient = a.take({ deadline: clock.now() + 10_000 });
    await expect(a.take({ deadline: clock.now() + 1_000 })).rejects.toThrow(BudgetWaitTooLongError);
    expect(waits).toEqual([{ endpoint: "http://a", priority: "user", waitMs: 2_000, cause: "retry_after" }]);
    expect(await settled(patient)).toBe(false);
    await clock.advance(2_000);
    expect(await settled(patient)).toBe(true);
  });

  it("learns down when refused and creeps back up to the set rate as answers come", () => {
    const clock = fakeClock();
    const budgets = createRequestBudgets({ clock, ratePerSecond: 8 });
    const a = budgets.of("http://a");
    a.refused(1_000);
    expect(a.stats().ratePerSecond).toBe(6);
    a.refused(1_000); // the same second: one lesson
    expect(a.stats().ratePerSecond).toBe(6);
    for (let i = 0; i < 4; i++) a.answered();
    expect(a.stats().ratePerSecond).toBe(7.6);
    for (let i = 0; i < 10; i++) a.answered();
    expect(a.stats()).toMatchObject({ ratePerSecond: 8, configuredRatePerSecond: 8, refusedPerMinute: 2 });
    budgets.configure("http://a", { ratePerSecond: 2 });
    expect(a.stats()).toMatchObject({ ratePerSecond: 2, configuredRatePerSecond: 2 });
  });

  it("gives a waiting read up when its caller aborts, and serves the next", async () => {
    const clock = fakeClock();
    const a = createRequestBudgets({ clock, ratePerSecond: 1 }).of("http://a");
    await a.take();
    const stop = new AbortController();
    const gone = a.take({ signal: stop.signal });
    const next = a.take();
    stop.abort(new Error("left the page"));
    await expect(gone).rejects.toThrow("left the page");
    await clock.advance(1_000);
    expect(await settled(next)).toBe(true);
    expect(a.stats().waiting).toBe(0);
  });
});
