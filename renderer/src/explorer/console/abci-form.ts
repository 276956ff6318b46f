import { parseAtHeight } from "../components/at-height.js";
import { dataAsHex } from "./abci-presets.js";

/** The ABCI query form as the user types it. */
export interface AbciFormValues {
  readonly path: string;
  readonly data: string;
  readonly mode: "hex" | "text";
  readonly height: string;
  readonly prove: boolean;
}

/** `chain.abciQuery`'s arguments (`shared/contract/chain.ts`). */
export interface AbciQueryArgs {
  readonly path: string;
  readonly data?: string;
  readonly height?: string;
  readonly prove: boolean;
}

/** A form field and what is wrong with what was typed there, in the user's words. */
export type AbciFormProblems = Partial<Record<"path" | "data" | "height", string>>;

const MAX_PATH = 256;
/** The contract's longest `data`, in hex digits (two per byte). */
const MAX_DATA_HEX = 1_000_000;

/** The form as sent: path trimmed, data as hex (as typed when it is no hex), height without leading zeros. */
export function abciArgsFromForm(v: AbciFormValues): AbciQueryArgs {
  const data = dataAsHex(v.data, v.mode) ?? v.data;
  const height = parseAtHeight(v.height, { zero: true });
  const typed = v.height.trim();
  return { path: v.path.trim(), data: data || undefined, height: height.ok ? height.height : typed, prove: v.prove };
}

/**
 * What main would refuse in the form, said at the field to change: the contract's rules for
 * `chain.abciQuery`, checked here without its schemas so that no page loads zod. Empty when
 * main would take it; a test holds the two to the same answers. Height 0 is the node's latest.
 */
export function abciFormProblems(v: AbciFormValues): AbciFormProblems {
  const out: AbciFormProblems = {};
  const path = v.path.trim();
  if (path === "") out.path = "Give a path: /app/version, or a query such as /cosmos.bank.v1beta1.Query/Balance.";
  else if (path.length > MAX_PATH) out.path = `At most ${MAX_PATH} characters; this has ${path.length.toLocaleString("en-US")}.`;
  const hex = dataAsHex(v.data, v.mode);
  if (hex === undefined) out.data = "Not hex: pairs of 0–9 and a–f (0x optional). Choose text to send the words as typed.";
  else if (hex.length > MAX_DATA_HEX) out.data = `At most ${(MAX_DATA_HEX / 2).toLocaleString("en-US")} bytes; this is ${(hex.length / 2).toLocaleString("en-US")}.`;
  const height = parseAtHeight(v.height, { zero: true });
  if (!height.ok) out.height = height.error;
  return out;
}
