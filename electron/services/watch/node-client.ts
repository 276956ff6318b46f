import { registerChainHandlers } from "../rpc/chain-handlers.js";
import type { RequestBudgets } from "../../../shared/net/request-budget.js";
import { createRpcTransport } from "../rpc/rpc-transport.js";
import type { NodeClient } from "../../../watch/node-probe.js";

/**
 * A client of one node alone, for the probe: no failover (a dead node must look dead, not be
 * answered for by another) and no retries, with a short timeout, so one probe takes bounded time.
 */
export function nodeClient(url: string, timeoutMs = 3_000, fetchImpl?: typeof fetch, budgets?: RequestBudgets): NodeClient {
  const chain = registerChainHandlers({
    // The probe is background work, and counts against the node's budget like every other read.
    transport: createRpcTransport({ endpoints: () => [{ url, kind: "node" }], retries: 0, timeoutMs, maxBytes: 4 << 20, fetchImpl, budgets, priority: () => "background" }),
    defaultMethod: () => "POST",
    connection: () => ({ networkId: "", endpoint: url, state: "idle", lastHeight: null, reason: null }),
  });
  return {
    status: async () => {
      const s = await chain.status({});
      const key = s.validatorInfo.pubKey;
      return {
        moniker: s.nodeInfo.moniker, version: s.nodeInfo.version, height: s.syncInfo.latestBlockHeight, earliestHeight: s.syncInfo.earliestBlockHeight, latestBlockTime: s.syncInfo.latestBlockTime.slice(0, 64), catchingUp: s.syncInfo.catchingUp,
        nodeId: s.nodeInfo.id.slice(0, 64) || null,
        validatorKey: key ? { type: key.type, value: key.value, votingPower: s.validatorInfo.votingPower } : null,
      };
    },
    peers: async () => (await chain.netInfo({})).peerCount,
    mempoolTxs: async () => (await chain.numUnconfirmedTxs({})).total,
    hashesAt: async (height) => {
      const c = await chain.commit({ height });
      return { appHash: c.header.appHash, blockHash: c.commit.blockId.hash };
    },
  };
}
