import { z } from "zod";

/**
 * One message the wallet can sign, as its module folder declares it (`<module>/actions.ts`):
 * its type URL and amino name, the zod schema of the value the renderer sends, whose address
 * signs it, the words the review screen shows, what it takes from the signer, and how its value
 * becomes the protobuf message. Zod and plain code only: the contract derives its argument
 * schema from these, and the renderer loads the contract at start.
 */
export interface ActionDef<S extends z.ZodType = z.ZodType, T extends string = string> {
  readonly typeUrl: T;
  readonly aminoType: string;
  /** The value the renderer sends, field names as in the protobuf message (camelCase). */
  readonly value: S;
  /** The value field that names the signer, and whether it holds an account or its operator address. */
  readonly signer: { readonly field: string; readonly kind: "account" | "validator" };
  /** A short title for the review screen ("Delegate"). */
  readonly title: string;
  /** The lines the review screen shows, label and text, in order. */
  review(value: z.output<S>): ReadonlyArray<readonly [label: string, text: string]>;
  /** The coins this message takes from the signer besides the fee; [] when it takes none. */
  spend(value: z.output<S>): ReadonlyArray<ActionCoin>;
  /** The protobuf message (CosmJS `fromPartial` shape) the value encodes as. */
  toProto(value: z.output<S>): Record<string, unknown>;
  /**
   * The value back from its decoded protobuf message (to prepare a signed send again); without
   * it, the message's own fields are the value. The result is checked by `value` all the same.
   */
  fromProto?(message: Record<string, unknown>): unknown;
}

export interface ActionCoin {
  readonly denom: string;
  readonly amount: string;
}

/** Declares an action; a function so each definition keeps its precise value type. */
export function action<const T extends string, S extends z.ZodType>(def: ActionDef<S, T>): ActionDef<S, T> {
  return def;
}

/** A module's actions by type URL. */
export type ActionDefs = Readonly<Record<string, ActionDef>>;

/** A bech32 address (the checksum is checked in main against the network's prefix). */
export const ActionAddress = z.string().min(8).max(128).regex(/^[a-z][a-z0-9]{0,30}1[02-9ac-hj-np-z]{6,}$/, "expected a bech32 address");
/** A coin in base units, as a protobuf Coin. */
export const ActionCoin = z.strictObject({
  denom: z.string().regex(/^[a-zA-Z][a-zA-Z0-9/:._-]{1,127}$/, "expected a denom"),
  amount: z.string().regex(/^[1-9]\d{0,77}$/, "expected a positive integer amount"),
});

/** "1000ustake": a coin as the review screen shows it in base units. */
export const coinText = (c: ActionCoin): string => `${c.amount}${c.denom}`;

/**
 * A LegacyDec read back from the protobuf wire (the decimal × 10^18 as an integer string) as the
 * decimal the value schemas take ("0.25"); anything else is returned as it is, for the schema to refuse.
 */
export function decimalFromAtomics(atomics: unknown): unknown {
  if (typeof atomics !== "string" || !/^\d{1,80}$/.test(atomics)) return atomics;
  const one = 10n ** 18n;
  const n = BigInt(atomics);
  const frac = (n % one).toString().padStart(18, "0").replace(/0+$/, "");
  return frac ? `${n / one}.${frac}` : String(n / one);
}
