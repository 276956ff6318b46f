import { ApiError } from "./errors.js";

/** A coin amount and its denom; amounts stay bigint so nothing rounds. */
export interface Coin {
  readonly amount: bigint;
  readonly denom: string;
}

// Cosmos SDK's own denom rule (sdk.Coin): a letter, then 2 to 127 of [a-zA-Z0-9/:._-].
const COIN = /^(\d{1,80})([a-zA-Z][a-zA-Z0-9/:._-]{2,127})?$/;
/** sdk.Int is 256 bits; anything larger would be refused by the chain anyway. */
const MAX_AMOUNT = (1n << 256n) - 1n;

/**
 * Parses `"1000ucomet"`, `"1000"` or a safe integer 1000 (default denom) into a coin.
 * `allowZero` is for fees; transfers need a positive amount.
 */
export function parseCoin(input: string | number, defaultDenom: string, field: string, allowZero = false): Coin {
  const text = typeof input === "number" ? numberText(input, field) : input.trim();
  const match = COIN.exec(text);
  if (!match) {
    throw new ApiError(400, "invalid_amount", `${field} must be a whole number of base units with an optional denom, like "1000${defaultDenom}"`, { field, value: text });
  }
  const amount = BigInt(match[1]!);
  if (amount > MAX_AMOUNT) throw new ApiError(400, "invalid_amount", `${field} is larger than a 256-bit integer`, { field });
  if (amount === 0n && !allowZero) throw new ApiError(400, "invalid_amount", `${field} must be greater than zero`, { field });
  return { amount, denom: match[2] ?? defaultDenom };
}

/** The canonical coin string, `"1000ucomet"`. */
export function formatCoin(coin: Coin): string {
  return `${coin.amount}${coin.denom}`;
}

function numberText(value: number, field: string): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new ApiError(400, "invalid_amount", `${field} as a JSON number must be a non-negative safe integer; send larger amounts as a string`, { field });
  }
  return String(value);
}

/** Parses a non-negative integer given as a digit string or a safe integer, up to uint64. */
export function parseUint64(input: string | number, field: string): bigint {
  const valid = typeof input === "number" ? Number.isSafeInteger(input) && input >= 0 : /^\d{1,20}$/.test(input);
  const value = valid ? BigInt(input) : -1n;
  if (value < 0n || value > 0xffff_ffff_ffff_ffffn) {
    throw new ApiError(400, "invalid_request", `${field} must be a non-negative integer below 2^64`, [{ path: field, message: "not an unsigned 64-bit integer" }]);
  }
  return value;
}
