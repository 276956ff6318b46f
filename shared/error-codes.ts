/*
 * Plain code, no zod, apart from the envelope's schemas (./envelope.ts): a page that tells one
 * refusal from another (the import form's bad phrase) loads no zod inside Electron.
 */

/**
 * Error codes the app itself produces. Services may add others (the access service's codes pass
 * through as `access_<code>`), so renderers treat unknown codes as a generic failure.
 */
export const ERROR_CODES = {
  invalidArgs: "invalid_args",
  unknownMethod: "unknown_method",
  forbiddenSender: "forbidden_sender",
  invalidResult: "invalid_result",
  internal: "internal",
  notFound: "not_found",
  conflict: "conflict",
  rpcError: "rpc_error",
  rpcUnreachable: "rpc_unreachable",
  rpcTimeout: "rpc_timeout",
  rpcTooLarge: "rpc_too_large",
  rpcBadResponse: "rpc_bad_response",
  /** A read at a height the node has not reached yet; the message names its newest block. */
  rpcHeightAhead: "rpc_height_ahead",
  /** A read at a height the node no longer keeps (pruned); the message names its oldest block. */
  rpcHeightPruned: "rpc_height_pruned",
  /** No node of the network holds an index or a height the read needs; the message names each node asked and its answer. */
  rpcNotHeld: "rpc_not_held",
  /** Every node of the network refuses for load or rests after doing so; the message says when to try again. */
  rpcRateLimited: "rpc_rate_limited",
  /** The node has no such route (a generation without it, or a node that leaves it out): said in words, not as a fault. */
  rpcRouteMissing: "rpc_route_missing",
  accessUnreachable: "access_unreachable",
  noAccessService: "no_access_service",
  noToken: "no_token",
  walletMissing: "wallet_missing",
  walletExists: "wallet_exists",
  walletLocked: "wallet_locked",
  wrongPassword: "wrong_password",
  /** A recovery phrase that is not BIP39: its message says which word, or the checksum, to look at. */
  invalidMnemonic: "invalid_mnemonic",
  weakPassword: "weak_password",
  vaultCorrupt: "vault_corrupt",
  tokenStorageUnavailable: "token_storage_unavailable",
  storageCorrupt: "storage_corrupt",
  /** No Ledger is plugged in (or another program holds it). */
  ledgerNotFound: "ledger_not_found",
  /** This build or machine cannot reach USB devices (the HID module did not load). */
  ledgerUnavailable: "ledger_unavailable",
  /** The Ledger is locked: enter its PIN. */
  ledgerLocked: "ledger_locked",
  /** The Ledger shows its dashboard: open the network's app. */
  ledgerAppNotOpen: "ledger_app_not_open",
  /** Another app is open on the Ledger; the message names it and the one to open. */
  ledgerWrongApp: "ledger_wrong_app",
  /** The Ledger app is older than the version that signs amino JSON as the wallet sends it. */
  ledgerAppTooOld: "ledger_app_too_old",
  /** The Ledger app runs in test mode, which the wallet does not sign with. */
  ledgerTestMode: "ledger_test_mode",
  /** The Ledger was unplugged (or its USB link dropped) during an operation. */
  ledgerDisconnected: "ledger_disconnected",
  /** The user chose Reject on the Ledger (status 0x6986). */
  ledgerRejected: "ledger_rejected",
  /** The sign doc has more JSON tokens than the Ledger app parses (status 0x6984, "Too many tokens"). */
  ledgerTooManyMessages: "ledger_too_many_messages",
  /** The sign doc is larger than the Ledger app's buffer (status 0x6983, about 8 KB). */
  ledgerTooLarge: "ledger_too_large",
  /** The Ledger answered with another key than the account was added with (another device or seed). */
  ledgerWrongKey: "ledger_wrong_key",
  /** Any other answer of the Ledger; the message carries its status word. */
  ledgerError: "ledger_error",
} as const;
export type AppErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
