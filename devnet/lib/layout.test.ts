import { describe, expect, it } from "vitest";
import { layoutFromEnv, nodePorts } from "./layout.js";

describe("layout", () => {
  it("uses the usual CometBFT and SDK ports for node 0 by default", () => {
    const layout = layoutFromEnv({});
    expect(nodePorts(layout, 0)).toEqual({ p2p: 26656, rpc: 26657, abci: 26658, api: 1317, grpc: 9090 });
  });

  it("gives every node of a multi-validator devnet distinct ports", () => {
    const layout = layoutFromEnv({});
    const ports = [0, 1, 2, 3].flatMap((i) => Object.values(nodePorts(layout, i)));
    expect(new Set(ports).size).toBe(ports.length);
  });

  it("shifts every port by COMETDESK_DEVNET_PORT_OFFSET and rejects a bad offset", () => {
    expect(nodePorts(layoutFromEnv({ COMETDESK_DEVNET_PORT_OFFSET: "1000" }), 0).rpc).toBe(27657);
    expect(() => layoutFromEnv({ COMETDESK_DEVNET_PORT_OFFSET: "abc" })).toThrow(/integer/);
    expect(() => layoutFromEnv({ COMETDESK_DEVNET_PORT_OFFSET: "-5" })).toThrow(/integer/);
  });
});
