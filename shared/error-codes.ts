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
} as const;
export type AppErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
