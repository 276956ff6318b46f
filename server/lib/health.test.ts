import { describe, expect, it } from "vitest";
import { redactUrl } from "./backend.js";
import { healthAnswer } from "./health.js";

describe("healthAnswer", () => {
  const report = { replica: "a", store: { kind: "postgres" as const, reachable: true }, node: { reachable: false, latestHeight: "7", leader: true } };

  it("is 200 while the store answers, even with the node away (every replica shares the node)", () => {
    expect(healthAnswer(report)).toEqual({ status: 200, body: { status: "ok", ...report } });
  });

  it("is 503 when the store does not answer, so a load balancer sends requests elsewhere", () => {
    const down = { ...report, store: { kind: "postgres" as const, reachable: false, error: "the database is not reachable" } };
    expect(healthAnswer(down)).toMatchObject({ status: 503, body: { status: "unavailable", store: { reachable: false } } });
  });
});

describe("redactUrl", () => {
  it("hides a PostgreSQL URL's password and keeps the rest", () => {
    expect(redactUrl("postgres://access:s3cr:et@db:5432/cometdesk")).toBe("postgres://access:***@db:5432/cometdesk");
    expect(redactUrl("postgresql://access@db/cometdesk")).toBe("postgresql://access@db/cometdesk");
  });
});
