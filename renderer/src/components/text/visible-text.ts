/**
 * Chain strings (monikers, memos, event attributes) are attacker-chosen. Bidi overrides can
 * reorder what a reader sees ("Trojan Source", CVE-2021-42574) and zero-width characters can
 * make two different strings look identical, so both are shown as visible `⟨U+XXXX⟩` marks.
 */
// Matching control characters and variation selectors is the point of this pattern.
// eslint-disable-next-line no-control-regex, no-misleading-character-class
const INVISIBLE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFF9-\uFFFB]/gu;

/** The string with every bidi control, zero-width and control character made visible. */
export function visibleText(value: string): string {
  return value.replace(INVISIBLE, (c) => `⟨U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}⟩`);
}

/** True when the string holds any character `visibleText` would mark. */
export function hasInvisible(value: string): boolean {
  INVISIBLE.lastIndex = 0;
  const found = INVISIBLE.test(value);
  INVISIBLE.lastIndex = 0;
  return found;
}

/** A long string cut for a table cell, with the full text kept for its title. */
export function shorten(value: string, max = 64): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}
