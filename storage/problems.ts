/** A stored file that could not be read and was kept aside; shown to the user via app.problems. */
export interface StorageProblem {
  readonly file: string;
  readonly keptAs: string;
  readonly reason: string;
}

export interface ProblemLog {
  add(problem: StorageProblem): void;
  list(): readonly StorageProblem[];
}

export function createProblemLog(): ProblemLog {
  const problems: StorageProblem[] = [];
  return { add: (p) => void problems.push(p), list: () => [...problems] };
}
