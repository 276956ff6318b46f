import { randomUUID } from "node:crypto";
import type { Network } from "../../../shared/contract/network.js";
import type { Tx } from "../../../shared/contract/tx.js";
import { addressProblem, describeAddressProblem } from "../../../shared/wallet/bech32-check.js";
import type { AccessClient, TransferBody } from "../access/access-client.js";
import { AccessError, AccessUnreachableError } from "../access/access-errors.js";
import { AppError } from "../app-error.js";
import { StorageWriteError } from "../storage/atomic-file.js";
import type { Vault } from "../vault/vault.js";
import type { Outbox, StoredSend } from "./outbox.js";
import { checkSignDoc } from "./sign-doc-check.js";
import { txHashOf } from "./tx-hash.js";

/** A transfer to send, with the id that makes a repeat of the same review a no-op. */
export type SendRequest = TransferBody & { readonly requestId?: string };

/** Signs and submits one transfer through the outbox; see outbox.ts for why. */
export function createSender(deps: { readonly vault: Vault; readonly outbox: Outbox }) {
  const inFlight = new Map<string, Promise<Tx>>();

  async function submitStored(client: AccessClient, send: StoredSend): Promise<Tx> {
    let tx: Tx;
    try {
      // A cut connection is retried inside the client with these very bytes, never signed again.
      tx = await client.submit(send.body);
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

  async function signAndSubmit(network: Network, client: AccessClient, a: SendRequest, requestId: string): Promise<Tx> {
    const stored = deps.outbox.byRequest(requestId);
    if (stored) {
      // Already signed under this id: never sign again; ask the service, then resend the same bytes.
      if (stored.state === "submitted") return client.get(stored.txHash);
      if (stored.state === "abandoned") throw new AppError("send_abandoned", stored.problem ?? "this send was refused");
      return submitStored(client, stored);
    }
    for (const address of [a.from, a.to]) {
      const problem = addressProblem(address, network.bech32Prefix);
      if (problem) throw new AppError("invalid_address", describeAddressProblem(problem));
    }
    // The nonce comes from the service, which also counts transfers queued there (nextNonce).
    const nonce = a.nonce ?? (await client.account(a.from)).nextNonce;
    const transfer = { from: a.from, to: a.to, amount: a.amount, memo: a.memo, fee: a.fee, gas: a.gas, timeoutHeight: a.timeoutHeight, nonce };
    const { signDoc } = await client.signDoc(transfer);
    checkSignDoc(signDoc, network, transfer);
    const { signature, pubKey } = await deps.vault.signAmino(a.from, signDoc);
    const send: StoredSend = {
      requestId, networkId: network.id, txHash: txHashOf(signDoc, pubKey, signature), from: a.from, to: a.to, amount: a.amount, nonce,
      state: "signed", createdAt: new Date().toISOString(), body: { ...transfer, signature, publicKey: pubKey },
    };
    deps.outbox.put(send); // on disk before the service hears of it; a full disk stops the send here
    return submitStored(client, send);
  }

  return {
    /** One send per request id, even when called twice at once. */
    send(network: Network, client: AccessClient, a: SendRequest): Promise<Tx> {
      const requestId = a.requestId ?? randomUUID();
      const running = inFlight.get(requestId);
      if (running) return running;
      const p = signAndSubmit(network, client, a, requestId).finally(() => inFlight.delete(requestId));
      inFlight.set(requestId, p);
      return p;
    },
    /**
     * At start: every send signed but not confirmed is asked for by hash; one the service never
     * got is submitted again, the same bytes. Returns what it settled, for the watcher.
     */
    async reconcile(clientFor: (networkId: string) => Promise<{ network: Network; client: AccessClient }>): Promise<Array<{ networkId: string; tx: Tx }>> {
      const settled: Array<{ networkId: string; tx: Tx }> = [];
      for (const send of deps.outbox.unconfirmed()) {
        try {
          const { client } = await clientFor(send.networkId);
          const tx = await client.get(send.txHash).catch((e: unknown) => {
            if (e instanceof AccessError && e.status === 404) return submitStored(client, send);
            throw e;
          });
          note(() => deps.outbox.update(send.requestId, { state: "submitted" }));
          settled.push({ networkId: send.networkId, tx });
        } catch (error) {
          if (!(error instanceof AccessUnreachableError || error instanceof AccessError)) throw error;
          // Unreachable or refused: kept (or marked abandoned by submitStored) for the next start.
        }
      }
      return settled;
    },
  };
}
export type Sender = ReturnType<typeof createSender>;
