/** The IPC contract between main and the renderer: methods, events, envelope and API builder. */
export * from "./contract/index.js";
export * from "./events.js";
export * from "./envelope.js";
export * from "./api.js";
export * from "./primitives.js";
export { chainMethods, HttpMethod, SafeRoute } from "./contract/chain.js";
export { SAFE_ROUTES } from "./contract/safe-routes.js";
export * as ChainTypes from "./contract/chain-types.js";
export { Network, NetworkInput, NetworkPatch, Denom } from "./contract/network.js";
export { Settings, DEFAULT_SETTINGS } from "./contract/settings.js";
export { Tx, TxStatus, StdSignDoc, TransferArgs, AccessInfo, AccountState } from "./contract/tx.js";
export { TX_STATUSES } from "./contract/tx-constants.js";
export { WalletAccount, WalletStatus } from "./contract/wallet.js";
