/**
 * Recipient checks the send form runs as the user types and main runs again before signing:
 * bech32 checksum (BIP-173), the network's prefix, one case only, and characters that look
 * like others. Pure, so renderer and main share it.
 */
const CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: readonly number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i]!;
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const out: number[] = [];
  for (const c of hrp) out.push(c.charCodeAt(0) >> 5);
  out.push(0);
  for (const c of hrp) out.push(c.charCodeAt(0) & 31);
  return out;
}

/** Characters that a reader (or a phishing address) confuses with bech32 ones. */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  o: "0 (zero)", i: "l or 1", b: "6 or 8", "\u0430": "a (Cyrillic)", "\u0435": "e (Cyrillic)", "\u043e": "o (Cyrillic)",
  "\u0440": "p (Cyrillic)", "\u0441": "c (Cyrillic)", "\u0445": "x (Cyrillic)", "\u0443": "y (Cyrillic)",
  "\u03b1": "a (Greek)", "\u03b5": "e (Greek)", "\u03bf": "o (Greek)", "\u03c1": "p (Greek)", "\u03bd": "v (Greek)",
  "\u03ba": "k (Greek)", "\u03c5": "u (Greek)", "\u03c7": "x (Greek)",
};

/** Zero-width and direction controls: they make two different strings look the same. */
const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/**
 * The first character of `text` that no bech32 string may hold and that a reader would not
 * notice or would take for another (another script's letter, an invisible character), as a
 * look-alike problem. Needs no prefix, so the explorer's search uses it too.
 */
export function lookAlikeProblem(text: string): Extract<AddressProblem, { kind: "look_alike" }> | undefined {
  for (const ch of text) {
    if (ch.charCodeAt(0) <= 126) continue;
    const hint = LOOK_ALIKES[ch] ?? (INVISIBLE.test(ch) ? "nothing at all (it is invisible)" : "a letter of another alphabet");
    return { kind: "look_alike", char: ch, hint };
  }
  return undefined;
}

export type AddressProblem =
  | { readonly kind: "empty" }
  | { readonly kind: "mixed_case" }
  | { readonly kind: "look_alike"; readonly char: string; readonly hint: string }
  | { readonly kind: "format" }
  | { readonly kind: "prefix"; readonly expected: string; readonly got: string }
  | { readonly kind: "checksum" };

/** BIP-173's longest bech32 string: what the send form and main take. */
const BIP173_MAX_LENGTH = 90;
/**
 * The longest address the explorer reads, as its links' route and CosmJS's `fromBech32(…, 128)`
 * do: longer than BIP-173, for addresses of 32 bytes under a long prefix.
 */
const EXPLORER_MAX_LENGTH = 128;

/**
 * Why `address` is no bech32 string of at most `maxLength` characters (and, when `prefix` is
 * given, of that prefix), or undefined when it is one.
 */
function bech32Problem(address: string, prefix: string | undefined, maxLength: number): AddressProblem | undefined {
  if (address.length === 0) return { kind: "empty" };
  const foreign = lookAlikeProblem(address);
  if (foreign) return foreign;
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return { kind: "mixed_case" };
  const lower = address.toLowerCase();
  const sep = lower.lastIndexOf("1");
  const data = lower.slice(sep + 1);
  for (const ch of sep > 0 ? data : "") {
    if (!CHARSET.includes(ch) && LOOK_ALIKES[ch]) return { kind: "look_alike", char: ch, hint: LOOK_ALIKES[ch] };
  }
  if (sep < 1 || sep + 7 > lower.length || lower.length > maxLength || !/^[\x21-\x7e]+$/.test(lower)) return { kind: "format" };
  const hrp = lower.slice(0, sep);
  const values: number[] = [];
  for (const ch of data) {
    const v = CHARSET.indexOf(ch);
    if (v < 0) return { kind: "format" };
    values.push(v);
  }
  if (prefix !== undefined && hrp !== prefix) return { kind: "prefix", expected: prefix, got: hrp };
  if (polymod([...hrpExpand(hrp), ...values]) !== 1) return { kind: "checksum" };
  // The 5-bit words must make whole bytes: at most 4 bits left over, all zero, as CosmJS's
  // fromBech32 and the chain decode them. A string with a valid checksum may still fail here.
  const words = values.slice(0, -6);
  const rest = (words.length * 5) % 8;
  if (rest >= 5 || (rest > 0 && (words[words.length - 1]! & ((1 << rest) - 1)) !== 0)) return { kind: "format" };
  return undefined;
}

/** Why `address` is not a valid bech32 address for `prefix`, or undefined when it is. */
export function addressProblem(address: string, prefix: string): AddressProblem | undefined {
  return bech32Problem(address, prefix, BIP173_MAX_LENGTH);
}

/**
 * The address typed in `text` as main's contract takes it, or why it is none: trimmed and in
 * lower case, since BIP-173 allows an all-upper-case address (QR codes use it) and the contract's
 * `ActionAddress` and the chain take lower case only.
 */
export function typedAddress(text: string, prefix: string): { readonly address: string; readonly problem?: undefined } | { readonly address?: undefined; readonly problem: AddressProblem } {
  const trimmed = text.trim();
  const problem = addressProblem(trimmed, prefix);
  return problem ? { problem } : { address: trimmed.toLowerCase() };
}

/**
 * An address of whatever network typed in `text`, as the explorer reads one (its search box, an
 * account link): trimmed and in lower case with its prefix, or why it is none. The same checks as
 * `typedAddress` but any prefix, and up to 128 characters as the explorer's links allow.
 */
export function anyPrefixAddress(text: string): { readonly address: string; readonly prefix: string; readonly problem?: undefined } | { readonly address?: undefined; readonly prefix?: undefined; readonly problem: AddressProblem } {
  const trimmed = text.trim();
  const problem = bech32Problem(trimmed, undefined, EXPLORER_MAX_LENGTH);
  if (problem) return { problem };
  const address = trimmed.toLowerCase();
  return { address, prefix: address.slice(0, address.lastIndexOf("1")) };
}

/** The user-facing sentence for a problem. */
export function describeAddressProblem(p: AddressProblem): string {
  switch (p.kind) {
    case "empty": return "Enter the recipient's address.";
    case "mixed_case": return "The address mixes upper and lower case; bech32 addresses use one case only.";
    case "look_alike": return `The address contains “${INVISIBLE.test(p.char) ? "" : p.char}” (${codePoint(p.char)}), which is not used in addresses and looks like ${p.hint}. Check it character by character; it is not the address it resembles.`;
    case "format": return "That is not a bech32 address.";
    case "prefix": return prefixProblem(p.expected, p.got);
    case "checksum": return "The address's checksum does not match: a character is wrong or missing.";
  }
}

/**
 * A prefix that is not the one asked for. The chain's own validator prefixes (cosmosvaloper,
 * cosmosvalcons) are of the same network: saying "another network" would send the user looking
 * in the wrong place.
 */
function prefixProblem(expected: string, got: string): string {
  if (got === `${expected}valoper`) return `That is a validator's operator address (${got}…), not an account: this network's account addresses start with ${expected}1. To stake with the validator, use the Staking page.`;
  if (got === `${expected}valcons`) return `That is a validator's consensus address (${got}…), not an account: this network's account addresses start with ${expected}1.`;
  if (expected.endsWith("valoper") && got === expected.slice(0, -"valoper".length)) return `That is an account address (${got}…); a validator's operator address starts with ${expected}1.`;
  return `This address is for another network (${got}…); this network's addresses start with ${expected}1.`;
}
