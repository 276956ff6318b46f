import type { Network } from "../../../shared/contract/network.js";
import { AppError } from "../app-error.js";
import type { AccessClient } from "../access/access-client.js";
import type { NamespaceHandlers } from "../dispatcher.js";
import type { NetworkStore } from "../networks/network-store.js";
import type { DirectChain } from "./direct/direct-chain.js";
import type { DirectSender } from "./direct/direct-sender.js";
import type { FundsSource } from "./funds.js";
import type { Outbox } from "./outbox.js";
import type { Sender } from "./send.js";
import type { SaveFile } from "../ports.js";
import { routeFor } from "./routes/route-for.js";
import type { RouteDeps } from "./routes/tx-route.js";
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

/**
 * Registers `tx.*` as a thin dispatch: each call takes the selected network's route, chosen once
 * there (routes/route-for.ts: its access service when it has one, else its own nodes), and
 * follows it. Any registered action (`tx.prepare`, `tx.sendMessages`) is signed in main by the
 * account's kind and submitted to the access service as `{txBytes}`, or broadcast to the nodes.
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
  const routeDeps: RouteDeps = { ...deps, oneAtATime };
  const selected = () => deps.networks.selected();
  const route = () => routeFor(routeDeps, selected());

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
      return routeFor(routeDeps, network).sendMessages(a, deps.direct.signerOf(network, a));
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
