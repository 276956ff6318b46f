import { anyPrefixAddress, describeAddressProblem } from "../../../../shared/wallet/bech32-check.js";
import { heightTooHigh, TOO_HIGH, withoutLeadingZeros } from "../../../../shared/height.js";

/** What a search box input names. A 64-hex hash may be a block or a transaction: both are tried. */
export type SearchTarget =
  | { readonly kind: "height"; readonly height: string }
  | { readonly kind: "hash"; readonly hash: string }
  | { readonly kind: "address"; readonly address: string; readonly prefix: string }
  | { readonly kind: "invalid"; readonly reason: string };

/** Classifies a search input: a height, a 32-byte hash (0x optional), or a bech32 address. */
export function classifyInput(input: string): SearchTarget {
  const text = input.trim();
  if (!text) return { kind: "invalid", reason: "Type a height, a block or transaction hash, or an address." };
  if (/^\d+$/.test(text)) {
    const height = withoutLeadingZeros(text);
    if (height === "0") return { kind: "invalid", reason: "Heights start at 1." };
    // The node cannot read a height past int64; it would answer with its JSON decoder's error.
    return heightTooHigh(height) ? { kind: "invalid", reason: TOO_HIGH } : { kind: "height", height };
  }
  const hex = text.replace(/^0x/i, "");
  if (/^[0-9a-fA-F]{64}$/.test(hex)) return { kind: "hash", hash: hex.toUpperCase() };
  if (/^[0-9a-fA-F]+$/.test(hex)) return { kind: "invalid", reason: `A hash has 64 hex digits; this has ${hex.length}.` };
  // A look-alike of a real address (another script's letter, an invisible character, mixed
  // case) is refused with the reason, never folded into the address it imitates.
  const address = anyPrefixAddress(text);
  if (!address.problem) return { kind: "address", address: address.address, prefix: address.prefix };
  const named = address.problem.kind === "look_alike" || address.problem.kind === "mixed_case";
  return { kind: "invalid", reason: named ? describeAddressProblem(address.problem) : "Not a height, a 64-digit hash or a valid bech32 address." };
}

/** The tx_search query listing an address's transactions, sent or received. */
export function addressQueries(address: string): { readonly sent: string; readonly received: string } {
  return { sent: `message.sender='${address}'`, received: `transfer.recipient='${address}'` };
}
