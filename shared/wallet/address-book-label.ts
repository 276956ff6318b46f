/*
 * One name, one recipient: two addresses saved under one label (or under "Bob" and " bob ") are
 * told apart only by their addresses, and a pick from the book could send to the wrong one.
 */

interface Entry {
  readonly label: string;
  readonly address: string;
}

/** The saved entry other than `address` whose label is `label`, compared trimmed and regardless of case. */
export function labelTakenBy(entries: readonly Entry[], label: string, address: string): Entry | undefined {
  const wanted = label.trim().toLowerCase();
  return entries.find((e) => e.address !== address && e.label.trim().toLowerCase() === wanted);
}

/** Why `label` cannot name `address` in the book, in words, or undefined when it can. */
export function labelProblem(entries: readonly Entry[], label: string, address: string): string | undefined {
  const other = labelTakenBy(entries, label, address);
  return other ? `“${other.label}” already names ${other.address}: give this address another name.` : undefined;
}
