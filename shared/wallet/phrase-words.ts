/** The word counts of a BIP39 recovery phrase: 128 to 256 bits of entropy, 32 bits apart. */
export const PHRASE_WORD_COUNTS: readonly number[] = [12, 15, 18, 21, 24];

/**
 * What is wrong with how many words `phrase` has (its words one space apart, as main gets them),
 * or undefined. The import form says it before sending; main says the same to any caller.
 */
export function phraseWordCountProblem(phrase: string): string | undefined {
  const count = phrase === "" ? 0 : phrase.split(" ").length;
  if (PHRASE_WORD_COUNTS.includes(count)) return undefined;
  return `A recovery phrase has 12 or 24 words (15, 18 or 21 in some wallets); this one has ${count}.`;
}
