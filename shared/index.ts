/** The IPC contract between main and the renderer: methods, events, envelope and API builder. */
export * from "./contract/index.js";
export * from "./events.js";
export * from "./envelope.js";
export * from "./api.js";
export * from "./primitives.js";
export { chainMethods, HttpMethod, SAFE_ROUTES, SafeRoute } from "./contract/chain.js";
export * as ChainTypes from "./contract/chain-types.js";
export { Network, NetworkInput, NetworkPatch, Denom } from "./contract/network.js";
export { Settings, DEFAULT_SETTINGS } from "./contract/settings.js";
export { Tx, TxStatus, TX_STATUSES, StdSignDoc, TransferArgs, AccessInfo, AccountState } from "./contract/tx.js";
export { WalletAccount, WalletStatus } from "./contract/wallet.js";
