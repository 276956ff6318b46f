import { z } from "zod";
import type * as T from "../../../shared/contract/chain-types.js";
import type { RpcBlockResults } from "./rpc-wire.js";

/**
 * A validator update's key in each encoding a node sends it, to one `{type, value}` with the type
 * named as CometBFT 1.0 names it ("ed25519"):
 * - CometBFT 1.0: `pub_key_type` and `pub_key_bytes` beside the power.
 * - CometBFT 0.34 to 0.39 over RPC: the protobuf oneof through CometBFT's own JSON,
 *   `{"Sum":{"type":"tendermint.crypto.PublicKey_Ed25519","value":{"ed25519":"…"}}}`.
 * - The same oneof through Go's plain JSON, `{"Sum":{"ed25519":"…"}}`, and protobuf JSON,
 *   `{"ed25519":"…"}` (a proxy or gateway in front of the node).
 * - Amino JSON, `{"type":"tendermint/PubKeyEd25519","value":"…"}` (the `validators` route's form).
 * Anything else is kept as raw JSON with a sentence saying the key was not understood.
 */

const b64 = z.string().max(4096).regex(/^[A-Za-z0-9+/]*={0,2}$/);
/** The oneof's cases: the field names of tendermint.crypto.PublicKey (proto/tendermint/crypto/keys.proto). */
const KEY_FIELDS = ["ed25519", "secp256k1", "bls12381"] as const;
const oneof = z.object(Object.fromEntries(KEY_FIELDS.map((k) => [k, b64.optional()])));
const cometEnvelope = z.object({ type: z.string().max(128), value: oneof });
const amino = z.object({ type: z.string().max(128), value: b64 });
/** Amino JSON names (each key package's `PubKeyName` in cometbft crypto/) to CometBFT 1.0's key type names. */
const AMINO_TYPES: Record<string, string> = {
  "tendermint/PubKeyEd25519": "ed25519",
  "tendermint/PubKeySecp256k1": "secp256k1",
  "cometbft/PubKeyBls12_381": "bls12_381",
};
const ONEOF_TYPES: Record<string, string> = { ed25519: "ed25519", secp256k1: "secp256k1", bls12381: "bls12_381" };

type Key = { type: string; value: string };
type Update = RpcBlockResults["validator_updates"][number];

function fromOneof(value: unknown): Key | undefined {
  const parsed = oneof.safeParse(value);
  if (!parsed.success) return undefined;
  const set = Object.entries(parsed.data).filter((e): e is [string, string] => typeof e[1] === "string");
  return set.length === 1 ? { type: ONEOF_TYPES[set[0]![0]]!, value: set[0]![1] } : undefined;
}

/** The key of one update, or undefined when its shape is none of the known ones. */
export function validatorKey(u: Update): Key | undefined {
  if (u.pub_key_type !== undefined && u.pub_key_bytes !== undefined && b64.safeParse(u.pub_key_bytes).success) return { type: u.pub_key_type, value: u.pub_key_bytes };
  const pk = u.pub_key;
  if (pk === null || typeof pk !== "object") return undefined;
  if ("Sum" in pk) {
    const sum = (pk as { Sum: unknown }).Sum;
    const env = cometEnvelope.safeParse(sum);
    return env.success ? fromOneof(env.data.value) : fromOneof(sum);
  }
  const am = amino.safeParse(pk);
  if (am.success) return AMINO_TYPES[am.data.type] ? { type: AMINO_TYPES[am.data.type]!, value: am.data.value } : undefined;
  return fromOneof(pk);
}

/** Each update with its key read, and a sentence for each one whose key was not understood. */
export function validatorUpdates(updates: readonly Update[]): { updates: z.output<typeof T.ValidatorUpdate>[]; notes: string[] } {
  const notes: string[] = [];
  const out = updates.map((u, i) => {
    const power = u.power ?? "0";
    const key = validatorKey(u);
    if (key) return { pubKey: key, power };
    const raw = JSON.stringify({ pub_key: u.pub_key, pub_key_type: u.pub_key_type, pub_key_bytes: u.pub_key_bytes }).slice(0, 4096);
    notes.push(`Validator update ${i + 1}: its key is in a shape this app does not know (neither pub_key_type with pub_key_bytes, nor a pub_key of CometBFT 0.34–0.39); shown as the node sent it.`);
    return { pubKey: { type: "", value: "" }, power, raw };
  });
  return { updates: out, notes };
}
