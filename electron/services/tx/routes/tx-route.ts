import type { ArgsOf, ResultOf } from "../../../../shared/contract/index.js";
import type { Network } from "../../../../shared/contract/network.js";
import type { Tx } from "../../../../shared/contract/tx.js";
import type { AccessClient } from "../../access/access-client.js";
import type { SaveFile } from "../../ports.js";
import type { DirectChain } from "../direct/direct-chain.js";
import type { Prepared } from "../direct/prepare.js";
import type { DirectSender } from "../direct/direct-sender.js";
import type { FundsSource } from "../funds.js";
import type { Sender } from "../send.js";
import type { TxWatcher } from "../tx-watcher.js";

/**
 * How one network's transactions go (docs/architecture.md, "Signers and routes"): through its
 * access service, or straight to its nodes. Chosen once where the network is known
 * (`routeFor`); `tx.*` then follows it without asking which it is. A third way (another relay,
 * an offline file) is a third implementation of this.
 */
export interface TxRoute {
  list(a: ArgsOf<"tx.list">): Promise<ResultOf<"tx.list">>;
  /** `id` is upper-case hex. */
  get(id: string): Promise<Tx>;
  info(): Promise<ResultOf<"tx.info">>;
  account(address: string): Promise<ResultOf<"tx.account">>;
  funds(address: string): Promise<ResultOf<"tx.funds">>;
  /** A transfer in the seed's form. */
  submit(a: ArgsOf<"tx.submit">): Promise<Tx>;
  prepare(a: ArgsOf<"tx.prepare">): Promise<ResultOf<"tx.prepare">>;
  /** `signer` is the one account the messages name (the caller found it for the one-at-a-time queue). */
  sendMessages(a: ArgsOf<"tx.sendMessages">, signer: string): Promise<Tx>;
  /** What `prepare` reviews, bytes and all, for a signer elsewhere (offline/): the account number and sequence this route counts. */
  prepareFull(a: ArgsOf<"tx.prepare">): Promise<Prepared>;
  /** Bytes signed elsewhere, already checked against `prepared`, sent this route's way under `requestId` and followed. */
  sendSigned(prepared: Prepared, txBytes: Uint8Array, requestId: string): Promise<Tx>;
  /** `id` is upper-case hex. */
  cancel(id: string): Promise<Tx>;
  exportCsv(a: ArgsOf<"tx.exportCsv">): Promise<ResultOf<"tx.exportCsv">>;
}

export interface RouteDeps {
  readonly sender: Sender;
  readonly direct: DirectSender;
  /** A network's own nodes, for the nodes route. */
  readonly chainFor: (network: Network) => DirectChain;
  readonly watcher: TxWatcher;
  /** The access client of a network; throws when it has no access service or no token. */
  readonly accessFor: (network: Network) => Promise<AccessClient>;
  readonly saveFile?: SaveFile;
  readonly funds: (network: Network, client: AccessClient) => FundsSource;
  readonly spendable: (network: Network, address: string) => Promise<Array<{ denom: string; amount: string }>>;
  /** Runs one submission per sender at a time: two quick clicks would otherwise read the same nonce. */
  readonly oneAtATime: <T>(from: string, job: () => Promise<T>) => Promise<T>;
}
