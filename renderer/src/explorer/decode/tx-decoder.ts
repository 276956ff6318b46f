import { fromBase64, fromBech32, toBase64, toBech32 } from "@cosmjs/encoding";
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { Tx } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { JsonValue } from "../../../../shared/primitives.js";
import { type CodecLookup, decodeWith } from "../../../../shared/cosmos/message-loaders.js";
import { txIdOf } from "../../../../shared/cosmos/tx-id.js";
import { withDecimals } from "../../../../shared/cosmos/dec-fields.js";
import { addressRole } from "../../../../shared/cosmos/staking/address-role.js";

export interface DecodedMessage {
  readonly typeUrl: string;
  /** Decoded fields, or null when the type is not known (then `raw` is the truth). */
  readonly fields: JsonValue | null;
  readonly raw: string;
}

export interface DecodedTx {
  readonly hash: string;
  readonly messages: readonly DecodedMessage[];
  readonly memo: string;
  readonly timeoutHeight: string;
  readonly fee: { readonly amount: readonly { denom: string; amount: string }[]; readonly gasLimit: string; readonly payer: string; readonly granter: string };
  readonly signers: readonly { readonly address: string | null; readonly pubKey: string | null; readonly sequence: string }[];
  readonly signatureCount: number;
}

export type DecodeResult = { readonly ok: true; readonly tx: DecodedTx } | { readonly ok: false; readonly hash: string; readonly error: string };

/**
 * Decodes a base64 Cosmos SDK transaction (TxRaw bytes) with cosmjs-types. Anything that does
 * not parse comes back as an error with the hash, never a throw: block data is untrusted.
 * `codecs` finds a message's codec; a type it does not know keeps its raw bytes.
 */
export function decodeTx(base64: string, codecs: CodecLookup, fallbackPrefix = "cosmos"): DecodeResult {
  let bytes: Uint8Array;
  try {
    bytes = fromBase64(base64);
  } catch {
    return { ok: false, hash: "", error: "not base64" };
  }
  const hash = txIdOf(bytes);
  try {
    const tx = Tx.decode(bytes);
    const messages = (tx.body?.messages ?? []).map((m) => {
      const fields = decodeWith(codecs, m.typeUrl, m.value);
      return { typeUrl: m.typeUrl, fields: fields === undefined ? null : withDecimals(m.typeUrl, fields), raw: toBase64(m.value) };
    });
    const prefix = prefixOf(messages) ?? fallbackPrefix;
    const fee = tx.authInfo?.fee;
    return {
      ok: true,
      tx: {
        hash,
        messages,
        memo: tx.body?.memo ?? "",
        timeoutHeight: String(tx.body?.timeoutHeight ?? 0n),
        fee: { amount: (fee?.amount ?? []).map((c) => ({ denom: c.denom, amount: c.amount })), gasLimit: String(fee?.gasLimit ?? 0n), payer: fee?.payer ?? "", granter: fee?.granter ?? "" },
        signers: (tx.authInfo?.signerInfos ?? []).map((s) => signer(s.publicKey, String(s.sequence), prefix)),
        signatureCount: tx.signatures.length,
      },
    };
  } catch (e) {
    return { ok: false, hash, error: e instanceof Error ? e.message : "does not decode as a Cosmos SDK transaction" };
  }
}

/** The type URLs of a transaction's messages (empty when it does not decode), to load their codecs first. */
export function messageTypesOf(base64: string): string[] {
  try {
    return (Tx.decode(fromBase64(base64)).body?.messages ?? []).map((m) => m.typeUrl);
  } catch {
    return [];
  }
}

/** The whole transaction as cosmjs-types' JSON (messages left as Any), for the raw view. */
export function rawTxJson(base64: string): JsonValue {
  try {
    return Tx.toJSON(Tx.decode(fromBase64(base64))) as JsonValue;
  } catch (e) {
    return { error: e instanceof Error ? e.message : "does not decode", base64 };
  }
}

function signer(publicKey: { typeUrl: string; value: Uint8Array } | undefined, sequence: string, prefix: string) {
  if (!publicKey) return { address: null, pubKey: null, sequence };
  if (publicKey.typeUrl !== "/cosmos.crypto.secp256k1.PubKey") return { address: null, pubKey: toBase64(publicKey.value), sequence };
  const key = PubKey.decode(publicKey.value).key;
  // ADR-028's legacy address of a secp256k1 key, as CosmJS's pubkeyToAddress derives it; computed
  // here so the explorer's chunk does not carry CosmJS's wallets and curves for one hash.
  const address = key.length === 33 ? toBech32(prefix, ripemd160(sha256(key))) : null;
  return { address, pubKey: toBase64(key), sequence };
}

/**
 * The account prefix of the first address-looking field, so signer addresses match the chain's.
 * A validator's operator or consensus address (MsgEditValidator's only address) carries the
 * account prefix with its role after it ("cosmosvaloper"): the signer is the account.
 */
function prefixOf(messages: readonly DecodedMessage[]): string | undefined {
  for (const m of messages) {
    if (m.fields === null || typeof m.fields !== "object" || Array.isArray(m.fields)) continue;
    for (const v of Object.values(m.fields)) {
      if (typeof v !== "string") continue;
      try {
        return addressRole(fromBech32(v, 128).prefix).accountPrefix;
      } catch {
        // not an address
      }
    }
  }
  return undefined;
}
