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
