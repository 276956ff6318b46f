import { randomUUID } from "node:crypto";
import { fromBase64 } from "@cosmjs/encoding";
import type { Network } from "../../../../shared/contract/network.js";
import type { PrepareArgs, Tx } from "../../../../shared/contract/tx.js";
import { displayUnits } from "../../../../shared/wallet/amount.js";
import { spendProblems, subtractCoins, sumCoins, type Coin } from "../../../../shared/wallet/spendable.js";
import { AppError } from "../../app-error.js";
import { RpcUnreachableError } from "../../rpc/rpc-errors.js";
import { StorageWriteError } from "../../storage/atomic-file.js";
import type { Vault } from "../../vault/vault.js";
import { InsufficientFundsError } from "../funds.js";
import type { Outbox, StoredSend } from "../outbox.js";
import { BroadcastTxError, type DirectChain } from "./direct-chain.js";
import { nextSequence, type Prepared, prepareDirect, signerOf } from "./prepare.js";
import { signPrepared } from "./sign-prepared.js";

export type SendMessagesArgs = PrepareArgs & { readonly requestId?: string; readonly sequence?: string };

export interface DirectSenderDeps {
  readonly vault: Pick<Vault, "accounts" | "signDirect">;
  readonly outbox: Outbox;
  /** The network's direct chain: its own nodes, never an access service. */
  readonly chainFor: (network: Network) => DirectChain;
  /** What the account can spend on chain now (the bank's spendable balances). */
  readonly spendable: (network: Network, address: string) => Promise<Coin[]>;
}

/**
 * Direct mode (docs/architecture.md, "Two ways to send"): main prepares the transaction from
 * the chain, signs it SIGN_MODE_DIRECT with the vault, keeps the signed bytes in the outbox, and
 * only then broadcasts them with `broadcast_tx_sync` to the network's nodes. A crash between
 * the two leaves the bytes on disk; `reconcile` sends the very same bytes again.
 */
export function createDirectSender(deps: DirectSenderDeps) {
  const inFlight = new Map<string, Promise<Tx>>();
  const pubKeyOf = (address: string) => deps.vault.accounts().find((a) => a.address === address)?.pubKey;
  const prepare = (network: Network, args: PrepareArgs): Promise<Prepared> =>
    prepareDirect({ chain: deps.chainFor(network), outbox: deps.outbox, pubKeyOf }, network, args);

  /** Coins the app's own sends still in flight will take: signed, not yet included (sequence at or past the chain's). */
  function inFlightSpend(network: Network, address: string, chainSequence: bigint): Coin[] {
    const held = deps.outbox.list().filter((s) => s.direct && s.networkId === network.id && s.from === address && s.state !== "abandoned" && BigInt(s.nonce) >= chainSequence);
    const coins = held.flatMap((s) => [...coinList(s.amount), ...coinList(s.direct!.fee)]);
    return [...sumCoins(coins)].map(([denom, amount]) => ({ denom, amount: amount.toString() }));
  }

  async function broadcastStored(network: Network, send: StoredSend): Promise<Tx> {
    try {
      await deps.chainFor(network).broadcast(fromBase64(send.direct!.txBytes));
    } catch (error) {
      if (error instanceof BroadcastTxError) note(() => deps.outbox.update(send.requestId, { state: "abandoned", problem: error.message }));
      throw error;
    }
    note(() => deps.outbox.update(send.requestId, { state: "submitted" }));
    return txOf(send, "broadcast");
  }

  function note(update: () => void): void {
    try {
      update();
    } catch (error) {
      if (!(error instanceof StorageWriteError)) throw error;
    }
  }

  async function signAndBroadcast(network: Network, args: SendMessagesArgs, requestId: string): Promise<Tx> {
    const stored = deps.outbox.byRequest(requestId);
    if (stored) {
      if (stored.state === "abandoned") throw new AppError("send_abandoned", stored.problem ?? "this send was refused");
      if (stored.state === "submitted") return txOf(stored, "broadcast");
      return broadcastStored(network, stored);
    }
    const prepared = await prepare(network, args);
    const { review } = prepared;
    if (args.sequence !== undefined && args.sequence !== review.sequence) {
      throw new AppError("sequence_changed", `the account's sequence moved from ${args.sequence} to ${review.sequence} since the review: review it again`);
    }
    // The balance may have moved since the form checked it; a transaction the chain refuses still costs its fee.
    const spendable = await deps.spendable(network, review.signer);
    const available = subtractCoins(spendable, inFlightSpend(network, review.signer, prepared.chainSequence));
    const problems = spendProblems({ spend: prepared.spend, fee: review.fee.amount }, { available }, displayUnits(network));
    if (problems.length > 0) throw new InsufficientFundsError(problems);

    const signed = await signPrepared(deps.vault, network, prepared, requestId);
    const send: StoredSend = { ...signed.entry, direct: signed.signed };
    deps.outbox.put(send); // on disk before any node hears of it; a full disk stops the send here
    return broadcastStored(network, send);
  }

  return {
    prepare: async (network: Network, args: PrepareArgs) => (await prepare(network, args)).review,
    /** The account that signs these messages (the actions' signer fields); throws when they name several. */
    signerOf,
    /** The sequence the next send of `address` takes, past this app's sends still in flight. */
    nextSequence: (network: Network, address: string, onChain: bigint) => nextSequence(deps.outbox, network.id, address, onChain),
    /** One send per request id, even when called twice at once. */
    send(network: Network, args: SendMessagesArgs): Promise<Tx> {
      const requestId = args.requestId ?? randomUUID();
      const running = inFlight.get(requestId);
      if (running) return running;
      const p = signAndBroadcast(network, args, requestId).finally(() => inFlight.delete(requestId));
      inFlight.set(requestId, p);
      return p;
    },
    /** What an address's in-flight direct sends will take, for `tx.funds`. */
    async pending(network: Network, address: string): Promise<Coin[]> {
      const account = await deps.chainFor(network).account(address).catch(() => ({ sequence: 0n }));
      return inFlightSpend(network, address, account.sequence);
    },
    /** Whether this app signed and sent `hash` to the network's nodes itself (an access service does not know it). */
    owns: (networkId: string, hash: string) => deps.outbox.list().some((s) => s.direct && s.networkId === networkId && s.txHash === hash),
    /** A transaction this app sent, as the outbox and the chain know it now. */
    async get(network: Network, hash: string): Promise<Tx | undefined> {
      const send = deps.outbox.list().find((s) => s.direct && s.networkId === network.id && s.txHash === hash);
      const committed = await deps.chainFor(network).committed(hash);
      if (committed) {
        const base = send ? txOf(send, "committed") : undefined;
        return { ...(base ?? { txHash: hash, from: "", to: "", amount: "" }), status: committed.result.code === 0 ? "committed" : "failed", height: committed.height, code: committed.result.code, codespace: committed.result.codespace || undefined, log: committed.result.code === 0 ? undefined : committed.result.log };
      }
      if (!send) return undefined;
      if (send.state === "abandoned") return { ...txOf(send, "rejected"), log: send.problem };
      const height = await deps.chainFor(network).latestHeight().catch(() => 0n);
      if (height > BigInt(send.direct!.timeoutHeight)) return txOf(send, "expired");
      return txOf(send, send.state === "signed" ? "queued" : "broadcast");
    },
    /**
     * At start and every minute: each direct send not yet accepted by a node is looked up by hash;
     * one the chain has is confirmed, one past its timeout height is void, any other is broadcast
     * again (the same bytes). Returns what it settled, for the watcher.
     */
    async reconcile(networkOf: (id: string) => Network): Promise<Array<{ networkId: string; tx: Tx }>> {
      const settled: Array<{ networkId: string; tx: Tx }> = [];
      for (const send of deps.outbox.unconfirmed().filter((s) => s.direct)) {
        try {
          const network = networkOf(send.networkId);
          const chain = deps.chainFor(network);
          if (await chain.committed(send.txHash)) {
            note(() => deps.outbox.update(send.requestId, { state: "submitted" }));
            settled.push({ networkId: send.networkId, tx: txOf(send, "broadcast") });
          } else if ((await chain.latestHeight()) > BigInt(send.direct!.timeoutHeight)) {
            note(() => deps.outbox.update(send.requestId, { state: "abandoned", problem: "expired: not included before its timeout height" }));
          } else {
            settled.push({ networkId: send.networkId, tx: await broadcastStored(network, send) });
          }
        } catch (error) {
          // Unreachable nodes, or a network removed meanwhile: kept for a later try.
          if (!(error instanceof RpcUnreachableError || error instanceof BroadcastTxError || error instanceof AppError)) throw error;
        }
      }
      return settled;
    },
  };
}
export type DirectSender = ReturnType<typeof createDirectSender>;

/** A send as the Transactions page lists it. */
export function txOf(send: StoredSend, status: Tx["status"]): Tx {
  return {
    txHash: send.txHash, from: send.from, to: send.to, amount: send.amount, status, source: "submitted", nonce: send.nonce,
    fee: send.direct?.fee, timeoutHeight: send.direct?.timeoutHeight, createdAt: send.createdAt, kind: send.kind,
  };
}

function coinList(text: string): Coin[] {
  return text.split(",").flatMap((one) => {
    const m = /^(\d+)([a-zA-Z].*)$/.exec(one.trim());
    return m ? [{ amount: m[1]!, denom: m[2]! }] : [];
  });
}
