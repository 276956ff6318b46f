import type { Logger } from "pino";
import type { ChainContext } from "./lib/chain-context.js";
import type { Config } from "./lib/config.js";
import type { RpcProxy } from "./lib/rpc-proxy.js";
import type { TxStore } from "./lib/store.js";
import type { TokenFile } from "./lib/tokens.js";
import type { Transactions } from "./lib/transactions.js";

/** Everything the HTTP layer needs; built by `startService`, or by a test. The app and its routes both import it. */
export interface ServerDeps {
  readonly config: Config;
  readonly chain: ChainContext;
  readonly transactions: Transactions;
  readonly store: TxStore;
  readonly tokens: TokenFile;
  readonly proxy: RpcProxy;
  readonly logger: Logger;
}
