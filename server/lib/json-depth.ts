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

/** CometBFT answers nest a dozen levels at most; far deeper means a hostile or broken node. */
export const MAX_JSON_DEPTH = 64;
