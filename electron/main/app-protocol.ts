/**
 * The app:// protocol that serves the built renderer instead of file://, so the page has a
 * real origin of its own (file:// pages can read any local file a path names).
 */
import { extname, join, relative, resolve, sep } from "node:path";

export const APP_SCHEME = "app";
export const APP_HOST = "cometdesk";
/** Custom schemes have an opaque URL origin, so the app compares scheme and host itself. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY = `${APP_ORIGIN}/index.html`;

/** Privileges registered before app ready: standard and secure, no CORS bypass, no fetch from other origins. */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false, bypassCSP: false } as const;

const MIME_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};

/** True when `url` is on the app's own origin. */
export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST && u.username === "" && u.password === "" && u.port === "";
  } catch {
    return false;
  }
}

export interface AppAsset {
  readonly path: string;
  readonly contentType: string;
}

/**
 * The file under `rootDir` that an app:// URL names, or undefined. Threat: `..` segments,
 * encoded separators or absolute paths that would read files outside the renderer build.
 */
export function resolveAppAsset(rootDir: string, url: string): AppAsset | undefined {
  if (!isAppUrl(url)) return undefined;
  const raw = new URL(url).pathname;
  // Encoded separators name no file the build emits; refusing them avoids a second decoding.
  if (/%2f|%5c/i.test(raw)) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(raw);
  } catch {
    return undefined; // malformed percent-encoding
  }
  if (pathname.includes("\0") || pathname.includes("\\")) return undefined;
  const wanted = pathname === "/" ? "/index.html" : pathname;
  const root = resolve(rootDir);
  const path = resolve(join(root, wanted));
  const rel = relative(root, path);
  if (rel === "" || rel.startsWith("..") || rel.split(sep).includes("..") || resolve(root, rel) !== path) return undefined;
  const contentType = MIME_TYPES[extname(path).toLowerCase()];
  return contentType ? { path, contentType } : undefined;
}
