import type { Network } from "../../../../shared/contract/network.js";
import type { Tx, TxStatus } from "../../../../shared/contract/tx.js";
import { AppError, NotFoundError } from "../../app-error.js";
import { directHistory, mergeByTime } from "../direct/direct-history.js";
import type { SendMessagesArgs } from "../direct/direct-sender.js";
import { readFunds } from "../funds.js";
import { writeCsv } from "../tx-export.js";
import type { RouteDeps, TxRoute } from "./tx-route.js";

const DEFAULT_GAS = 200_000;

/**
 * A network without an access service: everything through its own nodes, signed in main and
 * held for the undo window before its broadcast (direct/direct-sender.ts).
 */
export function nodesRoute(deps: RouteDeps, network: Network): TxRoute {
  const send = (args: SendMessagesArgs, from: string) =>
    deps.oneAtATime(from, async () => {
      const tx = await deps.direct.send(network, args);
      deps.watcher.watch(network.id, tx);
      return tx;
    });
  /**
   * What the nodes' index holds for `address`, with this app's own sends that no block has
   * included yet (held, broadcast, cancelled or refused) while their timeout height is ahead,
   * which the index cannot hold; newest first, by block time or by when main signed them.
   */
  const list = async (address: string | undefined, limit: number, status: TxStatus | undefined): Promise<Tx[]> => {
    if (!address) throw new AppError("address_required", "without an access service the history is read per address: pick an account");
    const chain = deps.chainFor(network);
    const [history, open] = await Promise.all([directHistory(chain, address, limit), deps.direct.openSends(network, address, () => chain.latestHeight())]);
    const indexed = new Set(history.map((t) => t.txHash));
    const own = open.filter((t) => !indexed.has(t.txHash)).map((t) => deps.watcher.overlay(network.id, t));
    const rows = mergeByTime(own, history);
    return (status ? rows.filter((t) => t.status === status) : rows).slice(0, limit);
  };
  return {
    list: async (a) => ({ transactions: await list(a.address, a.limit ?? 10, a.status) }),
    get: async (id) => deps.watcher.overlay(network.id, await sentToNodes(deps, network, id)),
    info: async () => {
      const price = network.gasPrices;
      const fee = price ? `${Math.ceil(Number(price.average) * DEFAULT_GAS)}${price.denom}` : `0${network.defaultDenom}`;
      return {
        chainId: network.chainId, bech32Prefix: network.bech32Prefix, defaultDenom: network.defaultDenom, denoms: network.denoms,
        defaultFee: fee, defaultGas: String(DEFAULT_GAS), holdWindowMs: deps.direct.holdMs(), maxListLimit: 100, defaultListLimit: 10,
      };
    },
    account: async (address) => {
      const account = await deps.chainFor(network).account(address);
      const next = deps.direct.nextSequence(network, address, account.sequence).toString();
      return { address, accountNumber: account.accountNumber.toString(), sequence: account.sequence.toString(), nextNonce: next };
    },
    funds: (address) => readFunds({ spendable: (a) => deps.spendable(network, a), pending: (a) => deps.direct.pending(network, a) }, address),
    submit: (a) => {
      // A transfer without an access service is one MsgSend, signed and broadcast by main.
      const match = /^(\d+)(.*)$/.exec(a.amount)!;
      return send({
        messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: a.from, toAddress: a.to, amount: [{ amount: match[1]!, denom: match[2] || network.defaultDenom }] } }],
        memo: a.memo, fee: a.fee, gas: a.gas, timeoutHeight: a.timeoutHeight, requestId: a.requestId, sequence: a.nonce,
      }, a.from);
    },
    prepare: (a) => deps.direct.prepare(network, a),
    sendMessages: (a, signer) => send(a, signer),
    prepareFull: (a) => deps.direct.prepareFull(network, a),
    sendSigned: (prepared, txBytes, requestId) =>
      deps.oneAtATime(prepared.review.signer, async () => {
        const tx = await deps.direct.sendSigned(network, prepared, txBytes, requestId);
        deps.watcher.watch(network.id, tx);
        return tx;
      }),
    cancel: async (id) => {
      // Signed in main and held there before its broadcast.
      const held = deps.direct.cancel(network, id);
      if (held) return held;
      throw new NotFoundError(`no transaction ${id} sent from this app on ${network.name}`);
    },
    exportCsv: async (a) => writeCsv(await list(a.address, Math.min(a.rows, 100), a.status), network, deps.saveFile),
  };
}

/** A transaction on a network's nodes, as this app's outbox and the chain know it. */
export async function sentToNodes(deps: Pick<RouteDeps, "direct">, network: Network, id: string): Promise<Tx> {
  const tx = await deps.direct.get(network, id);
  if (!tx) throw new NotFoundError(`no transaction ${id} on ${network.name}`);
  return tx;
}
