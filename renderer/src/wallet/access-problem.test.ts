import { describe, expect, it } from "vitest";
import { ApiError } from "../api/unwrap.js";
import { describeAccessProblem, waitText } from "./access-problem.js";

const fail = (code: string, status?: number, retryAfterSeconds?: number) => new ApiError({ code, message: "service words", status, retryAfterSeconds });
const say = (error: unknown) => describeAccessProblem(error, "Local devnet");

describe("access service errors in plain words", () => {
  it("sends a refused or missing token to the Networks page, naming the network", () => {
    expect(say(fail("access_unauthorized", 401))).toMatchObject({ kind: "token", action: "networks", text: expect.stringMatching(/refused the token for Local devnet.*Replace it on the Networks page/) });
    expect(say(fail("no_token"))).toMatchObject({ kind: "token", action: "networks" });
    expect(say(fail("access_forbidden", 403))).toMatchObject({ kind: "forbidden", action: "networks", text: expect.stringMatching(/does not let the token/) });
  });

  it("says a broadcast transfer cannot be taken back, and offers no retry", () => {
    expect(say(fail("access_already_broadcast", 409))).toMatchObject({ kind: "too_late", action: "none", text: expect.stringMatching(/Too late to cancel.*cannot take a transaction back/) });
    expect(say(fail("access_nonce_in_use", 409))).toMatchObject({ kind: "nonce", action: "none" });
  });

  it("counts down a rate limit from its Retry-After, with a default when none is given", () => {
    expect(say(fail("access_rate_limited", 429, 7))).toMatchObject({ kind: "rate_limited", action: "wait", retryAfterSeconds: 7, text: "Too many requests for this token; retrying in 7 s. Nothing you typed is lost." });
    expect(say(fail("access_something", 429))).toMatchObject({ retryAfterSeconds: 5 });
    expect(waitText(1)).toMatch(/retrying in 1 s/);
    // Where nothing is retried by itself (a cancel), the user is told when to try again.
    expect(waitText(4, false)).toBe("Too many requests for this token; wait 4 s, then try again.");
    expect(waitText(0, false)).toMatch(/you can try again now/);
  });

  it("tells a service bug from a node it cannot reach, by status whatever the code", () => {
    expect(say(fail("access_internal", 500))).toMatchObject({ kind: "service_bug", action: "retry", text: expect.stringMatching(/a bug in the service/) });
    expect(say(fail("access_bad_gateway", 502))).toMatchObject({ kind: "upstream", text: expect.stringMatching(/cannot reach its node/) });
    expect(say(fail("access_upstream_timeout", 504))).toMatchObject({ kind: "upstream" });
    expect(say(fail("access_unavailable", 503))).toMatchObject({ kind: "unavailable", action: "retry" });
  });

  it("words a lost connection and a timeout, and leaves other errors alone", () => {
    expect(say(fail("access_unreachable"))).toMatchObject({ kind: "dropped", action: "retry", text: expect.stringMatching(/connection to the access service was lost.*retry/) });
    expect(say(fail("access_timeout"))).toMatchObject({ kind: "timeout", action: "retry" });
    expect(say(fail("wallet_locked"))).toBeUndefined();
    expect(say(new Error("plain"))).toBeUndefined();
    expect(say(fail("access_unauthorized", 401))?.detail).toBe("service words");
  });
});
