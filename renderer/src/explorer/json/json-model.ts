import type { JsonValue } from "../../../../shared/primitives.js";

/** How many children a tree node renders before a "show more" button: keeps huge arrays cheap. */
export const PAGE = 100;

export type Entry = readonly [key: string, value: JsonValue];

/** The children of an object or array as [key, value] pairs; none for scalars. */
export function entries(value: JsonValue): Entry[] {
  if (Array.isArray(value)) return value.map((v, i) => [String(i), v]);
  if (value !== null && typeof value === "object") return Object.entries(value);
  return [];
}

export function isContainer(value: JsonValue): value is JsonValue[] | { [k: string]: JsonValue } {
  return value !== null && typeof value === "object";
}

/** One line's summary of a collapsed node: `[3 items]`, `{2 keys}`. */
export function summary(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.length} ${value.length === 1 ? "item" : "items"}]`;
  if (isContainer(value)) {
    const n = Object.keys(value).length;
    return `{${n} ${n === 1 ? "key" : "keys"}}`;
  }
  return JSON.stringify(value);
}

export interface Match {
  readonly path: readonly string[];
  readonly value: string;
}

/**
 * Paths whose key or scalar value contains `needle` (case-insensitive), depth first, stopping at
 * `limit` so a search over a large genesis stays bounded.
 */
export function findMatches(root: JsonValue, needle: string, limit = 200): Match[] {
  const q = needle.toLowerCase();
  const out: Match[] = [];
  if (!q) return out;
  const stack: Array<[readonly string[], JsonValue]> = [[[], root]];
  while (stack.length && out.length < limit) {
    const [path, value] = stack.pop()!;
    const key = path[path.length - 1] ?? "";
    if (isContainer(value)) {
      if (key.toLowerCase().includes(q)) out.push({ path, value: summary(value) });
      const kids = entries(value);
      for (let i = kids.length - 1; i >= 0; i--) stack.push([[...path, kids[i]![0]], kids[i]![1]]);
    } else {
      const text = value === null ? "null" : String(value);
      if (key.toLowerCase().includes(q) || text.toLowerCase().includes(q)) out.push({ path, value: text });
    }
  }
  return out;
}

/** The value at a path, or undefined. */
export function valueAt(root: JsonValue, path: readonly string[]): JsonValue | undefined {
  let cur: JsonValue | undefined = root;
  for (const key of path) {
    if (cur === undefined || !isContainer(cur)) return undefined;
    cur = Array.isArray(cur) ? cur[Number(key)] : cur[key];
  }
  return cur;
}
