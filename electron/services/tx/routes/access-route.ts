import type { Network } from "../../../../shared/contract/network.js";
import type { Tx } from "../../../../shared/contract/tx.js";
import { readFunds } from "../funds.js";
import { exportCsv } from "../tx-export.js";
import { sentToNodes } from "./nodes-route.js";
import type { RouteDeps, TxRoute } from "./tx-route.js";

/**
 * A network with an access service (docs/access-interface.md): transfers in the seed's form,
 * any other action signed in main and submitted as `{txBytes}`; the service holds, lists,
 * cancels and follows them. The client is asked for at each call: its token may change.
 */
export function accessRoute(deps: RouteDeps, network: Network): TxRoute {
  const client = () => deps.accessFor(network);
  const submitted = (tx: Tx) => {
    deps.watcher.watch(network.id, tx);
    return tx;
  };
  return {
    list: async (a) => {
      // What the chain already announced shows, before the service's own follow has read it.
      const page = await (await client()).list(a);
      return { ...page, transactions: page.transactions.map((t) => deps.watcher.overlay(network.id, t)) };
    },
    get: async (id) => {
      // A send this app signed for the nodes (before the network had its service) is still the nodes'.
      return deps.watcher.overlay(network.id, deps.direct.owns(network.id, id) ? await sentToNodes(deps, network, id) : await (await client()).get(id));
    },
    info: async () => (await client()).info(),
    account: async (address) => (await client()).account(address),
    funds: async (address) => readFunds(deps.funds(network, await client()), address),
    submit: (a) => deps.oneAtATime(a.from, async () => submitted(await deps.sender.send(network, await client(), a))),
    // The sequence is the service's next nonce: it counts what it holds.
    prepare: async (a) => deps.sender.prepare(network, await client(), a),
    // Signed in main as on the nodes route, then held, listed, cancellable and followed by the service.
    sendMessages: (a, signer) => deps.oneAtATime(signer, async () => submitted(await deps.sender.sendMessages(network, await client(), a))),
    prepareFull: async (a) => deps.sender.prepareFull(network, await client(), a),
    sendSigned: (prepared, txBytes, requestId) =>
      deps.oneAtATime(prepared.review.signer, async () => submitted(await deps.sender.sendSigned(network, await client(), prepared, txBytes, requestId))),
    cancel: async (id) => deps.direct.cancel(network, id) ?? (await client()).cancel(id),
    exportCsv: async (a) => exportCsv(await client(), network, a, deps.saveFile),
  };
}
