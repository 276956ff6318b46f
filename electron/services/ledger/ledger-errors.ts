import { ERROR_CODES } from "../../../shared/error-codes.js";
import { AppError } from "../app-error.js";

/**
 * Status words of the Cosmos Ledger app and of the device (ISO 7816 style, the last two bytes of
 * each answer), as `@zondax/ledger-js` names them in its `LedgerError`.
 */
export const STATUS = {
  ok: 0x9000,
  rejected: 0x6986,
  dataInvalid: 0x6984,
  bufferTooSmall: 0x6983,
  /** Older firmware answers this while the device is locked. */
  securityNotSatisfied: 0x6982,
  locked: 0x5515,
  /** The dashboard (or another app) does not know the Cosmos app's class byte. */
  claNotSupported: 0x6e00,
  appNotOpen: 0x6e01,
  /** Recent firmware answers an app's APDU with this while no app is open. */
  noAppOpen: 0x6511,
  insNotSupported: 0x6d00,
} as const;

/** What the operation was, for the words of a refusal. */
export type LedgerOperation = "sign" | "show" | "read";

/** What main saw of the device while the operation ran, beside the error the libraries threw. */
export interface DeviceTrace {
  /** The status word of the last answer the device gave, if it gave one. */
  readonly lastStatus: number | undefined;
  /** The error the USB transport itself threw (unplugged, busy), if any. */
  readonly transportError: unknown;
}

const hex = (sw: number) => `0x${sw.toString(16).padStart(4, "0")}`;

function fieldOf(error: unknown, name: string): unknown {
  return typeof error === "object" && error !== null && name in error ? (error as Record<string, unknown>)[name] : undefined;
}

/** True for the errors `@ledgerhq/errors` throws when the USB link drops (DisconnectedDevice, DisconnectedDeviceDuringOperation). */
export function isDisconnect(error: unknown): boolean {
  const name = fieldOf(error, "name");
  return typeof name === "string" && /^Disconnected/.test(name);
}

/**
 * The worded error for whatever the Ledger libraries threw: `@zondax/ledger-cosmos-js` throws
 * `{returnCode, errorMessage}` for a status word (and `0xffff` for any transport error, so the
 * trace says what the transport saw); `@cosmjs/ledger-amino` throws plain errors when it checks
 * the open app's name, version and mode before each operation.
 */
export function ledgerErrorOf(error: unknown, app: { readonly name: string; readonly minVersion: string }, operation: LedgerOperation, trace: DeviceTrace): AppError {
  if (error instanceof AppError) return error;
  if (isDisconnect(trace.transportError) || isDisconnect(error)) {
    return new AppError(ERROR_CODES.ledgerDisconnected, `The Ledger was disconnected${operation === "sign" ? " before it signed: nothing was signed or sent" : ""}. Plug it in, unlock it, open the ${app.name} app and try again`);
  }
  const returnCode = fieldOf(error, "returnCode");
  const deviceMessage = fieldOf(error, "errorMessage");
  // The device's own status word is the fact; the library's return code can be its own (0xffff, empty answer).
  const status = typeof returnCode === "number" && returnCode !== 0xffff && returnCode !== 0x6982 ? returnCode : (trace.lastStatus ?? (typeof returnCode === "number" ? returnCode : undefined));
  if (status !== undefined && status !== STATUS.ok) return statusError(status, typeof deviceMessage === "string" ? deviceMessage : "", app, operation);

  const message = error instanceof Error ? error.message : "";
  const otherApp = /^Please close (.+) and open the /.exec(message);
  if (/^Please open the /.test(message) || (otherApp && /^(bolos|dashboard)$/i.test(otherApp[1]!))) {
    return new AppError(ERROR_CODES.ledgerAppNotOpen, `The Ledger shows its dashboard: open the ${app.name} app on it`);
  }
  if (otherApp) return new AppError(ERROR_CODES.ledgerWrongApp, `The ${otherApp[1]} app is open on the Ledger: close it and open the ${app.name} app`);
  if (/^Outdated version/.test(message)) return new AppError(ERROR_CODES.ledgerAppTooOld, `The ${app.name} app on the Ledger is too old: update it to ${app.minVersion} or later with Ledger Live`);
  if (/test mode/i.test(message)) return new AppError(ERROR_CODES.ledgerTestMode, `The ${app.name} app on the Ledger runs in test mode: the wallet does not sign with it. Install the release app with Ledger Live`);
  return new AppError(ERROR_CODES.ledgerError, `The Ledger could not ${verb(operation)}: ${message || "no answer"}`);
}

function verb(operation: LedgerOperation): string {
  return operation === "sign" ? "sign" : operation === "show" ? "show the address" : "be read";
}

function statusError(status: number, deviceMessage: string, app: { readonly name: string }, operation: LedgerOperation): AppError {
  switch (status) {
    case STATUS.rejected:
      return new AppError(ERROR_CODES.ledgerRejected, operation === "show" ? "You rejected the address on the Ledger" : "You rejected the transaction on the Ledger: nothing was signed or sent");
    case STATUS.dataInvalid:
      return /too many tokens/i.test(deviceMessage)
        ? new AppError(ERROR_CODES.ledgerTooManyMessages, `The transaction has too many fields for the Ledger to read (status ${hex(status)}, "Too many tokens"): send it in smaller transactions`)
        : new AppError(ERROR_CODES.ledgerError, `The ${app.name} app could not read the transaction (status ${hex(status)}${deviceMessage ? `: ${deviceMessage}` : ""})`);
    case STATUS.bufferTooSmall:
      return new AppError(ERROR_CODES.ledgerTooLarge, `The transaction is too large for the Ledger (status ${hex(status)}, about 8 KB at most): send it in smaller transactions`);
    case STATUS.locked:
    case STATUS.securityNotSatisfied:
      return new AppError(ERROR_CODES.ledgerLocked, `The Ledger is locked: enter its PIN, open the ${app.name} app and try again`);
    case STATUS.claNotSupported:
    case STATUS.appNotOpen:
    case STATUS.noAppOpen:
    case STATUS.insNotSupported:
      return new AppError(ERROR_CODES.ledgerAppNotOpen, `The ${app.name} app is not open on the Ledger: open it and try again`);
    default:
      return new AppError(ERROR_CODES.ledgerError, `The Ledger could not ${verb(operation)} (status ${hex(status)}${deviceMessage ? `: ${deviceMessage}` : ""})`);
  }
}
