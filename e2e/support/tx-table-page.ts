/**
 * The real `TxTable` alone on a page of made-up rows (`renderer/bench/tx-table-bench.tsx`), built
 * with esbuild into `out` from the sources in `src` (this checkout, or another version's folder):
 * for the list's keyboard spec and the wallet benchmark, which need far more rows than a devnet
 * wallet has. `?rows=N&case=newest|sorted|filtered` picks the list.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { build } from "esbuild";

export async function buildTxTablePage(src: string, out: string): Promise<string> {
  await build({
    entryPoints: [join(src, "renderer/bench/tx-table-bench.tsx")],
    bundle: true,
    format: "iife",
    jsx: "automatic",
    minify: true,
    outfile: join(out, "bench.js"),
    nodePaths: [resolve("node_modules")],
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  writeFileSync(join(out, "bench.css"), readFileSync(join(src, "renderer/src/styles.css")));
  writeFileSync(join(out, "index.html"), `<!doctype html><html><head><link rel="stylesheet" href="bench.css"></head><body><div id="root"></div><script src="bench.js"></script></body></html>`);
  return `file://${join(out, "index.html")}`;
}
