import { describe, expect, it } from "vitest";
import { createCometdeskApi } from "../../../../shared/api.js";
import { DEFAULT_RATE_PER_SECOND } from "../../../../shared/net/request-budget.js";
import { explorerKeys } from "../../queries/explorer-keys.js";
import { liveQueries } from "./live-queries.js";
import { validatorQueries } from "./validator-queries.js";

const api = createCometdeskApi(() => Promise.resolve({ ok: false, error: { code: "unavailable", message: "not called" } }), () => () => {});
const perMinute = (interval: unknown) => (typeof interval === "number" ? 60_000 / interval : Infinity);

describe("the head's reads against a public node's budget", () => {
  it("polls the round state without a websocket at most once a second: an eighth of the default budget", () => {
    const polls = perMinute(liveQueries.consensusState(api, "n", false).refetchInterval);
    expect(polls).toBeLessThanOrEqual((DEFAULT_RATE_PER_SECOND * 60) / 8);
    // While the websocket's events drive it, the poll is only a safety net.
    expect(perMinute(liveQueries.consensusState(api, "n", true).refetchInterval)).toBeLessThanOrEqual(6);
  });

  it("keeps the round state, the validator set and its monikers out of what every block refetches", () => {
    const live = explorerKeys.live("n");
    const under = (key: readonly unknown[]) => live.every((part, i) => key[i] === part);
    expect(under(liveQueries.consensusState(api, "n", true).queryKey)).toBe(false);
    expect(under(validatorQueries.head(api, "n").queryKey)).toBe(false);
    expect(under(liveQueries.monikers(api, "n").queryKey)).toBe(false);
    expect(under(liveQueries.validators(api, "n").queryKey)).toBe(false);
    // Read again every 30 s besides a change of the set's hash: a moniker edit changes no hash.
    expect(perMinute(validatorQueries.head(api, "n").refetchInterval)).toBe(2);
    expect(perMinute(liveQueries.monikers(api, "n").refetchInterval)).toBe(2);
  });
});
