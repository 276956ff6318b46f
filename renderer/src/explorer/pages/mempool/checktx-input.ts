/** The longest transaction main takes for `check_tx`, in base64 (the contract's `Base64String`). */
export const MAX_CHECKTX_BASE64 = 4_000_000;

/** The pasted transaction as it is sent: base64 with the line breaks and spaces of a paste taken out. */
export function checkTxBase64(text: string): string {
  return text.replace(/\s+/g, "");
}

/**
 * What keeps a pasted transaction from being checked, in words, or undefined when it can be sent
 * (or nothing is pasted yet). Main takes standard base64 (`Base64String` in shared/primitives.ts,
 * which a test holds this to); the node decodes it too, so a length that is no whole number of
 * 4-character groups is refused here instead of as the node's decoder error.
 */
export function checkTxProblem(text: string): string | undefined {
  const b = checkTxBase64(text);
  if (b === "") return undefined;
  if (b.length > MAX_CHECKTX_BASE64) return `At most ${MAX_CHECKTX_BASE64.toLocaleString("en")} characters of base64; this has ${b.length.toLocaleString("en")}.`;
  // Explorers often show a transaction in hex: 16 or more hex digits and nothing else is no base64 transaction.
  if (/^(0x)?[0-9a-fA-F]{16,}$/.test(b)) return "That looks like hex. check_tx takes the transaction in base64, as a wallet exports it.";
  const bad = [...b.replace(/={1,2}$/, "")].find((ch) => !/[A-Za-z0-9+/]/.test(ch));
  if (bad !== undefined) return `Base64 has only letters, digits, + and /, with at most two = at the end; “${bad}” (U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}) is not one of them.`;
  if (b.length % 4 !== 0) return `Base64 comes in groups of 4 characters; this has ${b.length}, so some of it is missing.`;
  return undefined;
}
