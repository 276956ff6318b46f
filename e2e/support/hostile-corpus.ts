/**
 * Strings a hostile chain, node operator or sender can put in front of the user: markup that
 * would run script if rendered as HTML, script and data URLs that would run if linked, bidi
 * overrides that reorder what is read (Trojan Source, CVE-2021-42574), zero-width characters
 * that make different strings look the same, and look-alike addresses. Every payload that
 * could execute sets `window.__pwned`, so a spec can prove that none did.
 */

/** Markup payloads; each one runs `window.__pwned = 1` if it ever becomes HTML. */
export const HTML_PAYLOADS = [
  `<img src=x onerror="window.__pwned=1">`,
  `<script>window.__pwned=1</script>`,
  `<svg onload="window.__pwned=1"></svg>`,
  `"><a href="javascript:window.__pwned=1">claim</a>`,
  `<iframe src="javascript:window.__pwned=1"></iframe>`,
] as const;

/** URLs that would run script if they became a link's target. */
export const URL_PAYLOADS = ["javascript:window.__pwned=1", "data:text/html,<script>window.__pwned=1</script>"] as const;

/** A right-to-left override that makes "exe.gnp" read as "png.exe", and an isolate pair. */
export const BIDI = "invoice \u202Eexe.gnp\u202C \u2066isolated\u2069";
/** Zero-width space, non-joiner, joiner and BOM inside a word. */
export const ZERO_WIDTH = "vali\u200Bdat\u200Cor\u200D\uFEFF";
/** Longer than any cell: the page must wrap or cut it, not break. */
export const LONG = `long-${"W".repeat(4000)}-end`;

/** Every string the corpus feeds, for a spec that wants them all. */
export const CORPUS: readonly string[] = [...HTML_PAYLOADS, ...URL_PAYLOADS, BIDI, ZERO_WIDTH, LONG];

/** How the renderer shows a string: hidden characters as visible ⟨U+XXXX⟩ marks. */
export function shownAs(value: string): string {
  return value.replace(/[\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFEFF]/gu, (c) => `⟨U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}⟩`);
}

/**
 * Memos for real transfers: the chain keeps at most 256 bytes of UTF-8, so each payload goes in
 * its own memo, tagged so a spec can tell them apart.
 */
export function corpusMemos(): string[] {
  return [...HTML_PAYLOADS, ...URL_PAYLOADS, BIDI, ZERO_WIDTH, `memo-${"M".repeat(240)}`].map((p, i) => `c${i} ${p}`.slice(0, 256));
}

/** Look-alikes of a real lower-case bech32 address that a user could take for it. */
export function homoglyphs(address: string): Array<{ readonly name: string; readonly value: string }> {
  const swap = (from: string, to: string) => {
    const i = address.indexOf(from, address.indexOf("1") + 1);
    return i < 0 ? undefined : address.slice(0, i) + to + address.slice(i + 1);
  };
  const candidates = [
    { name: "Cyrillic a", value: swap("a", "\u0430") ?? swap("e", "\u0435") },
    { name: "Greek rho for p", value: swap("p", "\u03c1") ?? swap("u", "\u03c5") },
    { name: "zero-width space", value: `${address.slice(0, 12)}\u200B${address.slice(12)}` },
    { name: "mixed case", value: address.slice(0, 10) + address.slice(10, 16).toUpperCase() + address.slice(16) },
  ];
  return candidates.filter((c): c is { name: string; value: string } => c.value !== undefined && c.value !== address);
}
