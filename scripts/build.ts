/**
 * `npm run build`: the renderer with Vite (dist/renderer), main as one ES module
 * (dist/main/main.js) and the preload as one CommonJS file (dist/preload/preload.cjs), which is
 * what a sandboxed preload must be. electron-builder packs exactly these (electron-builder.yml).
 */
import { rmSync } from "node:fs";
import { build as esbuild } from "esbuild";
import { build as viteBuild } from "vite";

const only = process.argv[2];
if (!only) rmSync("dist", { recursive: true, force: true });

if (!only || only === "renderer") {
  await viteBuild({ configFile: "vite.config.ts", logLevel: "warn" });
  console.log("built dist/renderer");
}
if (!only || only === "electron") {
  await esbuild({
    // The genesis and read workers are threads of main's, loaded from the files beside main.js
    // (electron/services/rpc/worker-host.ts).
    // chain-registry's mainnets are a module of their own, loaded on the first network.describe
    // (electron/services/networks/registry-facts.ts), so main's start does not parse them.
    entryPoints: {
      main: "electron/main/main.ts",
      "genesis-worker": "electron/services/rpc/genesis-worker.ts",
      "read-worker": "electron/services/rpc/read-worker.ts",
      "registry-chains": "electron/services/networks/registry-chains.ts",
    },
    outdir: "dist/main",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    sourcemap: true,
    // ws loads these native speed-ups only if present; Electron is provided at run time.
    external: ["electron", "bufferutil", "utf-8-validate"],
    // Bundled CommonJS dependencies call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as __cdCreateRequire } from 'node:module'; const require = __cdCreateRequire(import.meta.url);" },
    logLevel: "warning",
  });
  await esbuild({
    entryPoints: ["electron/preload/preload.ts"],
    outfile: "dist/preload/preload.cjs",
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node22",
    external: ["electron"],
    logLevel: "warning",
  });
  console.log("built dist/main/main.js, dist/main/genesis-worker.js, dist/main/read-worker.js, dist/main/registry-chains.js and dist/preload/preload.cjs");
}
