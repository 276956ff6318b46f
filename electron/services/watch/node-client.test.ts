import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WatchedNode } from "../../../shared/contract/watch.js";
import { nodeClient } from "./node-client.js";
import { createNodeProbe } from "../../../watch/node-probe.js";

// A loopback node that answers in the right shape with hostile contents: strings far longer
// than any honest node sends. The watch's status must still fit its contract, or one such
// node in the list would make `watch.status` fail for the whole network.
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => (s.closeAllConnections(), s.close(resolve)))));
});

const LONG = "x".repeat(5000);
const results: Record<string, unknown> = {
  status: {
    node_info: { id: "id", network: "devnet", moniker: LONG, version: LONG, listen_addr: "" },
    sync_info: { latest_block_hash: "AB".repeat(32), latest_app_hash: "CD".repeat(32), latest_block_height: "12", latest_block_time: `2026-01-01T00:00:00.${"0".repeat(5000)}Z`, earliest_block_height: "1", catching_up: false },
    validator_info: { address: "EF".repeat(20), voting_power: "0" },
  },
  net_info: { listening: true, listeners: [], n_peers: "3", peers: [] },
  num_unconfirmed_txs: { n_txs: "0", total: "0", total_bytes: "0", txs: [] },
};

async function hostileNode(): Promise<string> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(method in results ? { jsonrpc: "2.0", id, result: results[method] } : { jsonrpc: "2.0", id, error: { code: -32601, message: "no" } }));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("a node's row in the watch", () => {
  it("stays within the contract when the node answers with oversized strings", async () => {
    const url = await hostileNode();
    const probe = createNodeProbe({ client: (u) => nodeClient(u, 2000), lagBlocks: () => 10, stoppedAfterMs: () => 5000 });
    const { nodes } = await probe.probe([{ url, source: "user" }]);
    expect(nodes[0]).toMatchObject({ up: true, height: "12", peers: 3, mempoolTxs: 0 });
    expect(WatchedNode.safeParse(nodes[0]).success).toBe(true);
  });
});
