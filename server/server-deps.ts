import type { Logger } from "pino";
import type { ChainContext } from "./lib/chain-context.js";
import type { Config } from "./lib/config.js";
import type { HealthReport } from "./lib/health.js";
import type { RateLimit } from "./lib/rate-limit.js";
import type { RpcProxy } from "./lib/rpc-proxy.js";
import type { TokenStore } from "./lib/token-store.js";
import type { Transactions } from "./lib/transactions.js";
import type { TxStore } from "./lib/tx-store.js";

/** Everything the HTTP layer needs; built by `startService`, or by a test. The app and its routes both import it. */
export interface ServerDeps {
  readonly config: Config;
  readonly chain: ChainContext;
  readonly transactions: Transactions;
  readonly store: TxStore;
  readonly tokens: TokenStore;
  readonly proxy: RpcProxy;
  readonly logger: Logger;
  /** Per-token and failed-auth limits; in this process's memory unless a shared one is given. */
  readonly limiter?: RateLimit;
  /** What `/health` reports; without it, liveness only. */
  readonly health?: () => Promise<HealthReport>;
}
