/**
 * The highest block height there can be: CometBFT keeps heights as int64, and a node cannot even
 * read a higher one (it answers with its JSON decoder's error). Plain code, so the renderer's
 * links and explorer pages use it without loading the contract's schemas.
 */
export const MAX_HEIGHT = 9_223_372_036_854_775_807n;

/** What to say of a height past int64, wherever one is typed or linked. */
export const TOO_HIGH = `No chain is that high: a height is at most ${MAX_HEIGHT}.`;

/** A height of digits as the node is sent it: without leading zeros ("007" is 7, "000" is 0). */
export function withoutLeadingZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, "");
}

/** Whether a height of digits (leading zeros allowed) is past what the node can read. */
export function heightTooHigh(digits: string): boolean {
  const height = withoutLeadingZeros(digits);
  return height.length > 19 || BigInt(height) > MAX_HEIGHT;
}
