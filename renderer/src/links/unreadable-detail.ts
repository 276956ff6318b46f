import { heightTooHigh, TOO_HIGH } from "../../../shared/height.js";
import { fragmentPath, parseDetail } from "./routes.js";

/** A detail fragment (`#/block/…`, `#/tx/…`, `#/account/…`) whose parameter names nothing, and why. */
export interface UnreadableDetail {
  readonly kind: "block" | "tx" | "account";
  readonly reason: string;
}

const HASH_REASON = (text: string): string => {
  const hex = text.replace(/^0x/i, "");
  if (hex !== text && /^[0-9a-fA-F]{64}$/.test(hex)) return `Leave out the 0x: the hash alone, ${hex.toUpperCase()}.`;
  return /^[0-9a-fA-F]*$/.test(hex) ? `A hash has 64 hex digits; this has ${hex.length}.` : "A hash has 64 hex digits, 0 to 9 and A to F only.";
};

/**
 * Why a detail fragment that `parseDetail` does not read names nothing, in words for the page
 * the link opens (a negative height, a hash of the wrong length, an address in capitals), or
 * undefined for a fragment that is no detail at all.
 */
export function unreadableDetail(hash: string): UnreadableDetail | undefined {
  if (parseDetail(hash)) return undefined;
  const m = /^#\/(block\/hash|block|tx|account)\/(.*)$/s.exec(fragmentPath(hash));
  if (!m) return undefined;
  let text = m[2]!;
  try {
    text = decodeURIComponent(text);
  } catch {
    // Kept as it came: a stray % is no reason to say less.
  }
  const t = text.trim();
  if (m[1] === "account") return { kind: "account", reason: "An account is named by its bech32 address in lower case, like cosmos1 and the rest of it." };
  if (m[1] !== "block") return { kind: m[1] === "tx" ? "tx" : "block", reason: HASH_REASON(t) };
  let reason = "A block is named by its height, a whole number from 1 like #/block/42, or by its hash: #/block/hash/ and its 64 hex digits.";
  if (/^-\s*\d+$/.test(t) || /^0+$/.test(t)) reason = "Heights start at 1.";
  else if (/^\d+$/.test(t) && heightTooHigh(t.replace(/^0+/, ""))) reason = TOO_HIGH;
  else if (/^\d+$/.test(t)) reason = `Write the height as digits alone, without leading zeros or spaces: #/block/${t.replace(/^0+/, "")}.`;
  else if (/^[0-9a-fA-F]{64}$/.test(t.replace(/^0x/i, ""))) reason = "A block hash goes after #/block/hash/.";
  return { kind: "block", reason };
}
