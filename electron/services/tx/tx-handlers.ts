import type { Network } from "../../../shared/contract/network.js";
import { AppError } from "../app-error.js";
import type { AccessClient } from "../access/access-client.js";
import type { NamespaceHandlers } from "../dispatcher.js";
import type { NetworkStore } from "../networks/network-store.js";
import type { DirectSender } from "./direct/direct-sender.js";
import type { Outbox } from "./outbox.js";
import type { TxRoute } from "./routes/tx-route.js";

export interface TxDeps {
  readonly networks: NetworkStore;
  /** A network's route, chosen once (routes/route-for.ts `createRoutes`), shared with `offline.*`. */
  readonly routeFor: (network: Network) => TxRoute;
  readonly direct: DirectSender;
  readonly outbox: Outbox;
  /** The access client of a network; throws when it has no access service or no token. */
  readonly accessFor: (network: Network) => Promise<AccessClient>;
}

/**
 * Registers `tx.*` as a thin dispatch: each call takes the selected network's route, chosen once
 * there (routes/route-for.ts: its access service when it has one, else its own nodes), and
 * follows it. Any registered action (`tx.prepare`, `tx.sendMessages`) is signed in main by the
 * account's kind and submitted to the access service as `{txBytes}`, or broadcast to the nodes.
 */
export function registerTxHandlers(deps: TxDeps): NamespaceHandlers<"tx"> {
  const selected = () => deps.networks.selected();
  const route = () => deps.routeFor(selected());

  return {
    list: (a) => route().list(a),
    get: (a) => route().get(a.id.toUpperCase()),
    info: () => route().info(),
    account: (a) => route().account(a.address),
    funds: (a) => route().funds(a.address),
    // The seed's transfer sign doc is the access service's own answer.
    signDoc: async (a) => (await deps.accessFor(selected())).signDoc(a),
    submit: (a) => route().submit(a),
    prepare: (a) => route().prepare(a),
    sendMessages: (a) => {
      const network = selected();
      return deps.routeFor(network).sendMessages(a, deps.direct.signerOf(network, a));
    },
    cancel: (a) => {
      if (!/^[0-9A-F]{64}$/i.test(a.id)) throw new AppError("invalid_args", "not a transaction id");
      return route().cancel(a.id.toUpperCase());
    },
    // Only a send main signed and broadcast itself has its refusal and signed bytes here.
    repriceRequest: (a) => deps.direct.repriceRequest(selected(), a.id.toUpperCase()),
    exportCsv: (a) => route().exportCsv(a),
    outbox: () => ({ entries: deps.outbox.list().map(({ body: _body, direct: _direct, accessTx: _accessTx, ...entry }) => entry) }),
  };
}
