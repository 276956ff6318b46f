/*
 * After a refused submit the keyboard goes to the first field to change, in the order the form
 * shows its fields: one rule for every form, so none focuses by the order its checks ran in.
 */

/** Something the keyboard can be sent to. */
export interface Focusable {
  focus(): void;
}

/**
 * Focuses the control of the first key in `order` that has a problem (the control whose id is
 * `idOf(key)`), and says whether any key had one: a caller stops there, even if the control is
 * not on the page. `find` looks the id up (the page by default).
 */
export function focusFirstProblem<K extends string>(
  order: readonly K[],
  problems: Partial<Record<K, string | undefined>>,
  idOf: (key: K) => string,
  find: (id: string) => Focusable | null = (id) => document.getElementById(id),
): boolean {
  const first = order.find((key) => problems[key]);
  if (first === undefined) return false;
  find(idOf(first))?.focus();
  return true;
}
