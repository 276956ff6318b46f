import type { Network } from "../../../shared/contract/network.js";
import type { AccessInfo, Tx, TxStatus } from "../../../shared/contract/tx.js";
import type { z } from "zod";
import { AppError, NotFoundError } from "../app-error.js";
import type { AccessClient } from "../access/access-client.js";
import type { NamespaceHandlers } from "../dispatcher.js";
import type { NetworkStore } from "../networks/network-store.js";
import type { DirectChain } from "./direct/direct-chain.js";
import { directHistory, mergeByTime } from "./direct/direct-history.js";
import type { DirectSender } from "./direct/direct-sender.js";
import { type FundsSource, readFunds } from "./funds.js";
import type { Outbox } from "./outbox.js";
import type { Sender } from "./send.js";
import type { SaveFile } from "../ports.js";
import { exportCsv, writeCsv } from "./tx-export.js";
import type { TxWatcher } from "./tx-watcher.js";

export interface TxDeps {
  readonly networks: NetworkStore;
  readonly sender: Sender;
  readonly direct: DirectSender;
  /** A network's own nodes, for direct mode (no access service). */
  readonly chainFor: (network: Network) => DirectChain;
  readonly outbox: Outbox;
  readonly watcher: TxWatcher;
  /** The access client of a network; throws when it has no access service or no token. */
  readonly accessFor: (network: Network) => Promise<AccessClient>;
  readonly saveFile?: SaveFile;
  /** Where a network's funds are read (its chain and its access service); the sender checks with the same. */
  readonly funds: (network: Network, client: AccessClient) => FundsSource;
  /** What an address can spend on a network's chain now (bank spendable balances). */
  readonly spendable: (network: Network, address: string) => Promise<Array<{ denom: string; amount: string }>>;
}

const DEFAULT_GAS = 200_000;

/**
 * Registers `tx.*`: transfers through the selected network's access service when it has one;
 * without one (direct mode), everything through its own nodes, signed in main. Any registered
 * action (`tx.prepare`, `tx.sendMessages`) is signed in main SIGN_MODE_DIRECT, and submitted to
 * the access service as `{txBytes}` where there is one, or broadcast to the nodes.
 */
export function registerTxHandlers(deps: TxDeps): NamespaceHandlers<"tx"> {
  // One submission per sender at a time: two quick clicks would otherwise read the same nonce.
  const senders = new Map<string, Promise<unknown>>();
  const oneAtATime = <T>(from: string, job: () => Promise<T>): Promise<T> => {
    const run = (senders.get(from) ?? Promise.resolve()).then(job, job);
    const settled = run.catch(() => undefined);
    senders.set(from, settled);
    void settled.then(() => senders.get(from) === settled && senders.delete(from));
    return run;
  };
  const access = async () => {
    const network = deps.networks.selected();
    return { network, client: await deps.accessFor(network) };
  };
  const selected = () => deps.networks.selected();
  const direct = (network: Network) => !network.accessUrl;
  const sendDirect = (network: Network, args: Parameters<DirectSender["send"]>[1], from: string) =>
    oneAtATime(from, async () => {
      const tx = await deps.direct.send(network, args);
      deps.watcher.watch(network.id, tx);
      return tx;
    });
  const directInfo = (network: Network): z.output<typeof AccessInfo> => {
    const price = network.gasPrices;
    const fee = price ? `${Math.ceil(Number(price.average) * DEFAULT_GAS)}${price.denom}` : `0${network.defaultDenom}`;
    return {
      chainId: network.chainId, bech32Prefix: network.bech32Prefix, defaultDenom: network.defaultDenom, denoms: network.denoms,
      defaultFee: fee, defaultGas: String(DEFAULT_GAS), holdWindowMs: deps.direct.holdMs(), maxListLimit: 100, defaultListLimit: 10,
    };
  };
  /**
   * Without an access service: what the nodes' index holds for `address`, with this app's own
   * sends that no block has included yet (held, broadcast, cancelled or refused) while their
   * timeout height is ahead, which the index cannot hold; newest first, by block time or by when
   * main signed them.
   */
  const directList = async (network: Network, address: string | undefined, limit: number, status: TxStatus | undefined): Promise<Tx[]> => {
    if (!address) throw new AppError("address_required", "without an access service the history is read per address: pick an account");
    const chain = deps.chainFor(network);
    const [history, open] = await Promise.all([directHistory(chain, address, limit), deps.direct.openSends(network, address, () => chain.latestHeight())]);
    const indexed = new Set(history.map((t) => t.txHash));
    const own = open.filter((t) => !indexed.has(t.txHash)).map((t) => deps.watcher.overlay(network.id, t));
    const rows = mergeByTime(own, history);
    return (status ? rows.filter((t) => t.status === status) : rows).slice(0, limit);
  };
  const directGet = async (network: Network, id: string): Promise<Tx> =>
    (await deps.direct.get(network, id)) ?? (() => { throw new NotFoundError(`no transaction ${id} on ${network.name}`); })();

  return {
    list: async (a) => {
      const network = selected();
      if (!direct(network)) {
        // What the chain already announced shows, before the service's own follow has read it.
        const page = await (await access()).client.list(a);
        return { ...page, transactions: page.transactions.map((t) => deps.watcher.overlay(network.id, t)) };
      }
      return { transactions: await directList(network, a.address, a.limit ?? 10, a.status) };
    },
    get: async (a) => {
      const network = selected();
      const id = a.id.toUpperCase();
      // A message other than a transfer went to the nodes even where there is an access service.
      return deps.watcher.overlay(network.id, direct(network) || deps.direct.owns(network.id, id) ? await directGet(network, id) : await (await access()).client.get(id));
    },
    info: async () => {
      const network = selected();
      return direct(network) ? directInfo(network) : (await access()).client.info();
    },
    account: async (a) => {
      const network = selected();
      if (!direct(network)) return (await access()).client.account(a.address);
      const account = await deps.chainFor(network).account(a.address);
      const next = deps.direct.nextSequence(network, a.address, account.sequence).toString();
      return { address: a.address, accountNumber: account.accountNumber.toString(), sequence: account.sequence.toString(), nextNonce: next };
    },
    funds: async (a) => {
      const network = selected();
      if (direct(network)) return readFunds({ spendable: (address) => deps.spendable(network, address), pending: (address) => deps.direct.pending(network, address) }, a.address);
      const { client } = await access();
      return readFunds(deps.funds(network, client), a.address);
    },
    signDoc: async (a) => (await access()).client.signDoc(a),
    submit: (a) => {
      const network = selected();
      if (direct(network)) {
        // A transfer without an access service is one MsgSend, signed and broadcast by main.
        const match = /^(\d+)(.*)$/.exec(a.amount)!;
        return sendDirect(network, {
          messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: a.from, toAddress: a.to, amount: [{ amount: match[1]!, denom: match[2] || network.defaultDenom }] } }],
          memo: a.memo, fee: a.fee, gas: a.gas, timeoutHeight: a.timeoutHeight, requestId: a.requestId, sequence: a.nonce,
        }, a.from);
      }
      return oneAtATime(a.from, async () => {
        const { client } = await access();
        const tx = await deps.sender.send(network, client, a);
        deps.watcher.watch(network.id, tx);
        return tx;
      });
    },
    prepare: async (a) => {
      const network = selected();
      // With an access service, the sequence is the service's next nonce: it counts what it holds.
      return direct(network) ? deps.direct.prepare(network, a) : deps.sender.prepare(network, (await access()).client, a);
    },
    sendMessages: async (a) => {
      const network = selected();
      const signer = deps.direct.signerOf(network, a);
      if (direct(network)) return sendDirect(network, a, signer);
      // Signed in main as in direct mode, then held, listed, cancellable and followed by the service.
      return oneAtATime(signer, async () => {
        const { client } = await access();
        const tx = await deps.sender.sendMessages(network, client, a);
        deps.watcher.watch(network.id, tx);
        return tx;
      });
    },
    cancel: async (a) => {
      if (!/^[0-9A-F]{64}$/i.test(a.id)) throw new AppError("invalid_args", "not a transaction id");
      const network = selected();
      const id = a.id.toUpperCase();
      // Signed in main and held there before its broadcast: a network with no access service.
      const held = deps.direct.cancel(network, id);
      if (held) return held;
      if (direct(network)) throw new NotFoundError(`no transaction ${id} sent from this app on ${network.name}`);
      const { client } = await access();
      return client.cancel(id);
    },
    repriceRequest: (a) => {
      // Only a send main signed and broadcast itself has its refusal and signed bytes here.
      return deps.direct.repriceRequest(selected(), a.id.toUpperCase());
    },
    exportCsv: async (a) => {
      const network = selected();
      if (direct(network)) {
        return writeCsv(await directList(network, a.address, Math.min(a.rows, 100), a.status), network, deps.saveFile);
      }
      const { client } = await access();
      return exportCsv(client, network, a, deps.saveFile);
    },
    outbox: () => ({ entries: deps.outbox.list().map(({ body: _body, direct: _direct, accessTx: _accessTx, ...entry }) => entry) }),
  };
}
