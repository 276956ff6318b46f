/** A few positions of the phrase to ask back, each with the right word and distinct wrong ones, shuffled. */
export interface PhraseQuestion {
  readonly position: number; // 1-based, as people count
  readonly options: readonly string[];
}

function pick<T>(items: readonly T[], n: number, random: () => number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}

export function phraseQuestions(words: readonly string[], count = 3, random: () => number = Math.random): PhraseQuestion[] {
  const positions = pick(words.map((_, i) => i), count, random).sort((a, b) => a - b);
  return positions.map((i) => {
    const right = words[i]!;
    const wrong = pick([...new Set(words)].filter((w) => w !== right), 3, random);
    return { position: i + 1, options: pick([right, ...wrong], wrong.length + 1, random) };
  });
}
