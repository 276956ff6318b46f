import { describe, expect, it } from "vitest";
import { BASE_REST_MS, createEndpointRests, MAX_REST_MS, retryAfterMs } from "./endpoint-rests.js";

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

describe("endpoint rests", () => {
  it("rests for the Retry-After, then longer for an endpoint that keeps refusing, and forgets on an answer", () => {
    let t = 0;
    const rests = createEndpointRests(() => t);
    expect(rests.refused("a", 12_000)).toBe(12_000);
    expect(rests.left("a")).toBe(12_000);
    expect(rests.left("b")).toBe(0);
    t += 12_000;
    expect(rests.left("a")).toBe(0);
    expect(rests.refused("a", 1_000)).toBe(BASE_REST_MS * 2); // a second refusal in a row: the back-off, not the short Retry-After
    expect(rests.refused("a", undefined)).toBe(BASE_REST_MS * 4);
    rests.answered("a");
    expect(rests.left("a")).toBe(0);
    expect(rests.refused("a", undefined)).toBe(BASE_REST_MS);
  });
});
