import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The renderer: React, served by Vite in development and built to dist/renderer, which main
// serves over app://cometdesk/. No inline scripts are emitted, so the app's CSP
// (script-src 'self') holds for the built files.
export default defineConfig({
  root: "renderer",
  base: "/",
  plugins: [react()],
  build: {
    outDir: "../dist/renderer",
    emptyOutDir: true,
    sourcemap: true,
    target: "chrome130",
    // A data: URL would need img-src/font-src data: for assets that are small today.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // No chunk over 250 KiB raw (docs/benchmarks.md, "Renderer bundle"): Vite counts kB of 1,000
    // bytes, so 256 kB is 250 KiB, and a chunk that grows past it warns in every build.
    chunkSizeWarningLimit: 256,
    rollupOptions: {
      output: {
        // React DOM is two thirds of the first script: as its own chunk, which the entry imports
        // statically (index.html preloads both), no chunk passes the limit and it caches apart
        // from the app's code.
        manualChunks: (id) => (/node_modules\/(react-dom|scheduler)\//.test(id) ? "react-dom" : undefined),
        // Each Cosmos module's codecs load on demand (shared/cosmos/message-loaders.ts); their
        // chunks would all be called "messages" after their file.
        chunkFileNames: (chunk) => {
          const module = /shared\/cosmos\/([\w-]+)\/messages\.ts$/.exec(chunk.facadeModuleId ?? "");
          return module ? `assets/codecs-${module[1]}-[hash].js` : "assets/[name]-[hash].js";
        },
      },
      onwarn(warning, warn) {
        // zod's and @scure/base's sources carry esbuild-style purity comments that Rollup reports
        // and drops; harmless. Any other warning stays loud: a clean build prints none.
        if (warning.code === "INVALID_ANNOTATION" && /node_modules\/(zod|@scure\/base)\//.test(warning.id ?? "")) return;
        warn(warning);
      },
    },
  },
  // COMETDESK_VITE_PORT moves the dev server when 5173 is taken (a shared machine).
  server: { host: "127.0.0.1", port: Number(process.env.COMETDESK_VITE_PORT ?? 5173), strictPort: true },
  preview: { host: "127.0.0.1", port: 4173, strictPort: true },
});
