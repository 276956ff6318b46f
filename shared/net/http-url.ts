/**
 * Whether main's contract takes `text` as an http(s) URL (`HttpUrl` in shared/primitives.ts),
 * answered without zod so that a page can check a field before it sends anything. It follows
 * zod's URL check: trimmed, `http://` or `https://` written out (zod refuses `http:host`), one
 * parse by the WHATWG URL parser, and at most 2048 characters once tabs and newlines are gone.
 */
export function isHttpUrl(text: string): boolean {
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed) || trimmed.replace(/[\t\n\r]/g, "").length > 2048) return false;
  try {
    const url = new URL(trimmed);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * One http(s) URL as the WHATWG parser writes it, so that two ways of typing one node compare
 * equal: `HTTP://Host:26657/` is `http://host:26657`. Only the root path's slash is dropped.
 */
export function httpUrlKey(text: string): string {
  const url = new URL(text.trim());
  return url.pathname === "/" && url.search === "" && url.hash === "" ? url.href.slice(0, -1) : url.href;
}
