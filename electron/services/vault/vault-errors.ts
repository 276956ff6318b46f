import { AppError } from "../app-error.js";

export class WalletMissingError extends AppError {
  constructor() {
    super("wallet_missing", "there is no wallet yet: create or import one");
  }
}
export class WalletExistsError extends AppError {
  constructor() {
    super("wallet_exists", "a wallet already exists");
  }
}
export class WalletLockedError extends AppError {
  constructor() {
    super("wallet_locked", "the wallet is locked");
  }
}
/** Wrong password, or a file whose ciphertext, salt or nonce was altered: AEAD cannot tell them apart. */
export class WrongPasswordError extends AppError {
  constructor() {
    super("wrong_password", "the password is wrong (or the wallet file was altered)");
  }
}
export class VaultCorruptError extends AppError {
  constructor(reason: string) {
    super("vault_corrupt", `the wallet file cannot be used: ${reason}`);
  }
}
/** Another password check or key derivation is running and others already wait (kdf-gate.ts). */
export class KdfBusyError extends AppError {
  constructor() {
    super("busy", "another password check is running; try again in a moment");
  }
}
