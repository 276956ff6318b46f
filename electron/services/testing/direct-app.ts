import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Network } from "../../../shared/contract/network.js";
import { spendableBalancesQuery } from "../../../shared/cosmos/bank/queries.js";
import { createServices, type Services } from "../create-services.js";
import { createEventHub } from "../event-hub.js";
import { registerChainHandlers } from "../rpc/chain-handlers.js";
import { runAbciQuery } from "../rpc/module-query.js";
import { createRpcTransport } from "../rpc/rpc-transport.js";
import { createProblemLog } from "../storage/problems.js";
import { createDirectChain, type DirectChain } from "../tx/direct/direct-chain.js";
import { createDirectSender } from "../tx/direct/direct-sender.js";
import { vaultOnlySigners } from "../signers/vault-kind.js";
import { openOutbox } from "../tx/outbox.js";
import { openVault } from "../vault/vault.js";

export type Answer = Record<string, unknown>;

/** What this helper reads of a devnet's `devnet.json` (the whole of it is written for the services). */
export interface DevnetFacts {
  readonly chainId: string;
  readonly bech32Prefix: string;
  readonly denom: string;
  readonly stakeDenom: string;
}

export interface DirectApp {
  readonly services: Services;
  /** A contract call through the real dispatcher; a refusal throws with its code. */
  call(method: string, args?: unknown): Promise<Answer>;
  /** Polls `tx.get` until the transaction is committed or failed. */
  committed(hash: string): Promise<Answer>;
}

export interface DirectAppOptions {
  /**
   * The undo window main holds each send for before broadcasting it. 0 (the default here)
   * broadcasts at once, for the files that test something else; the app's own default is 10 s.
   */
  readonly undoWindowSeconds?: number;
}

/**
 * The app's real services with a wallet imported from `mnemonic`, on a devnet network added as a
 * user adds one: its nodes' RPC only, no access service (direct mode). Every app opened here is
 * pushed to `opened`, for the test file to close.
 */
export async function openDirectApp(info: DevnetFacts, mnemonic: string, rpcUrls: readonly string[], opened: Services[], options: DirectAppOptions = {}): Promise<DirectApp & { readonly dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), "cometdesk-direct-app-"));
  writeFileSync(join(dir, "devnet.json"), JSON.stringify(info));
  const app = await reopenDirectApp(dir, opened);
  const { call } = app;
  await call("settings.update", { undoWindowSeconds: options.undoWindowSeconds ?? 0 });
  await call("wallet.import", { mnemonic, password: "a long password" });
  const network = await call("network.add", {
    name: "Devnet by RPC", chainId: info.chainId, accessUrl: null, rpcUrls, bech32Prefix: info.bech32Prefix,
    denoms: [{ base: info.denom, display: "COMET", exponent: 6 }, { base: info.stakeDenom, display: "STAKE", exponent: 6 }], defaultDenom: info.denom,
    gasPrices: { denom: info.denom, low: "0.0025", average: "0.005", high: "0.01" }, rpcVia: "direct",
  });
  await call("network.select", { id: network.id });
  return { ...app, dir };
}

/**
 * The app started again on the folder `openDirectApp` gave (`dir`), as after a restart: the same
 * data folder, everything else new. Close the first one before.
 */
export async function reopenDirectApp(dir: string, opened: Services[]): Promise<DirectApp> {
  const services = await createServices({ dataDir: join(dir, "data"), tokenStore: { kind: "memory" }, devnetJsonPath: join(dir, "devnet.json") });
  opened.push(services);
  const call = async (method: string, args: unknown = {}) => {
    const answer = await services.dispatcher.dispatch(method, args);
    if (!answer.ok) throw Object.assign(new Error(`${method}: ${answer.error.code} ${answer.error.message}`), answer.error);
    return answer.value as Answer;
  };
  const committed = async (hash: string) => {
    for (let i = 0; i < 80; i++) {
      const tx = await call("tx.get", { id: hash });
      if (tx.status === "committed" || tx.status === "failed") return tx;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`${hash} was not committed within 20 s`);
  };
  return { services, call, committed };
}

/** A devnet added as a user adds a network by its RPC alone, and main's direct chain over its first node. */
export function devnetDirectChain(info: DevnetFacts & { readonly nodes: ReadonlyArray<{ readonly rpc: string }> }) {
  const network: Network = {
    id: "devnet-rpc", name: "Devnet by RPC", chainId: info.chainId, accessUrl: null, rpcUrls: [info.nodes[0]!.rpc], bech32Prefix: info.bech32Prefix,
    denoms: [{ base: info.denom, display: "COMET", exponent: 6 }], defaultDenom: info.denom,
    gasPrices: { denom: info.denom, low: "0.0025", average: "0.005", high: "0.01" }, rpcVia: "direct", source: "user",
  };
  const transport = createRpcTransport({ endpoints: () => [{ url: info.nodes[0]!.rpc, kind: "node" }] });
  const handlers = registerChainHandlers({ transport, defaultMethod: () => "POST", connection: () => ({ networkId: network.id, endpoint: null, state: "idle", lastHeight: null, reason: null }), expectedChainId: () => info.chainId });
  return { network, handlers, chain: createDirectChain(handlers, transport) };
}

/**
 * Main's direct sender as the app starts it: the vault unlocked (imported from `mnemonic` the
 * first time) and the outbox read from `dataDir`. `chain` is where it broadcasts; balances are
 * always read from `reads`.
 */
export async function startDirectSender(o: { info: DevnetFacts; mnemonic: string; dataDir: string; chain: DirectChain; reads: DirectChain; holdMs?: number; onInternalError?: (what: string, error: unknown) => void }) {
  const problems = createProblemLog();
  const vault = openVault({ dataDir: o.dataDir, prefix: () => o.info.bech32Prefix, autoLockMs: () => 0, events: createEventHub(), problems });
  if (!vault.status().exists) await vault.import(o.mnemonic, "a long password");
  else await vault.unlock("a long password");
  const outbox = openOutbox(o.dataDir, problems);
  const spendable = (_: Network, address: string) => runAbciQuery(async (q) => o.reads.abciQuery(q), spendableBalancesQuery, { address }, "balance_query_failed", "spendable balance");
  return { vault, outbox, sender: createDirectSender({ signers: vaultOnlySigners(vault), outbox, chainFor: () => o.chain, spendable, holdMs: () => o.holdMs ?? 0, onInternalError: o.onInternalError }) };
}
