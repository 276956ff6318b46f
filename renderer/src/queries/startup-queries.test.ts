import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { createCometdeskApi } from "../../../shared/api.js";
import type { MethodName, ResultOf } from "../../../shared/contract/index.js";
import { chainKeys } from "./chain-queries.js";
import { FIRST_CALLS } from "../api/first-calls.js";
import { startupQueries } from "./startup-queries.js";

type Connection = ResultOf<"chain.connection">;

const network = {
  id: "devnet",
  name: "Devnet",
  chainId: "cometdesk-devnet",
  accessUrl: null,
  rpcUrls: ["http://127.0.0.1:26657"],
  bech32Prefix: "cosmos",
  denoms: [{ base: "stake", display: "stake", exponent: 0 }],
  defaultDenom: "stake",
  rpcVia: "direct",
  source: "devnet",
};
const feed = (networkId: string, lastHeight: string): Connection => ({ networkId, endpoint: "http://127.0.0.1:26657", state: "live", lastHeight, reason: null, failover: null });

/**
 * The real api object (its answers checked by the contract) over a transport that answers from
 * `answers`, and never answers the node's own `chain.status`: a node that is slow to answer.
 */
function start(answers: Partial<Record<MethodName, unknown>>, before?: (client: QueryClient) => void) {
  const asked: string[] = [];
  const args: unknown[] = [];
  const api = createCometdeskApi(
    (method, a) => {
      asked.push(method);
      args.push(a);
      if (method === "chain.status") return new Promise(() => undefined);
      return Promise.resolve(method in answers ? { ok: true, value: answers[method] } : { ok: false, error: { code: "unavailable", message: "not in this test" } });
    },
    () => () => undefined,
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  before?.(client);
  startupQueries(api, client);
  return { client, asked, args };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the first calls of a window", () => {
  it("asks only what the bridge's socket sends before its client has loaded, each without arguments", async () => {
    const { asked, args } = start({ "network.list": { networks: [network], selectedId: "devnet" }, "chain.connection": feed("devnet", "4242") });
    await settled();
    // An early answer serves only a call with no arguments (renderer/bridge/bridge-client.ts).
    expect(args.every((a) => typeof a === "object" && a !== null && Object.keys(a).length === 0)).toBe(true);
    expect(new Set(asked).size).toBeGreaterThan(0);
    expect([...new Set(asked)].filter((m) => !FIRST_CALLS.includes(m as MethodName))).toEqual([]);
    // The shell's app.info is the one first call made elsewhere.
    expect(FIRST_CALLS.filter((m) => !asked.includes(m))).toEqual(["app.info"]);
  });

  it("keeps the live feed's state for the selected network while the node's status is still unanswered", async () => {
    const { client, asked } = start({ "network.list": { networks: [network], selectedId: "devnet" }, "chain.connection": feed("devnet", "4242") });
    await settled();
    expect(asked).toEqual(expect.arrayContaining(["chain.status", "chain.connection", "network.list"]));
    expect(client.getQueryData<Connection>(chainKeys.connection("devnet"))?.lastHeight).toBe("4242");
  });

  it("keeps no state that is about another network than the one the list selects", async () => {
    const { client } = start({ "network.list": { networks: [network], selectedId: "devnet" }, "chain.connection": feed("other", "7") });
    await settled();
    expect(client.getQueryData(chainKeys.connection("devnet"))).toBeUndefined();
    expect(client.getQueryData(chainKeys.connection("other"))).toBeUndefined();
  });

  it("never puts its answer over a state that an event has already set", async () => {
    const { client } = start({ "network.list": { networks: [network], selectedId: "devnet" }, "chain.connection": feed("devnet", "10") }, (c) =>
      c.setQueryData(chainKeys.connection("devnet"), feed("devnet", "11")),
    );
    await settled();
    expect(client.getQueryData<Connection>(chainKeys.connection("devnet"))?.lastHeight).toBe("11");
  });
});
