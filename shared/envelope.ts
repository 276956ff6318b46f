import { z } from "zod";

/** What a failed call tells the renderer: a stable snake_case code and a human message. */
export const ErrorInfoSchema = z.object({
  code: z.string().min(1).max(64),
  message: z.string().max(4096),
  /** The access service's HTTP status, when it answered with an error: the UI words it by this. */
  status: z.number().int().min(100).max(599).optional(),
  /** Seconds the service asked to wait (`Retry-After`) before trying again. */
  retryAfterSeconds: z.number().int().min(0).max(86_400).optional(),
});
export type ErrorInfo = z.infer<typeof ErrorInfoSchema>;

/** The result of every IPC call: data, never a thrown error (docs/architecture.md, "The contract"). */
export type Envelope<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ErrorInfo };

/** The envelope's outer shape, with the value left for the method's own result schema. */
export const EnvelopeSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: ErrorInfoSchema }),
]);

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

export const ok = <T>(value: T): Envelope<T> => ({ ok: true, value });
export const fail = (code: string, message: string): Envelope<never> => ({ ok: false, error: { code, message } });
