import { z } from "zod";
import { MEMO_TOO_LONG, memoTooLong } from "./wallet/memo.js";

/**
 * Wire-safe primitives of the IPC contract. Bytes and integers that may exceed 2^53 cross the
 * process boundary as strings, so nothing is lost to JSON or structured clone.
 */

/** A non-negative decimal integer as a string (heights, amounts, gas, nonces). */
export const DecString = z.string().regex(/^(0|[1-9]\d{0,77})$/, "expected a non-negative decimal integer string");

/** Upper- or lower-case hex without a 0x prefix. */
export const HexString = z.string().max(1_000_000).regex(/^([0-9a-fA-F]{2})*$/, "expected hex bytes");

/** A 32-byte hash as hex (block and transaction hashes). */
export const Hash32Hex = z.string().regex(/^[0-9a-fA-F]{64}$/, "expected a 32-byte hex hash");

/** Standard base64 (padded). */
export const Base64String = z.string().max(4_000_000).regex(/^[A-Za-z0-9+/]*={0,2}$/, "expected base64");

/** A bech32 address: human-readable part, separator, data. Checksums are verified in main. */
export const Bech32Address = z.string().min(8).max(128).regex(/^[a-z][a-z0-9]{0,30}1[02-9ac-hj-np-z]{6,}$/, "expected a bech32 address");

/** A coin string "<integer><denom>" or a bare integer meaning the network's default denom. */
export const CoinString = z.string().max(160).regex(/^(0|[1-9]\d{0,77})([a-zA-Z][a-zA-Z0-9/:._-]{1,127})?$/, "expected a coin like 1000ucomet");

/** An opaque id the app assigns (networks). */
export const Id = z.string().min(1).max(64).regex(/^[a-z0-9][a-z0-9-]*$/, "expected a lower-case id");

/** ISO-8601 time string. */
export const IsoTime = z.string().max(64);

/** An http(s) URL. */
export const HttpUrl = z.url({ protocol: /^https?$/ }).max(2048);

/** An empty argument object; extra keys are refused like everywhere else. */
export const NoArgs = z.strictObject({});

/** Any JSON value (for node answers shown as-is, such as genesis and consensus state). */
export const JsonValue = z.json();
export type JsonValue = z.infer<typeof JsonValue>;

/** A memo as main and the access service take it: at most MEMO_MAX_BYTES of UTF-8 (./wallet/memo.ts). */
export const Memo = z.string().refine((memo) => !memoTooLong(memo), MEMO_TOO_LONG);
