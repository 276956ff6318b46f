import { randomUUID } from "node:crypto";
import { fromBase64 } from "@cosmjs/encoding";
import type { Network } from "../../../shared/contract/network.js";
import type { Tx } from "../../../shared/contract/tx.js";
import { txIdOf } from "../../../shared/cosmos/tx-id.js";
import { addressProblem, describeAddressProblem } from "../../../shared/wallet/bech32-check.js";
import type { AccessClient, TransferBody } from "../access/access-client.js";
import { AccessError, AccessUnreachableError } from "../access/access-errors.js";
import { AppError } from "../app-error.js";
import { StorageWriteError } from "../storage/atomic-file.js";
import type { Vault } from "../vault/vault.js";
import type { Outbox, StoredSend } from "./outbox.js";
import { checkFunds, type FundsSource } from "./funds.js";
import { checkSignDoc } from "./sign-doc-check.js";

/** A transfer to send, with the id that makes a repeat of the same review a no-op. */
export type SendRequest = TransferBody & { readonly requestId?: string };

/** Signs and submits one transfer through the outbox; see outbox.ts for why. */
export function createSender(deps: { readonly vault: Vault; readonly outbox: Outbox; readonly funds: (network: Network, client: AccessClient) => FundsSource }) {
  const inFlight = new Map<string, Promise<Tx>>();

  async function submitStored(client: AccessClient, send: StoredSend): Promise<Tx> {
    let tx: Tx;
    if (!send.body) throw new AppError("not_an_access_send", "this send was signed for the network's nodes, not its access service");
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
    const { signature, pubKey } = await deps.vault.signAmino(a.from, signDoc);
    // Loaded at the first send: CosmJS's signing types (all of @cosmjs/stargate) would slow every start.
    const { aminoTxRaw } = await import("../../../shared/cosmos/amino-tx.js");
    const send: StoredSend = {
      requestId, networkId: network.id, txHash: txIdOf(aminoTxRaw(signDoc, fromBase64(pubKey), fromBase64(signature))), from: a.from, to: a.to, amount: a.amount, nonce,
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
      for (const send of deps.outbox.unconfirmed().filter((s) => s.body)) {
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
          if (!(error instanceof AccessUnreachableError || error instanceof AccessError || waitsForUser)) throw error;
          // Unreachable, refused, or no token for the network's access URL (a new URL drops
          // it): kept (or marked abandoned by submitStored) for a later try.
        }
      }
      return settled;
    },
  };
}
export type Sender = ReturnType<typeof createSender>;
