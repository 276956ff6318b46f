import { heightTooHigh, TOO_HIGH } from "../../../../shared/height.js";

/** What an "At height" field asks for: a height, the latest (empty field), or what is wrong with the text. */
export type AtHeight = { readonly ok: true; readonly height: string | undefined } | { readonly ok: false; readonly error: string };

/**
 * Reads a height typed in a field, as the contract's `DecString` and the node take it, without
 * the contract's schemas so that no page loads zod. Empty is the latest; leading zeros are
 * dropped (007 is 7). `zero` says whether 0 is a height to send: `abci_query` reads it as the
 * latest, while `validators` and `consensus_params` refuse it. A test holds it to the contract.
 */
export function parseAtHeight(text: string, { zero = false }: { zero?: boolean } = {}): AtHeight {
  const t = text.trim();
  if (t === "") return { ok: true, height: undefined };
  if (/^\d+$/.test(t)) {
    const height = t.replace(/^0+(?=\d)/, "");
    if (height === "0" && !zero) return { ok: false, error: "Heights start at 1; leave the field empty for the latest." };
    if (heightTooHigh(height)) return { ok: false, error: TOO_HIGH };
    return { ok: true, height };
  }
  if (/^\d{1,3}([\s,.'’_]\d{3})+$/.test(t)) return { ok: false, error: `Digits only, without separators: ${t.replace(/\D/g, "")}, not ${t}.` };
  if (/^-\s*\d+$/.test(t)) return { ok: false, error: zero ? "A height is 0 (the latest) or more." : "Heights start at 1; leave the field empty for the latest." };
  if (/^\d+(\.\d+)?e\+?\d+$/i.test(t)) return { ok: false, error: "Digits only, written out: 1000000, not 1e6." };
  return { ok: false, error: "A block height is a whole number, like 1000; leave the field empty for the latest." };
}
