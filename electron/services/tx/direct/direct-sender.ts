import { randomUUID } from "node:crypto";
import { fromBase64 } from "@cosmjs/encoding";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { Network } from "../../../../shared/contract/network.js";
import type { PrepareArgs, Tx } from "../../../../shared/contract/tx.js";
import { messagesFromBody } from "../../../../shared/cosmos/messages-from-body.js";
import { displayUnits } from "../../../../shared/wallet/amount.js";
import { spendProblems, subtractCoins, sumCoins, type Coin } from "../../../../shared/wallet/spendable.js";
import { AppError, ConflictError, NotFoundError } from "../../app-error.js";
import { RpcRateLimitedError, RpcUnreachableError } from "../../rpc/rpc-errors.js";
import { StorageWriteError } from "../../storage/atomic-file.js";
import type { Signers } from "../../signers/signers.js";
import { InsufficientFundsError } from "../funds.js";
import type { Outbox, StoredSend } from "../outbox.js";
import { BroadcastTxError, type DirectChain, InsufficientFeeError } from "./direct-chain.js";
import { nextSequence, type Prepared, prepareDirect, signerOf } from "./prepare.js";
import { describeSigned, type SignedSend, signPrepared } from "./sign-prepared.js";

export type SendMessagesArgs = PrepareArgs & { readonly requestId?: string; readonly sequence?: string };

export interface DirectSenderDeps {
  /** The wallet's accounts of every kind (signers/signers.ts): the one that signs each transaction. */
  readonly signers: Pick<Signers, "signerFor">;
  readonly outbox: Outbox;
  /** The network's direct chain: its own nodes, never an access service. */
  readonly chainFor: (network: Network) => DirectChain;
  /** What the account can spend on chain now (the bank's spendable balances). */
  readonly spendable: (network: Network, address: string) => Promise<Coin[]>;
  /** The undo window: how long a signed transaction stays in main before it is broadcast (default 0: at once). */
  readonly holdMs?: () => number;
  readonly now?: () => number;
  readonly onInternalError?: (what: string, error: unknown) => void;
}

/**
 * Direct mode (docs/architecture.md, "Two ways to send"): main prepares the transaction from
 * the chain, has the account that signs it sign it (the vault SIGN_MODE_DIRECT), keeps the signed bytes in the outbox, and
 * only then broadcasts them with `broadcast_tx_sync` to the network's nodes. A crash between
 * the two leaves the bytes on disk; `reconcile` sends the very same bytes again.
 */
export function createDirectSender(deps: DirectSenderDeps) {
  const inFlight = new Map<string, Promise<Tx>>();
  const now = deps.now ?? Date.now;
  const holdMs = () => Math.max(0, deps.holdMs?.() ?? 0);
  /** Held sends by request id: the timer that broadcasts each at the end of its undo window. */
  const held = new Map<string, ReturnType<typeof setTimeout>>();
  /** Held sends whose window ended and whose broadcast is under way: too late to cancel. */
  const leaving = new Set<string>();
  const prepare = (network: Network, args: PrepareArgs): Promise<Prepared> =>
    prepareDirect({ chain: deps.chainFor(network), outbox: deps.outbox, signerFor: (address) => deps.signers.signerFor(network, address) }, network, args);

  /** Coins the app's own sends still in flight will take: signed, not yet included (sequence at or past the chain's). */
  function inFlightSpend(network: Network, address: string, chainSequence: bigint): Coin[] {
    const pending = deps.outbox.list().filter((s) => s.direct && s.networkId === network.id && s.from === address && s.state !== "abandoned" && s.state !== "cancelled" && BigInt(s.nonce) >= chainSequence);
    const coins = pending.flatMap((s) => [...coinList(s.amount), ...coinList(s.direct!.fee)]);
    return [...sumCoins(coins)].map(([denom, amount]) => ({ denom, amount: amount.toString() }));
  }

  async function broadcastStored(network: Network, send: StoredSend): Promise<Tx> {
    try {
      await deps.chainFor(network).broadcast(fromBase64(send.direct!.txBytes));
    } catch (error) {
      if (error instanceof BroadcastTxError) {
        // A fee refusal keeps the price the node asked for: the Transactions page offers to prepare again at it.
        const priced = error instanceof InsufficientFeeError && error.gasPriceNow ? { direct: { ...send.direct!, gasPriceNow: error.gasPriceNow } } : {};
        note(() => deps.outbox.update(send.requestId, { state: "abandoned", problem: error.message, ...priced }));
      }
      throw error;
    }
    note(() => deps.outbox.update(send.requestId, { state: "submitted" }));
    return txOf(send, "broadcast");
  }

  /**
   * Broadcasts a held send when its undo window ends, unless it was cancelled meanwhile or its
   * timeout height passed while it waited (then it is void and never sent). A node that cannot be
   * reached leaves it signed on disk: `reconcile` tries again.
   */
  function hold(network: Network, send: StoredSend): void {
    if (held.has(send.requestId)) return;
    const delay = Math.max(0, Date.parse(send.direct!.holdUntil ?? "") - now() || 0);
    const timer = setTimeout(() => {
      held.delete(send.requestId);
      const current = deps.outbox.byRequest(send.requestId);
      if (current?.state !== "signed") return;
      leaving.add(send.requestId);
      void release(network, current).finally(() => leaving.delete(send.requestId));
    }, delay);
    timer.unref?.();
    held.set(send.requestId, timer);
  }

  async function release(network: Network, send: StoredSend): Promise<void> {
    try {
      const height = await deps.chainFor(network).latestHeight();
      if (height > BigInt(send.direct!.timeoutHeight)) {
        note(() => deps.outbox.update(send.requestId, { state: "abandoned", problem: `expired: its timeout height ${send.direct!.timeoutHeight} passed while it was held; it was never sent` }));
        return;
      }
      await broadcastStored(network, send); // the watcher following it reads the new state
    } catch (error) {
      // A refusal is on disk (abandoned, with the node's words); an unreachable node leaves it for `reconcile`.
      if (error instanceof RpcRateLimitedError) {
        // Not a fault: the nodes asked to be left alone. It stays signed here and `reconcile` sends it; the list says so.
        const problem = `waiting: every node of ${network.name} is rate-limiting (they ask for ${error.retryAfter} s); it stays signed here and is sent again at the next try, once a minute`;
        note(() => deps.outbox.update(send.requestId, { problem }));
      } else if (!(error instanceof BroadcastTxError || error instanceof RpcUnreachableError)) deps.onInternalError?.("direct hold release", error);
    }
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
    await checkFunds(network, prepared);
    return queue(network, await signPrepared(deps.signers, network, prepared, requestId));
  }

  /** The balance may have moved since the form checked it; a transaction the chain refuses still costs its fee. */
  async function checkFunds(network: Network, prepared: Prepared): Promise<void> {
    const { review } = prepared;
    const spendable = await deps.spendable(network, review.signer);
    const available = subtractCoins(spendable, inFlightSpend(network, review.signer, prepared.chainSequence));
    const problems = spendProblems({ spend: prepared.spend, fee: review.fee.amount }, { available }, displayUnits(network));
    if (problems.length > 0) throw new InsufficientFundsError(problems);
  }

  /** Signed bytes into the outbox, then held for the undo window or broadcast at once. */
  function queue(network: Network, signed: SignedSend): Promise<Tx> | Tx {
    const holding = holdMs();
    const send: StoredSend = { ...signed.entry, direct: { ...signed.signed, holdUntil: holding > 0 ? new Date(now() + holding).toISOString() : undefined } };
    deps.outbox.put(send); // on disk before any node hears of it; a full disk stops the send here
    if (holding === 0) return broadcastStored(network, send);
    hold(network, send);
    return txOf(send, "queued");
  }

  return {
    prepare: async (network: Network, args: PrepareArgs) => (await prepare(network, args)).review,
    /** Everything main prepares for these messages, bytes and all, for a signer elsewhere. */
    prepareFull: prepare,
    /** The account that signs these messages (the actions' signer fields); throws when they name several. */
    signerOf,
    /** The sequence the next send of `address` takes, past this app's sends still in flight. */
    nextSequence: (network: Network, address: string, onChain: bigint) => nextSequence(deps.outbox, network.id, address, onChain),
    /**
     * A prepared transaction signed elsewhere (a file from `simd tx sign`, a multisig's assembled
     * signatures), already checked against it: the same funds check, outbox and undo window as
     * one signed here. One send per request id.
     */
    sendSigned(network: Network, prepared: Prepared, txBytes: Uint8Array, requestId: string): Promise<Tx> {
      const stored = deps.outbox.byRequest(requestId);
      if (stored) return Promise.resolve(txOf(stored, stored.state === "submitted" ? "broadcast" : "queued"));
      const running = inFlight.get(requestId);
      if (running) return running;
      const p = (async () => {
        await checkFunds(network, prepared);
        return queue(network, describeSigned(network, prepared, txBytes, requestId));
      })().finally(() => inFlight.delete(requestId));
      inFlight.set(requestId, p);
      return p;
    },
    /** One send per request id, even when called twice at once. */
    send(network: Network, args: SendMessagesArgs): Promise<Tx> {
      const requestId = args.requestId ?? randomUUID();
      const running = inFlight.get(requestId);
      if (running) return running;
      const p = signAndBroadcast(network, args, requestId).finally(() => inFlight.delete(requestId));
      inFlight.set(requestId, p);
      return p;
    },
    /**
     * Cancels a send still in its undo window: it is never broadcast. One already handed to a
     * node cannot be taken back (a Cosmos chain has no such thing); its timeout height ends it.
     * Returns undefined when this app did not send `hash` on that network.
     */
    cancel(network: Network, hash: string): Tx | undefined {
      const send = deps.outbox.list().find((s) => s.direct && s.networkId === network.id && s.txHash === hash);
      if (!send) return undefined;
      if (send.state === "cancelled") return txOf(send, "cancelled");
      if (send.state !== "signed" || !held.has(send.requestId) || leaving.has(send.requestId)) {
        throw new ConflictError(`too late to cancel: it has left this app for ${network.name}'s nodes, and a Cosmos chain cannot take a transaction back; it is void if no block includes it by height ${send.direct!.timeoutHeight}`);
      }
      const later = deps.outbox.list().find((s) => s.direct && s.networkId === network.id && s.from === send.from && s.state === "signed" && BigInt(s.nonce) > BigInt(send.nonce));
      if (later) throw new ConflictError(`cancel the later transaction ${later.txHash} (sequence ${later.nonce}) first: it can only be included after this one`);
      deps.outbox.update(send.requestId, { state: "cancelled" }); // durable first: a failed write cancels nothing
      clearTimeout(held.get(send.requestId));
      held.delete(send.requestId);
      return txOf({ ...send, state: "cancelled" }, "cancelled");
    },
    /** The undo window in force now, in milliseconds. */
    holdMs,
    /** Stops the hold timers; what they held stays signed on disk and is sent on the next start. */
    close(): void {
      for (const timer of held.values()) clearTimeout(timer);
      held.clear();
    },
    /** What an address's in-flight direct sends will take, for `tx.funds`. */
    async pending(network: Network, address: string): Promise<Coin[]> {
      const account = await deps.chainFor(network).account(address).catch(() => ({ sequence: 0n }));
      return inFlightSpend(network, address, account.sequence);
    },
    /**
     * This app's own sends from `address` on `network` whose end is still open at the chain's
     * height (their timeout height not passed), newest first: held or waiting for a node
     * (*queued*), handed to the nodes (*broadcast*), cancelled, or refused. The nodes' index lists
     * what a block included; these are what it cannot list yet, for `tx.list` without an access
     * service. The height is asked for only when the outbox holds a send of that account.
     */
    async openSends(network: Network, address: string, latestHeight: () => Promise<bigint>): Promise<Tx[]> {
      const own = deps.outbox.list().filter((s) => s.direct && s.networkId === network.id && s.from === address);
      if (own.length === 0) return [];
      const height = await latestHeight();
      return own
        .filter((s) => BigInt(s.direct!.timeoutHeight) >= height)
        .reverse()
        .map((s) => s.state === "abandoned"
          ? ended(s)
          : s.state === "signed" ? queued(s) : txOf(s, s.state === "cancelled" ? "cancelled" : "broadcast"));
    },
    /**
     * What to prepare again for a send a node refused for its fee (`tx.repriceRequest`): its
     * messages and memo read from the signed bytes, and the price the node asked for.
     */
    repriceRequest(network: Network, hash: string): { messages: PrepareArgs["messages"]; memo: string; gasPrice: string } {
      const send = deps.outbox.list().find((s) => s.direct && s.networkId === network.id && s.txHash === hash);
      if (!send) throw new NotFoundError(`no transaction ${hash} sent from this app on ${network.name}`);
      const gasPrice = send.state === "abandoned" ? send.direct!.gasPriceNow : undefined;
      if (!gasPrice) throw new ConflictError(`transaction ${hash} was not refused for its fee, so there is no price to prepare it again at`);
      let bodyBytes: Uint8Array;
      try {
        bodyBytes = TxRaw.decode(fromBase64(send.direct!.txBytes)).bodyBytes;
      } catch {
        throw new AppError("reprice_unreadable", `transaction ${hash} cannot be prepared again: its signed bytes on disk could not be read`);
      }
      const request = messagesFromBody(bodyBytes);
      if ("refusal" in request) throw new AppError("reprice_unreadable", `transaction ${hash} cannot be prepared again here: ${request.refusal}`);
      return { ...request, gasPrice };
    },
    /** Whether this app signed and sent `hash` to the network's nodes itself (an access service does not know it). */
    owns: (networkId: string, hash: string) => deps.outbox.list().some((s) => s.direct && s.networkId === networkId && s.txHash === hash),
    /** A transaction this app sent, as the outbox and the chain know it now. */
    async get(network: Network, hash: string): Promise<Tx | undefined> {
      const send = deps.outbox.list().find((s) => s.direct && s.networkId === network.id && s.txHash === hash);
      const chain = deps.chainFor(network);
      const committed = await chain.committed(hash);
      if (committed) {
        const base = send ? txOf(send, "committed") : undefined;
        const time = (await chain.blockTimes([committed.height])).get(committed.height);
        return { ...(base ?? { txHash: hash, from: "", to: "", amount: "" }), ...(time ? { time } : {}), status: committed.result.code === 0 ? "committed" : "failed", height: committed.height, code: committed.result.code, codespace: committed.result.codespace || undefined, log: committed.result.code === 0 ? undefined : committed.result.log };
      }
      if (!send) return undefined;
      if (send.state === "cancelled") return txOf(send, "cancelled");
      if (send.state === "abandoned") return ended(send);
      const height = await deps.chainFor(network).latestHeight().catch(() => 0n);
      if (height > BigInt(send.direct!.timeoutHeight)) {
        const log = send.state === "signed"
          ? `expired: its timeout height ${send.direct!.timeoutHeight} passed before any node accepted it; it was never sent and never will be`
          : `expired: not included by its timeout height ${send.direct!.timeoutHeight}`;
        return { ...txOf(send, "expired"), log };
      }
      return send.state === "signed" ? queued(send) : txOf(send, "broadcast");
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
          if (held.has(send.requestId) || leaving.has(send.requestId)) continue;
          const network = networkOf(send.networkId);
          if (send.direct!.holdUntil && Date.parse(send.direct!.holdUntil) > now()) {
            hold(network, send); // a restart inside the undo window keeps the rest of the window
            continue;
          }
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

/** A signed send not yet handed to a node, with why it waits when it waits for the nodes (a rate-limit). */
function queued(send: StoredSend): Tx {
  return send.problem ? { ...txOf(send, "queued"), log: send.problem } : txOf(send, "queued");
}

/** A refused or void send, with the node's words and, for a fee refusal, the price it asked for. */
function ended(send: StoredSend): Tx {
  const tx = { ...txOf(send, send.problem?.startsWith("expired") ? "expired" : "rejected"), log: send.problem };
  return send.direct?.gasPriceNow ? { ...tx, gasPriceNow: send.direct.gasPriceNow } : tx;
}

/** A send as the Transactions page lists it. */
export function txOf(send: StoredSend, status: Tx["status"]): Tx {
  return {
    txHash: send.txHash, from: send.from, to: send.to, amount: send.amount, status, source: "submitted", nonce: send.nonce,
    fee: send.direct?.fee, timeoutHeight: send.direct?.timeoutHeight, holdUntil: status === "queued" ? send.direct?.holdUntil : undefined, createdAt: send.createdAt, kind: send.kind,
  };
}

function coinList(text: string): Coin[] {
  return text.split(",").flatMap((one) => {
    const m = /^(\d+)([a-zA-Z].*)$/.exec(one.trim());
    return m ? [{ amount: m[1]!, denom: m[2]! }] : [];
  });
}
