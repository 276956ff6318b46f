import type { JsonValue } from "../primitives.js";
import { decFromAtomics } from "./dec.js";

/**
 * Message fields the Cosmos SDK declares as LegacyDec (gogoproto's customtype): on the protobuf
 * wire, and so in cosmjs-types' decoding, they are the decimal's atomics scaled by 10^18
 * ("105000000000000000"), where the chain's JSON, its CLI and a signer's amino document write the
 * decimal ("0.105"). Gov v1's weights are plain decimal strings already and are not listed.
 * A path's "*" walks every item of an array.
 */
const DEC_FIELDS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  "/cosmos.staking.v1beta1.MsgEditValidator": [["commissionRate"]],
  "/cosmos.staking.v1beta1.MsgCreateValidator": [["commission", "rate"], ["commission", "maxRate"], ["commission", "maxChangeRate"]],
  "/cosmos.gov.v1beta1.MsgVoteWeighted": [["options", "*", "weight"]],
};

/**
 * A decoded message's fields with its LegacyDec fields as the decimals they stand for. A value
 * that is not an integer string (a hostile or broken transaction) is left as it came, to be seen.
 */
export function withDecimals(typeUrl: string, fields: JsonValue): JsonValue {
  const paths = DEC_FIELDS[typeUrl];
  return paths ? paths.reduce((value, path) => atPath(value, path), fields) : fields;
}

function atPath(value: JsonValue, path: readonly string[]): JsonValue {
  const [key, ...rest] = path;
  if (key === undefined) return typeof value === "string" && /^\d{1,80}$/.test(value) ? decFromAtomics(value) : value;
  if (key === "*") return Array.isArray(value) ? value.map((item) => atPath(item, rest)) : value;
  if (value === null || typeof value !== "object" || Array.isArray(value) || !Object.hasOwn(value, key)) return value;
  return { ...value, [key]: atPath(value[key] as JsonValue, rest) };
}
