import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// No two modules import each other, even through others and even for types only: a cycle means
// two files that cannot be understood, tested or moved apart (docs/architecture.md, "Layers").
const ROOT = resolve(import.meta.dirname, "../..");
const FOLDERS = ["shared", "storage", "watch", "electron", "server", "renderer", "devnet", "e2e", "scripts"];
const SKIP = new Set(["node_modules", "dist", "chain"]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIP.has(name) ? [] : sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

function importsOf(file: string, known: ReadonlySet<string>): string[] {
  const specs = [...readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map((m) => m[1]!);
  return specs.flatMap((spec) => {
    const base = resolve(dirname(file), spec).replace(/\.js$/, "");
    return [`${base}.ts`, `${base}.tsx`].filter((f) => known.has(f));
  });
}

/** Every strongly connected group of more than one file (Tarjan). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const group: string[] = [];
      let w: string;
      do group.push((w = stack.pop()!));
      while (w !== v);
      if (group.length > 1) found.push(group.map((f) => relative(ROOT, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return found;
}

describe("imports", () => {
  it("form no cycle", () => {
    const files = FOLDERS.flatMap((f) => sources(join(ROOT, f)));
    const known = new Set(files);
    const graph = new Map(files.map((f) => [f, importsOf(f, known)]));
    expect(files.length).toBeGreaterThan(300);
    expect(cycles(graph)).toEqual([]);
  });
});
