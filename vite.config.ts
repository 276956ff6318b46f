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
    rollupOptions: {
      onwarn(warning, warn) {
        // zod's sources carry esbuild-style purity comments that Rollup reports and drops; harmless.
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("node_modules/zod/")) return;
        warn(warning);
      },
    },
  },
  // COMETDESK_VITE_PORT moves the dev server when 5173 is taken (a shared machine).
  server: { host: "127.0.0.1", port: Number(process.env.COMETDESK_VITE_PORT ?? 5173), strictPort: true },
  preview: { host: "127.0.0.1", port: 4173, strictPort: true },
});
