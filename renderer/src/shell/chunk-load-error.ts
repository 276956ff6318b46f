/**
 * How each engine words a dynamic import whose file could not be fetched: Chromium (Electron's
 * and the browser mode's), Safari and Firefox. Vite's own preload helper rethrows the same
 * error after its `vite:preloadError` event, or its "Unable to preload CSS" when a page's
 * stylesheet is the missing file.
 */
const CHUNK_LOAD_FAILURES = [
  "Failed to fetch dynamically imported module",
  "Importing a module script failed",
  "error loading dynamically imported module",
  "Unable to preload CSS for",
];

/**
 * True when a page's code could not be loaded: the renderer's files were rebuilt or updated
 * while the window was open, and the chunk names its entry knows are gone. A reload reads the
 * new entry; any other error is a bug, not a stale window.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return CHUNK_LOAD_FAILURES.some((words) => message.includes(words));
}
