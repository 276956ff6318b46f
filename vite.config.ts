import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * The bridge's socket chunk (renderer/src/api/first-socket.ts) is fetched with the page, beside
 * the entry script, instead of when the entry has run: asked for then, it queued behind the
 * contract's schemas and the opening page's chunks (six connections to one host), and the socket
 * opened about 150 ms later. It is 1.5 KiB; inside Electron the preload is the API and the file is
 * fetched from disk and never run.
 */
function preloadFirstSocket(): Plugin {
  return {
    name: "cometdesk-preload-first-socket",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === "chunk" && c.name === "first-socket");
        if (!chunk) throw new Error("the build has no first-socket chunk to preload (renderer/src/api/connect-api.ts imports it)");
        return [{ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `/${chunk.fileName}` }, injectTo: "head" }];
      },
    },
  };
}

// The renderer: React, served by Vite in development and built to dist/renderer, which main
// serves over app://cometdesk/. No inline scripts are emitted, so the app's CSP
// (script-src 'self') holds for the built files.
export default defineConfig({
  root: "renderer",
  base: "/",
  plugins: [react(), preloadFirstSocket()],
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
