import type { Network } from "../../../shared/contract/network.js";
import { AppError } from "../app-error.js";
import type { AccessClient } from "../access/access-client.js";
import type { NamespaceHandlers } from "../dispatcher.js";
import type { NetworkStore } from "../networks/network-store.js";
import { type FundsSource, readFunds } from "./funds.js";
import type { Outbox } from "./outbox.js";
import type { Sender } from "./send.js";
import type { SaveFile } from "../ports.js";
import { exportCsv } from "./tx-export.js";
import type { TxWatcher } from "./tx-watcher.js";

export interface TxDeps {
  readonly networks: NetworkStore;
  readonly sender: Sender;
  readonly outbox: Outbox;
  readonly watcher: TxWatcher;
  /** The access client of a network; throws when it has no access service or no token. */
  readonly accessFor: (network: Network) => Promise<AccessClient>;
  readonly saveFile?: SaveFile;
  /** Where a network's funds are read (its chain and its access service); the sender checks with the same. */
  readonly funds: (network: Network, client: AccessClient) => FundsSource;
}

/** Registers `tx.*`: transfers through the selected network's access service, signed in main. */
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
  return {
    list: async (a) => (await access()).client.list(a),
    get: async (a) => (await access()).client.get(a.id.toUpperCase()),
    info: async () => (await access()).client.info(),
    account: async (a) => (await access()).client.account(a.address),
    funds: async (a) => {
      const { network, client } = await access();
      return readFunds(deps.funds(network, client), a.address);
    },
    signDoc: async (a) => (await access()).client.signDoc(a),
    submit: (a) => oneAtATime(a.from, async () => {
      const { network, client } = await access();
      const tx = await deps.sender.send(network, client, a);
      deps.watcher.watch(network.id, tx);
      return tx;
    }),
    cancel: async (a) => {
      const { client } = await access();
      if (!/^[0-9A-F]{64}$/i.test(a.id)) throw new AppError("invalid_args", "not a transaction id");
      return client.cancel(a.id.toUpperCase());
    },
    exportCsv: async (a) => {
      const { network, client } = await access();
      return exportCsv(client, network, a, deps.saveFile);
    },
    outbox: () => ({ entries: deps.outbox.list().map(({ body: _body, ...entry }) => entry) }),
  };
}
