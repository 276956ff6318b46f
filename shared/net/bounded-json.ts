/**
 * Reading untrusted JSON, for main's RPC and access clients and the access service's node client:
 * the body is streamed and abandoned past a byte cap, and nesting depth is checked on the text
 * before anything recursive (zod, JSON.stringify) walks the value. Web APIs only (fetch's
 * Response, TextDecoder), so it runs in Node and anywhere else.
 */

export class BodyTooLargeError extends Error {}
export class JsonTooDeepError extends Error {}

/** Reads a fetch body as text, cancelling the stream as soon as it exceeds `maxBytes`. */
export async function readBodyCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new BodyTooLargeError(`body of ${declared} bytes exceeds ${maxBytes}`);
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new BodyTooLargeError(`body exceeds ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** CometBFT answers nest a dozen levels at most; far deeper means a hostile or broken node. */
export const MAX_JSON_DEPTH = 64;

/** Nesting depth of JSON text, counted without parsing, so a hostile answer cannot blow the stack of anything that walks it. */
export function jsonDepthExceeds(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Throws when arrays/objects nest deeper than `maxDepth` (strings are skipped correctly). */
export function assertJsonDepth(text: string, maxDepth: number): void {
  if (jsonDepthExceeds(text, maxDepth)) throw new JsonTooDeepError(`JSON nests deeper than ${maxDepth}`);
}

/** Parses bounded JSON text; throws SyntaxError or JsonTooDeepError. */
export function parseBoundedJson(text: string, maxDepth: number): unknown {
  assertJsonDepth(text, maxDepth);
  return JSON.parse(text);
}
