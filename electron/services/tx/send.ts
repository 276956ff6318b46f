import { randomUUID } from "node:crypto";
import { fromBase64, toBase64 } from "@cosmjs/encoding";
import type { Network } from "../../../shared/contract/network.js";
import type { TxBytesRequest } from "../../../shared/access/bodies.js";
import type { PrepareArgs, PreparedTx, Tx } from "../../../shared/contract/tx.js";
import { txIdOf } from "../../../shared/cosmos/tx-id.js";
import { addressProblem, describeAddressProblem } from "../../../shared/wallet/bech32-check.js";
import type { AccessClient, SubmitBody, TransferBody } from "../access/access-client.js";
import { AccessError, AccessUnreachableError } from "../access/access-errors.js";
import { AppError, NotFoundError } from "../app-error.js";
import { StorageWriteError } from "../storage/atomic-file.js";
import { CannotSignHereError } from "../signers/account-signer.js";
import type { Signers } from "../signers/signers.js";
import type { Outbox, StoredSend } from "./outbox.js";
import type { SendMessagesArgs } from "./direct/direct-sender.js";
import type { Prepared, PrepareDeps } from "./direct/prepare.js";
import { describeSigned, signPrepared } from "./direct/sign-prepared.js";
import { checkFunds, checkSpend, type FundsSource } from "./funds.js";
import { checkSignDoc } from "./sign-doc-check.js";

/** A transfer to send, with the id that makes a repeat of the same review a no-op. */
export type SendRequest = TransferBody & { readonly requestId?: string };

export interface SenderDeps {
  /** The wallet's accounts of every kind (signers/signers.ts). */
  readonly signers: Pick<Signers, "signerFor">;
  readonly outbox: Outbox;
  readonly funds: (network: Network, client: AccessClient) => FundsSource;
  /** Builds what main signs for these messages (direct/prepare.ts), with the account number and sequence given. */
  readonly prepare: (network: Network, args: PrepareArgs, heldAccount: NonNullable<PrepareDeps["heldAccount"]>) => Promise<Prepared>;
}

/** What an access service submission of a stored send carries: the transfer's body, or the signed transaction's bytes. */
function submitBodyOf(send: StoredSend): SubmitBody | TxBytesRequest | undefined {
  if (send.body) return send.body;
  return send.accessTx ? { txBytes: send.accessTx.txBytes } : undefined;
}

/**
 * Signs and submits through a network's access service, via the outbox (see outbox.ts for why):
 * a transfer in the service's seed form (amino), or any registered action signed
 * SIGN_MODE_DIRECT in main and submitted as `{txBytes}`.
 */
export function createSender(deps: SenderDeps) {
  const inFlight = new Map<string, Promise<Tx>>();

  async function submitStored(client: AccessClient, send: StoredSend): Promise<Tx> {
    let tx: Tx;
    const body = submitBodyOf(send);
    if (!body) throw new AppError("not_an_access_send", "this send was signed for the network's nodes, not its access service");
    try {
      // A cut connection is retried inside the client with these very bytes, never signed again.
      tx = await client.submit(body);
    } catch (error) {
      // A refusal is final for these bytes; no answer (timeout) leaves it "signed" for the next try.
      if (error instanceof AccessError && error.status !== 429 && error.status < 500) {
        note(() => deps.outbox.update(send.requestId, { state: "abandoned", problem: error.message }));
      }
      throw error;
    }
    // The service has it: that is the answer, even if the outbox cannot record it (a full disk).
    // The entry then stays "signed", and the next start asks the service by hash and finds it.
    note(() => deps.outbox.update(send.requestId, { state: "submitted" }));
    return tx;
  }

  /** Bookkeeping that must not replace the answer the user is owed; the outbox stays at its safer state. */
  function note(update: () => void): void {
    try {
      update();
    } catch (error) {
      if (!(error instanceof StorageWriteError)) throw error;
    }
  }

  /**
   * A request already signed under this id: never sign it again; ask the service, or submit the
   * same bytes again. Undefined when nothing was signed under it yet.
   */
  async function resumeStored(client: AccessClient, requestId: string): Promise<Tx | undefined> {
    const stored = deps.outbox.byRequest(requestId);
    if (!stored) return undefined;
    if (stored.state === "submitted") return client.get(stored.txHash);
    if (stored.state === "abandoned") throw new AppError("send_abandoned", stored.problem ?? "this send was refused");
    return submitStored(client, stored);
  }

  async function signAndSubmit(network: Network, client: AccessClient, a: SendRequest, requestId: string): Promise<Tx> {
    const again = await resumeStored(client, requestId);
    if (again) return again;
    for (const address of [a.from, a.to]) {
      const problem = addressProblem(address, network.bech32Prefix);
      if (problem) throw new AppError("invalid_address", describeAddressProblem(problem));
    }
    // Main builds the whole request: the nonce from the service, which also counts transfers
    // queued there (nextNonce), the account number, and the fee and gas the user set or else
    // the service's published defaults, so every field of the sign doc can be checked.
    const account = await client.account(a.from);
    const nonce = a.nonce ?? account.nextNonce;
    const defaults = a.fee === undefined || a.gas === undefined ? await client.info() : undefined;
    const fee = a.fee ?? defaults!.defaultFee;
    const gas = a.gas ?? defaults!.defaultGas;
    const transfer = { from: a.from, to: a.to, amount: a.amount, memo: a.memo, fee, gas, timeoutHeight: a.timeoutHeight, nonce };
    const { signDoc } = await client.signDoc(transfer);
    checkSignDoc(signDoc, network, { ...transfer, accountNumber: account.accountNumber });
    // The balance may have moved since the form checked it; a transfer the chain refuses still costs its fee.
    await checkFunds(deps.funds(network, client), network, a.from, signDoc);
    // The seed's transfer is amino JSON: any kind that signs in it (the vault, a Ledger) sends one.
    const signing = deps.signers.signerFor(network, a.from);
    if (!signing.signModes.includes("SIGN_MODE_LEGACY_AMINO_JSON")) throw new CannotSignHereError(a.from, signing.kind, signing.signModes.length > 0 ? "SIGN_MODE_LEGACY_AMINO_JSON" : undefined);
    const { signature: signatureBytes } = await signing.sign({ mode: "SIGN_MODE_LEGACY_AMINO_JSON", signDoc });
    const signature = toBase64(signatureBytes);
    const pubKey = signing.pubKey;
    // Loaded at the first send: CosmJS's signing types (all of @cosmjs/stargate) would slow every start.
    const { aminoTxRaw } = await import("../../../shared/cosmos/amino-tx.js");
    const send: StoredSend = {
      requestId, networkId: network.id, txHash: txIdOf(aminoTxRaw(signDoc, fromBase64(pubKey), fromBase64(signature))), from: a.from, to: a.to, amount: a.amount, nonce,
      state: "signed", createdAt: new Date().toISOString(), body: { ...transfer, signature, publicKey: pubKey },
    };
    deps.outbox.put(send); // on disk before the service hears of it; a full disk stops the send here
    return submitStored(client, send);
  }

  /** The service's view of the signer: its account number, and the next nonce counting what it holds. */
  const heldAccount = (client: AccessClient) => async (address: string) => {
    const account = await client.account(address);
    return { accountNumber: BigInt(account.accountNumber), sequence: BigInt(account.nextNonce) };
  };

  async function signAndSubmitMessages(network: Network, client: AccessClient, args: SendMessagesArgs, requestId: string): Promise<Tx> {
    const again = await resumeStored(client, requestId);
    if (again) return again;
    const prepared = await deps.prepare(network, args, heldAccount(client));
    const { review } = prepared;
    if (args.sequence !== undefined && args.sequence !== review.sequence) {
      throw new AppError("sequence_changed", `the account's next nonce at the access service moved from ${args.sequence} to ${review.sequence} since the review: review it again`);
    }
    // The balance may have moved since the form checked it, and the service may hold other sends of this account.
    await checkSpend(deps.funds(network, client), network, review.signer, prepared.spend, review.fee.amount);
    const signed = await signPrepared(deps.signers, network, prepared, requestId);
    const send: StoredSend = { ...signed.entry, accessTx: signed.signed };
    deps.outbox.put(send); // on disk before the service hears of it; a full disk stops the send here
    return submitStored(client, send);
  }

  /** Bytes signed elsewhere (a file from `simd tx sign`, a multisig's assembled signatures), already checked against `prepared`. */
  async function submitSigned(network: Network, client: AccessClient, prepared: Prepared, txBytes: Uint8Array, requestId: string): Promise<Tx> {
    const again = await resumeStored(client, requestId);
    if (again) return again;
    await checkSpend(deps.funds(network, client), network, prepared.review.signer, prepared.spend, prepared.review.fee.amount);
    const signed = describeSigned(network, prepared, txBytes, requestId);
    const send: StoredSend = { ...signed.entry, accessTx: signed.signed };
    deps.outbox.put(send); // on disk before the service hears of it; a full disk stops the send here
    return submitStored(client, send);
  }

  /** One send per request id, even when called twice at once. */
  function once(requestId: string, job: () => Promise<Tx>): Promise<Tx> {
    const running = inFlight.get(requestId);
    if (running) return running;
    const p = job().finally(() => inFlight.delete(requestId));
    inFlight.set(requestId, p);
    return p;
  }

  return {
    /** One send per request id, even when called twice at once. */
    send(network: Network, client: AccessClient, a: SendRequest): Promise<Tx> {
      const requestId = a.requestId ?? randomUUID();
      return once(requestId, () => signAndSubmit(network, client, a, requestId));
    },
    /** Exactly what main would sign for these messages, with the access service's account number and next nonce. */
    prepare: async (network: Network, client: AccessClient, args: PrepareArgs): Promise<PreparedTx> => (await deps.prepare(network, args, heldAccount(client))).review,
    /** The same, bytes and all, for a signer elsewhere: the account number and nonce are the service's. */
    prepareFull: (network: Network, client: AccessClient, args: PrepareArgs): Promise<Prepared> => deps.prepare(network, args, heldAccount(client)),
    /** Bytes signed elsewhere for `prepared`, submitted to the access service as `{txBytes}`; one send per request id. */
    sendSigned(network: Network, client: AccessClient, prepared: Prepared, txBytes: Uint8Array, requestId: string): Promise<Tx> {
      return once(requestId, () => submitSigned(network, client, prepared, txBytes, requestId));
    },
    /** Signs registered actions SIGN_MODE_DIRECT and submits the bytes to the access service; one send per request id. */
    sendMessages(network: Network, client: AccessClient, args: SendMessagesArgs): Promise<Tx> {
      const requestId = args.requestId ?? randomUUID();
      return once(requestId, () => signAndSubmitMessages(network, client, args, requestId));
    },
    /**
     * At start: every send signed but not confirmed is asked for by hash; one the service never
     * got is submitted again, the same bytes. Returns what it settled, for the watcher.
     */
    async reconcile(clientFor: (networkId: string) => Promise<{ network: Network; client: AccessClient }>): Promise<Array<{ networkId: string; tx: Tx }>> {
      const settled: Array<{ networkId: string; tx: Tx }> = [];
      for (const send of deps.outbox.unconfirmed().filter((s) => submitBodyOf(s))) {
        try {
          const { client } = await clientFor(send.networkId);
          const tx = await client.get(send.txHash).catch((e: unknown) => {
            if (e instanceof AccessError && e.status === 404) return submitStored(client, send);
            throw e;
          });
          note(() => deps.outbox.update(send.requestId, { state: "submitted" }));
          settled.push({ networkId: send.networkId, tx });
        } catch (error) {
          const waitsForUser = error instanceof AppError && (error.code === "no_token" || error.code === "no_access_service");
          if (!(error instanceof AccessUnreachableError || error instanceof AccessError || waitsForUser || error instanceof NotFoundError)) throw error;
          // Unreachable, refused, no token for the network's access URL (a new URL drops it), or
          // a network removed meanwhile: kept (or marked abandoned by submitStored) for a later try.
        }
      }
      return settled;
    },
  };
}
export type Sender = ReturnType<typeof createSender>;
