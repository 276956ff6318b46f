import { phraseWordCountProblem } from "../../../shared/wallet/phrase-words.js";

/** The longest recovery phrase main takes (`wallet.import` in shared/contract/wallet.ts), as sent. */
export const MAX_PHRASE = 1024;

/** The phrase as main gets it: its words, one space between each. */
export function normalPhrase(text: string): string {
  return text.trim().split(/\s+/).join(" ");
}

/**
 * What keeps a typed phrase from reaching main, or undefined: nothing at all, far too long, or
 * a word count no phrase has. Main checks its words and their checksum itself, and its refusal
 * is shown at the same field.
 */
export function phraseProblem(text: string): string | undefined {
  const phrase = normalPhrase(text);
  if (phrase === "") return "Type or paste the recovery phrase: its 12 or 24 words, with spaces between them.";
  if (phrase.length > MAX_PHRASE) return `A recovery phrase is 12 or 24 words; this text has ${phrase.length.toLocaleString("en")} characters, more than any phrase.`;
  return phraseWordCountProblem(phrase);
}
