import { fromBase64, toBase64 } from "@cosmjs/encoding";
import { LegacyAminoPubKey } from "cosmjs-types/cosmos/crypto/multisig/keys";
import { PubKey as Secp256k1PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { AuthInfo, SignerInfo, TxBody } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { MESSAGE_CODECS } from "../../../shared/cosmos/messages.js";
import { AppError } from "../app-error.js";

/** A cosmjs-types message codec, with its protojson methods (camelCase names, int64 as strings). */
interface JsonCodec {
  encode(message: never): { finish(): Uint8Array };
  decode(bytes: Uint8Array): unknown;
  toJSON(message: never): unknown;
  fromJSON(object: unknown): unknown;
}

/**
 * Every type an SDK transaction file may carry in an Any: the messages this wallet signs, and the
 * public keys of its accounts (a secp256k1 key, a multisig of them). Nothing else is read.
 */
const ANY_CODECS: Readonly<Record<string, JsonCodec>> = {
  ...(MESSAGE_CODECS as unknown as Record<string, JsonCodec>),
  "/cosmos.crypto.secp256k1.PubKey": Secp256k1PubKey as unknown as JsonCodec,
  "/ethermint.crypto.v1.ethsecp256k1.PubKey": Secp256k1PubKey as unknown as JsonCodec,
  "/cosmos.evm.crypto.v1.ethsecp256k1.PubKey": Secp256k1PubKey as unknown as JsonCodec,
  "/cosmos.crypto.multisig.LegacyAminoPubKey": LegacyAminoPubKey as unknown as JsonCodec,
};

/** How deep a file's JSON may nest: a multisig of keys inside a message is far less. */
const MAX_DEPTH = 24;

function codecOf(typeUrl: string): JsonCodec {
  const codec = Object.hasOwn(ANY_CODECS, typeUrl) ? ANY_CODECS[typeUrl] : undefined;
  if (!codec) throw new AppError("unknown_message_type", `the file holds a ${typeUrl || "nameless"} value, which this wallet does not read or sign`);
  return codec;
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * cosmjs-types protojson (camelCase, an Any as `{typeUrl, value: base64}`) to the SDK's
 * (snake_case names, an Any expanded with its `@type`), as `simd` prints and reads it.
 */
function toSdk(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) throw new AppError("invalid_file", "the transaction nests too deep");
  if (Array.isArray(value)) return value.map((v) => toSdk(v, depth + 1));
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 2 && typeof value.typeUrl === "string" && typeof value.value === "string") {
    return anyToSdk(value.typeUrl, fromBase64(value.value), depth + 1);
  }
  return Object.fromEntries(keys.map((k) => [snake(k), toSdk(value[k], depth + 1)]));
}

function anyToSdk(typeUrl: string, bytes: Uint8Array, depth: number): Record<string, unknown> {
  const codec = codecOf(typeUrl);
  const json = toSdk(codec.toJSON(codec.decode(bytes) as never), depth);
  return { "@type": typeUrl, ...(isRecord(json) ? json : {}) };
}

/** The SDK's protojson back to cosmjs-types' (its `fromJSON` takes camelCase names). */
function fromSdk(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) throw new AppError("invalid_file", "the transaction nests too deep");
  if (Array.isArray(value)) return value.map((v) => fromSdk(v, depth + 1));
  if (!isRecord(value)) return value;
  if (Object.hasOwn(value, "@type")) {
    const { "@type": typeUrl, ...rest } = value;
    if (typeof typeUrl !== "string") throw new AppError("invalid_file", "an @type in the file is not text");
    return { typeUrl, value: toBase64(anyFromSdk(typeUrl, rest, depth + 1)) };
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [camel(k), fromSdk(v, depth + 1)]));
}

function anyFromSdk(typeUrl: string, json: Record<string, unknown>, depth: number): Uint8Array {
  const codec = codecOf(typeUrl);
  return codec.encode(codec.fromJSON(fromSdk(json, depth)) as never).finish();
}

/** One message (an Any) as the SDK prints it: `{"@type": …, snake_case fields}`. */
export function messageToSdkJson(message: { typeUrl: string; value: Uint8Array }): Record<string, unknown> {
  return anyToSdk(message.typeUrl, message.value, 1);
}

/**
 * A transaction as the SDK's JSON (`simd tx … --generate-only`, `simd tx sign`): its body and
 * auth info from the very bytes main keeps, and its signatures (none before signing).
 */
export function txToSdkJson(bodyBytes: Uint8Array, authInfoBytes: Uint8Array, signatures: readonly Uint8Array[]): SdkTxJson {
  const body = TxBody.decode(bodyBytes);
  const authInfo = AuthInfo.decode(authInfoBytes);
  return {
    body: {
      messages: body.messages.map((m) => messageToSdkJson(m)),
      memo: body.memo,
      timeout_height: body.timeoutHeight.toString(),
      unordered: body.unordered,
      timeout_timestamp: body.timeoutTimestamp ? (toSdk(TxBody.toJSON(body)) as Record<string, unknown>).timeout_timestamp : null,
      extension_options: body.extensionOptions.map((m) => messageToSdkJson(m)),
      non_critical_extension_options: body.nonCriticalExtensionOptions.map((m) => messageToSdkJson(m)),
    },
    auth_info: {
      signer_infos: authInfo.signerInfos.map((s) => toSdk(SignerInfo.toJSON(s))),
      fee: {
        amount: (authInfo.fee?.amount ?? []).map((c) => ({ denom: c.denom, amount: c.amount })),
        gas_limit: (authInfo.fee?.gasLimit ?? 0n).toString(),
        payer: authInfo.fee?.payer ?? "",
        granter: authInfo.fee?.granter ?? "",
      },
      tip: null,
    },
    signatures: signatures.map((s) => toBase64(s)),
  };
}

export interface SdkTxJson {
  body: Record<string, unknown>;
  auth_info: Record<string, unknown>;
  signatures: string[];
}

/**
 * A transaction file's JSON (already parsed and shape-checked) back to the bytes it stands for:
 * its body and auth info encoded as the SDK encodes them, so a signature made over simd's bytes
 * verifies over these.
 */
export function txFromSdkJson(json: SdkTxJson): { bodyBytes: Uint8Array; authInfoBytes: Uint8Array; signatures: Uint8Array[] } {
  const body = TxBody.fromJSON(fromSdk(json.body));
  const authInfo = AuthInfo.fromJSON(fromSdk(json.auth_info));
  return {
    bodyBytes: TxBody.encode(body).finish(),
    authInfoBytes: AuthInfo.encode(authInfo).finish(),
    signatures: json.signatures.map((s) => fromBase64(s)),
  };
}
