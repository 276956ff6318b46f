/**
 * Chain text (memos, logs) shown as text, and with its direction controls and zero-width
 * characters made visible: an U+202E in a memo could otherwise reverse what follows it on
 * screen (Trojan Source, CVE-2021-42574), and a zero-width character makes two different
 * memos or addresses look the same.
 */
const BIDI_CONTROLS = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

export function inertText(text: string): string {
  return text.replace(BIDI_CONTROLS, (c) => `[U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}]`);
}

/** Shortens a long address or hash for a table cell; the full value stays in the title and copy. */
export function middleEllipsis(text: string, keep = 10): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep + 2)}`;
}
