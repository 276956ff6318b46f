import { type InfiniteData, type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { CometdeskApi } from "../../../shared/api.js";
import type { ResultOf } from "../../../shared/contract/index.js";
import type { TxStatus } from "../../../shared/contract/tx.js";
import type { EventPayload } from "../../../shared/events.js";
import { createThrottle } from "../../../shared/throttle.js";
import { useApi } from "../api/api-context.js";
import { rateLimitWaits, type RateLimitWaits } from "../api/rate-limit-wait.js";
import { chainKeys } from "../queries/chain-queries.js";
import { txKeys } from "../queries/tx-queries.js";
import { networkKeys } from "../queries/network-queries.js";
import { explorerKeys } from "../queries/explorer-keys.js";
import { walletKeys } from "../queries/wallet-queries.js";
import { watchKeys } from "../queries/watch-queries.js";
import { notifyWatchAlerts } from "./watch-notifications.js";

type Connection = ResultOf<"chain.connection">;
type TxPages = InfiniteData<ResultOf<"tx.list">, unknown>;

/** The list's pages with the row of `txHash` (if any) at `status`; the same object when there is none. */
function withStatus(old: TxPages | undefined, txHash: string, status: TxStatus): TxPages | undefined {
  if (!old?.pages.some((p) => p.transactions.some((t) => t.txHash === txHash && t.status !== status))) return old;
  return { ...old, pages: old.pages.map((p) => ({ ...p, transactions: p.transactions.map((t) => (t.txHash === txHash ? { ...t, status } : t)) })) };
}

/**
 * Main's events keep the query cache current: a new block moves the connection's height, a
 * connection change replaces its state, a lock change refetches the vault status, and transfer
 * changes (a status change, or a block with transactions) refetch the lists and balances.
 */
export function useMainEvents(): void {
  const api = useApi();
  const client = useQueryClient();
  useEffect(() => subscribeAll(api, client), [api, client]);
}

/**
 * The refetches a new block starts run at most once per this many ms per network and kind: the
 * first block of a quiet spell at once, and the last of a burst when the window ends. Blocks come
 * a second or more apart, so this delays nothing then; but a node caught up after the computer
 * slept announces hundreds at once, and each would otherwise refetch every page on screen.
 */
export const BLOCK_REFETCH_MS = 250;

/**
 * The Consensus page reads the round state again at most once per this many ms per network, on
 * main's `chain.consensusChanged` (a vote or a round step, each pushed up to four times a second):
 * the first change of a quiet spell at once, the last of a burst when the window ends, so the page
 * still shows each round and step as it settles. Four reads a second (240 a minute) were half of a
 * public node's request budget; one a second is an eighth of it.
 */
export const CONSENSUS_REFETCH_MS = 1_000;

/** Subscribes `client` to main's events; returns the unsubscribe. Exported for its test. */
export function subscribeAll(api: CometdeskApi, client: QueryClient, waits: RateLimitWaits = rateLimitWaits): () => void {
  const throttles = new Map<string, ReturnType<typeof createThrottle<() => void>>>();
  const throttled = (key: string, run: () => void, ms = BLOCK_REFETCH_MS) => {
    let t = throttles.get(key);
    if (!t) throttles.set(key, (t = createThrottle<() => void>((f) => f(), ms)));
    t.push(run);
  };
  /** The validators hash of the last block seen per network: a change is a new validator set. */
  const setHashes = new Map<string, string>();
  const stops = [
    api.on("chain.newBlock", (block) => {
      const id = block.networkId;
      patchConnection(client, id, (c) => ({ ...c, lastHeight: block.height }));
      // The block itself, so the blocks list shows it now rather than after the refetch below.
      client.setQueryData(explorerKeys.announced(id), block);
      // A block with transactions may hold transfers from anywhere: the list and balances follow.
      if (block.numTxs > 0) {
        throttled(`txs ${id}`, () => {
          // A list fetch already under way (a status change of the same block starts one just
          // before) is at least as new as this block: let it finish rather than start it again.
          void client.invalidateQueries({ queryKey: txKeys.lists(id) }, { cancelRefetch: false });
          void client.invalidateQueries({ queryKey: walletKeys.balancesOf(id) });
          void client.invalidateQueries({ queryKey: txKeys.fundsOf(id) });
        });
      }
      // Only queries on screen refetch; the rest are just marked stale.
      throttled(`live ${id}`, () => void client.invalidateQueries({ queryKey: explorerKeys.live(id) }));
      // The validator set and its monikers are not under `live`: read again only when the set changed.
      if (block.validatorsHash) {
        const was = setHashes.get(id);
        setHashes.set(id, block.validatorsHash);
        if (was !== undefined && was !== block.validatorsHash) void client.invalidateQueries({ queryKey: explorerKeys.validatorHead(id) });
      }
    }),
    // A vote or a round step: the Consensus page (if open) reads the round state again, at most once a second.
    api.on("chain.consensusChanged", (c) =>
      throttled(`consensus ${c.networkId}`, () => void client.invalidateQueries({ queryKey: explorerKeys.roundState(c.networkId) }), CONSENSUS_REFETCH_MS),
    ),
    api.on("network.connectionChanged", (change) => onConnectionChanged(client, change)),
    // A read waiting for a node's rate limit: said where the user's read is visible (RateLimitWait).
    api.on("network.rateLimitWait", (wait) => waits.note(wait)),
    api.on("network.changed", () => void client.invalidateQueries({ queryKey: networkKeys.all })),
    api.on("wallet.lockChanged", () => void client.invalidateQueries({ queryKey: walletKeys.all })),
    api.on("tx.statusChanged", (change) => {
      // A row already listed shows its new status now; the refetch below brings the rest of it.
      // Only a list that holds the row and is not showing an error: setting data clears a query's error.
      for (const [key, old] of client.getQueriesData<TxPages>({ queryKey: txKeys.lists(change.networkId) })) {
        const next = withStatus(old, change.txHash, change.status);
        if (next !== old && client.getQueryState(key)?.status !== "error") client.setQueryData(key, next);
      }
      void client.invalidateQueries({ queryKey: txKeys.all(change.networkId) });
      if (change.status === "committed" || change.status === "failed") void client.invalidateQueries({ queryKey: walletKeys.balancesOf(change.networkId) });
    }),
    // The watch read a block or probed the nodes: its page (if open) reads the status again.
    api.on("watch.updated", (u) => {
      void client.invalidateQueries({ queryKey: watchKeys.status(u.networkId) });
      void client.invalidateQueries({ queryKey: watchKeys.networks });
    }),
    api.on("watch.alert", (a) => {
      void client.invalidateQueries({ queryKey: watchKeys.all(a.alert.networkId) });
      void client.invalidateQueries({ queryKey: watchKeys.networks });
    }),
    notifyWatchAlerts(api),
  ];
  return () => {
    stops.forEach((stop) => stop());
    throttles.forEach((t) => t.stop());
  };
}

function onConnectionChanged(client: QueryClient, change: EventPayload<"network.connectionChanged">): void {
  patchConnection(client, change.networkId, (c) => ({ ...c, state: change.state, endpoint: change.endpoint, reason: change.reason }));
  void client.invalidateQueries({ queryKey: chainKeys.status(change.networkId) });
  // Without blocks nothing else would refetch the head: read it again, so a node that went away
  // shows as gone (and, once back, as back).
  void client.invalidateQueries({ queryKey: explorerKeys.live(change.networkId) });
  void client.invalidateQueries({ queryKey: explorerKeys.validatorHead(change.networkId) });
  void client.invalidateQueries({ queryKey: explorerKeys.roundState(change.networkId) });
  // The node is back: what failed while it was away is read again.
  if (change.state === "live" || change.state === "polling") {
    void client.invalidateQueries({ queryKey: chainKeys.all(change.networkId), predicate: (q) => q.state.status === "error" });
  }
}

function patchConnection(client: QueryClient, networkId: string, patch: (c: Connection) => Connection): void {
  const key = chainKeys.connection(networkId);
  if (client.getQueryData(key) === undefined) {
    void client.invalidateQueries({ queryKey: key }); // not loaded yet: fetch it whole
    return;
  }
  client.setQueryData(key, (old: Connection | undefined) => (old ? patch(old) : old));
}
