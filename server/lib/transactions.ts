import type { StdSignDoc } from "@cosmjs/amino";
import { toBase64 } from "@cosmjs/encoding";
import type { SignDocBody, TransferSubmitBody, TxBytesBody } from "../../shared/access/bodies.js";
import { aminoTxRaw } from "../../shared/cosmos/amino-tx.js";
import { txIdOf } from "../../shared/cosmos/tx-id.js";
import { checkAddress } from "./address.js";
import type { ChainContext } from "./chain-context.js";
import { formatCoin, parseCoin, parseUint64 } from "./coins.js";
import { ApiError } from "./errors.js";
import type { NodeClient } from "./node-client.js";
import { TRANSFER_KIND, type TxRecord, withStatus } from "./records.js";
import { signBytes, transferSignDoc } from "./sign-doc.js";
import { verifiedSigner } from "./signature.js";
import { decodeSignedTx, verifySignedTx } from "./signed-tx.js";
import type { TxStore } from "./tx-store.js";
import type { Transfer } from "./transfer.js";

/** The rules of `/transactions`: sign docs, submission of a transfer or any signed transaction, cancel (docs/access-interface.md). */
export class Transactions {

  constructor(
    private readonly chain: ChainContext,
    private readonly node: NodeClient,
    private readonly store: TxStore,
    private readonly holdMs: number,
    /** Called after a submission, so a zero hold window broadcasts at once. */
    private readonly onQueued: () => void = () => {},
  ) {}

  /** On-chain number and sequence, and the next nonce counting what is pending here. */
  async account(address: string): Promise<{ address: string; accountNumber: string; sequence: string; nextNonce: string }> {
    checkAddress(address, this.chain.prefix, "address");
    const account = await this.node.account(address);
    if (!account) throw new ApiError(404, "not_found", `the chain has no account ${address} yet (it has never received funds)`);
    return { address, accountNumber: account.accountNumber.toString(), sequence: account.sequence.toString(), nextNonce: (await this.nextNonce(address, account.sequence)).toString() };
  }

  /** The exact amino StdSignDoc a client signs for this transfer. */
  async signDoc(body: SignDocBody): Promise<StdSignDoc> {
    const onChain = await this.chainAccount(checkAddress(body.from, this.chain.prefix, "from"));
    const nonce = body.nonce === undefined ? await this.nextNonce(body.from, onChain.sequence) : parseUint64(body.nonce, "nonce");
    const transfer = this.transfer(body, nonce);
    return transferSignDoc(transfer, this.chain.chainId, onChain.accountNumber);
  }

  /** Validates, verifies and durably queues a signed transfer; an identical resubmission returns the stored record. */
  async submit(body: TransferSubmitBody, owner: string): Promise<{ record: TxRecord; created: boolean }> {
    const from = checkAddress(body.from, this.chain.prefix, "from");
    const transfer = this.transfer(body, parseUint64(body.nonce, "nonce"));
    const signature = decodeBase64(body.signature, 64, "signature");
    const publicKey = body.publicKey === undefined ? undefined : decodeBase64(body.publicKey, 33, "publicKey");
    const onChain = await this.chainAccount(from);
    const doc = transferSignDoc(transfer, this.chain.chainId, onChain.accountNumber);
    const signer = verifiedSigner(signature, signBytes(doc), from, this.chain.prefix, publicKey);
    const raw = aminoTxRaw(doc, signer, signature);
    return this.queue(raw, onChain.sequence, owner, {
      from,
      to: transfer.to,
      amount: formatCoin(transfer.amount),
      nonce: transfer.nonce,
      memo: transfer.memo,
      fee: transfer.fee.amount > 0n ? formatCoin(transfer.fee) : "",
      gas: transfer.gas,
      timeoutHeight: transfer.timeoutHeight,
      kind: TRANSFER_KIND,
    });
  }

  /**
   * Decodes, verifies and durably queues any signed transaction (`{txBytes}`), held, listed,
   * cancelled and followed exactly like a transfer: the signer is the one key of its AuthInfo,
   * which must sign every message, with the account number read from the chain; its sequence
   * is its nonce in the sender's queue here. The exact bytes received are broadcast.
   */
  async submitTxBytes(body: TxBytesBody, owner: string): Promise<{ record: TxRecord; created: boolean }> {
    const tx = decodeSignedTx(body.txBytes, this.chain.prefix);
    const onChain = await this.chainAccount(tx.signer);
    verifySignedTx(tx, this.chain.chainId, onChain.accountNumber);
    return this.queue(tx.raw, onChain.sequence, owner, {
      from: tx.signer,
      to: tx.to,
      amount: tx.amount,
      nonce: tx.sequence,
      memo: tx.memo,
      fee: tx.fee,
      gas: tx.gas,
      timeoutHeight: tx.timeoutHeight,
      kind: tx.kind,
    });
  }

  /** Stores a verified transaction as queued for the hold window; an identical resubmission returns the stored record. */
  private async queue(raw: Uint8Array, sequence: bigint, owner: string, tx: QueuedFields): Promise<{ record: TxRecord; created: boolean }> {
    const hash = txIdOf(raw);
    // Before the nonce check: a client retrying after a lost answer gets its record, even once committed.
    const existing = await this.store.get(hash);
    if (existing) {
      await this.store.sync(); // the first submission's answer may still be waiting for its fsync
      return { record: existing, created: false };
    }
    if (tx.nonce < sequence) {
      throw new ApiError(409, "nonce_too_low", `nonce ${tx.nonce} is already used; the account's sequence on chain is ${sequence}`, { sequence: sequence.toString() });
    }
    const now = new Date();
    const holdUntil = new Date(now.getTime() + this.holdMs).toISOString();
    const record: TxRecord = {
      txHash: hash,
      from: tx.from,
      to: tx.to,
      amount: tx.amount,
      status: "queued",
      source: "submitted",
      nonce: tx.nonce.toString(),
      memo: tx.memo,
      fee: tx.fee,
      gas: tx.gas.toString(),
      timeoutHeight: tx.timeoutHeight.toString(),
      holdUntil,
      createdAt: now.toISOString(),
      history: [{ status: "queued", at: now.toISOString(), detail: `held until ${holdUntil}` }],
      kind: tx.kind,
      raw: toBase64(raw),
      owner,
      sortKey: now.toISOString(),
    };
    // One atomic step in the store: a retry racing this one, or a rival for the nonce, cannot both win.
    const outcome = await this.store.insert(record);
    if (outcome.kind === "exists") return { record: outcome.record, created: false };
    if (outcome.kind === "nonce_taken") {
      throw new ApiError(409, "nonce_in_use", `nonce ${tx.nonce} is taken by pending transaction ${outcome.rival.txHash}; cancel it first if it is still queued`, { txHash: outcome.rival.txHash });
    }
    this.onQueued();
    return { record, created: true };
  }

  /** Cancels a queued transaction of `owner`; anything already sent cannot be recalled. */
  async cancel(hash: string, owner: string): Promise<TxRecord> {
    const record = await this.store.get(hash);
    if (!record) throw new ApiError(404, "not_found", `no transaction ${hash} here`);
    if (record.owner !== owner) throw new ApiError(403, "forbidden", "only the token that submitted a transaction may cancel it");
    // A conditional update: if the queue (of this replica or another) broadcast it meanwhile,
    // the broadcast won and this cancel answers 409 as if it had come a moment later.
    const cancelled = await this.store.update(hash, (current) => (current.status === "queued" ? withStatus(current, "cancelled", "cancelled by its submitter before broadcast") : undefined));
    if (cancelled) return cancelled;
    throw notCancellable((await this.store.get(hash)) ?? record);
  }

  private transfer(body: SignDocBody, nonce: bigint): Transfer {
    const amount = parseCoin(body.amount, this.chain.defaultDenom, "amount");
    const fee = body.fee === undefined ? this.chain.defaultFee : parseCoin(body.fee, this.chain.defaultDenom, "fee", true);
    for (const [field, coin] of [["amount", amount], ["fee", fee]] as const) {
      if (!this.chain.denoms.some((d) => d.base === coin.denom)) {
        throw new ApiError(400, "unknown_denom", `${field} uses denom "${coin.denom}", which this chain does not have`, { field, denoms: this.chain.denoms.map((d) => d.base) });
      }
    }
    const gas = body.gas === undefined ? this.chain.defaultGas : parseUint64(body.gas, "gas");
    if (gas === 0n) throw new ApiError(400, "invalid_request", "gas must be greater than zero", [{ path: "gas", message: "zero" }]);
    return {
      from: checkAddress(body.from, this.chain.prefix, "from"),
      to: checkAddress(body.to, this.chain.prefix, "to"),
      amount,
      nonce,
      memo: body.memo ?? "",
      fee,
      gas,
      timeoutHeight: body.timeoutHeight === undefined ? 0n : parseUint64(body.timeoutHeight, "timeoutHeight"),
    };
  }

  private async chainAccount(address: string): Promise<{ accountNumber: bigint; sequence: bigint }> {
    const account = await this.node.account(address);
    if (!account) throw new ApiError(404, "not_found", `the chain has no account ${address} yet, so it cannot sign (fund it first)`);
    return account;
  }

  /** The smallest nonce at or above the chain's sequence that no pending transaction here holds. */
  private async nextNonce(address: string, sequence: bigint): Promise<bigint> {
    const taken = new Set((await this.store.pending(address)).map((r) => BigInt(r.nonce)));
    let nonce = sequence;
    while (taken.has(nonce)) nonce++;
    return nonce;
  }
}

/** What a submission records besides its hash, status and times. */
interface QueuedFields {
  readonly from: string;
  readonly to: string;
  readonly amount: string;
  readonly nonce: bigint;
  readonly memo: string;
  readonly fee: string;
  readonly gas: bigint;
  readonly timeoutHeight: bigint;
  readonly kind: string;
}

/** The 409 for a cancel of a transaction that is no longer queued. */
function notCancellable(record: TxRecord): ApiError {
  if (record.status === "broadcast") {
    const timeout = BigInt(record.timeoutHeight);
    const end = timeout > 0n ? `; it expires if not included by height ${timeout}` : "; it has no timeout height, so it stays valid until included";
    return new ApiError(409, "already_broadcast", `the transaction is in the node's mempool and cannot be recalled${end}`, { status: record.status, timeoutHeight: record.timeoutHeight });
  }
  return new ApiError(409, "not_cancellable", `the transaction is ${record.status} and can no longer be cancelled`, { status: record.status });
}

/** Strict base64 of exactly `length` bytes; anything else is `invalid_signature_encoding`. */
function decodeBase64(text: string, length: number, field: string): Uint8Array {
  const bytes = /^[A-Za-z0-9+/]*={0,2}$/.test(text) && text.length % 4 === 0 ? Buffer.from(text, "base64") : undefined;
  if (!bytes || bytes.toString("base64") !== text || bytes.length !== length) {
    throw new ApiError(400, "invalid_signature_encoding", `${field} must be standard base64 of exactly ${length} bytes`, { field });
  }
  return new Uint8Array(bytes);
}
