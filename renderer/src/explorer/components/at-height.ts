import { ERROR_CODES } from "../../../../shared/error-codes.js";
import { heightTooHigh, TOO_HIGH, withoutLeadingZeros } from "../../../../shared/height.js";
import { errorSentence, failedWith } from "../../api/failure.js";

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
    const height = withoutLeadingZeros(t);
    if (height === "0" && !zero) return { ok: false, error: "Heights start at 1; leave the field empty for the latest." };
    if (heightTooHigh(height)) return { ok: false, error: TOO_HIGH };
    return { ok: true, height };
  }
  if (/^\d{1,3}([\s,.'’_]\d{3})+$/.test(t)) return { ok: false, error: `Digits only, without separators: ${t.replace(/\D/g, "")}, not ${t}.` };
  if (/^-\s*\d+$/.test(t)) return { ok: false, error: zero ? "A height is 0 (the latest) or more." : "Heights start at 1; leave the field empty for the latest." };
  if (/^\d+(\.\d+)?e\+?\d+$/i.test(t)) return { ok: false, error: "Digits only, written out: 1000000, not 1e6." };
  return { ok: false, error: "A block height is a whole number, like 1000; leave the field empty for the latest." };
}

/**
 * The node's refusal of a height asked for (not reached yet, or no longer kept), said as the
 * field's problem; undefined for any other failure, which the page shows as a failed read.
 */
export function heightRefusal(error: unknown): string | undefined {
  if (failedWith(error, ERROR_CODES.rpcHeightAhead)) return `${errorSentence(error)}. Choose a height up to it, or leave the field empty for the latest.`;
  if (failedWith(error, ERROR_CODES.rpcHeightPruned)) return `${errorSentence(error)}.`;
  return undefined;
}

/** What an "At height" field says: the typed text's problem, else the node's refusal of it. */
export function atHeightProblem(typed: AtHeight, error: unknown): { readonly problem: string | undefined; readonly fromNode: boolean } {
  if (!typed.ok) return { problem: typed.error, fromNode: false };
  const refused = heightRefusal(error);
  return { problem: refused, fromNode: refused !== undefined };
}
