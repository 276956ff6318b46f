import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { MAX_TX_BYTES } from "../../shared/access/bodies.js";
import type { ActionCoin, ActionDef } from "../../shared/cosmos/action.js";
import { actionOf } from "../../shared/cosmos/actions.js";
import { sameKey } from "../../shared/cosmos/amino-signers.js";
import { cosmosRegistry } from "../../shared/cosmos/signing.js";
import { ApiError } from "./errors.js";
import { parseTxSigner, type TxSigner, verifyTxSigner } from "./tx-signer.js";

/** More messages than the app ever puts in one transaction (16) and than a review can show. */
const MAX_MESSAGES = 64;

/** A signed transaction of `POST /transactions {txBytes}`, decoded and checked but not yet verified against the chain. */
export interface SignedTx {
  /** The exact bytes received: these are broadcast, and their sha256 is the id. */
  readonly raw: Uint8Array;
  readonly bodyBytes: Uint8Array;
  readonly authInfoBytes: Uint8Array;
  /** Its one signer: a key in DIRECT or amino JSON mode, or a multisig (tx-signer.ts). */
  readonly signerKey: TxSigner;
  /** The account of the one key (or multisig key) that signs every message. */
  readonly signer: string;
  readonly sequence: bigint;
  readonly memo: string;
  /** 0 means none. */
  readonly timeoutHeight: bigint;
  /** Comma-separated coins, "" for none. */
  readonly fee: string;
  /** The same coins as AuthInfo carries them, in order (the amino sign doc names them so). */
  readonly feeCoins: ReadonlyArray<{ denom: string; amount: string }>;
  readonly gas: bigint;
  /** The messages' titles from the action registry ("Delegate, Withdraw rewards"). */
  readonly kind: string;
  /** The first address the first message names besides its signer (a recipient, a validator), or "". */
  readonly to: string;
  /** What the messages take from the signer besides the fee, comma-separated, or "". */
  readonly amount: string;
}

const invalid = (code: string, message: string, details?: unknown) => new ApiError(400, code, message, details);

/**
 * Decodes a base64 TxRaw sent by a client (hostile input: every length and field is checked) and
 * finds whose it is: exactly one signer (a secp256k1 key in SIGN_MODE_DIRECT or
 * SIGN_MODE_LEGACY_AMINO_JSON, or a multisig of such keys signing amino JSON), and every message
 * a registered action (shared/cosmos/actions.ts) whose signer field names that key's account or
 * its operator address. The signature itself is checked by `verifySignedTx` with the chain's
 * account number.
 */
export function decodeSignedTx(txBytes: string, prefix: string): SignedTx {
  const raw = strictBase64(txBytes);
  if (!raw) throw invalid("invalid_tx_bytes", "txBytes is not standard base64 (A–Z, a–z, 0–9, +, /, with = padding)", { field: "txBytes" });
  if (raw.length > MAX_TX_BYTES) throw new ApiError(413, "payload_too_large", `txBytes holds ${raw.length} bytes; the limit is ${MAX_TX_BYTES}`);
  const tx = decodeOr(() => TxRaw.decode(raw), "txBytes is not a protobuf cosmos.tx.v1beta1.TxRaw");
  // A TxRaw re-encodes to the same bytes: trailing junk or unknown fields are refused, as the chain refuses them.
  if (!sameBytes(TxRaw.encode(tx).finish(), raw)) throw invalid("invalid_tx_bytes", "txBytes is not a protobuf cosmos.tx.v1beta1.TxRaw (it carries bytes a TxRaw does not have)");
  const body = decodeOr(() => TxBody.decode(tx.bodyBytes), "the TxRaw's body_bytes are not a cosmos.tx.v1beta1.TxBody");
  const authInfo = decodeOr(() => AuthInfo.decode(tx.authInfoBytes), "the TxRaw's auth_info_bytes are not a cosmos.tx.v1beta1.AuthInfo");

  if (body.messages.length === 0) throw invalid("invalid_tx", "the transaction carries no messages");
  if (body.messages.length > MAX_MESSAGES) throw invalid("invalid_tx", `the transaction carries ${body.messages.length} messages; at most ${MAX_MESSAGES} are taken`);
  if (body.extensionOptions.length > 0 || body.nonCriticalExtensionOptions.length > 0) throw invalid("invalid_tx", "extension options are not accepted here");
  if (authInfo.signerInfos.length !== 1 || tx.signatures.length !== 1) {
    throw invalid("invalid_tx", `the transaction has ${authInfo.signerInfos.length} signer infos and ${tx.signatures.length} signatures; this service verifies exactly one signer (one key or one multisig key; no fee payer)`);
  }
  const fee = authInfo.fee;
  if (fee?.payer || fee?.granter) throw invalid("invalid_tx", "a fee payer or granter adds a signer this service cannot verify");
  const info = authInfo.signerInfos[0]!;
  const signerKey = parseTxSigner(info, tx.signatures[0]!, prefix);
  const signer = signerKey.address;

  const titles: string[] = [];
  const spent = new Map<string, bigint>();
  let to = "";
  body.messages.forEach((any, index) => {
    const action = actionOf(any.typeUrl);
    if (!action) throw invalid("unregistered_message", `message ${index} is a ${any.typeUrl || "(no type)"}, whose signer this service cannot tell; it takes the messages of shared/cosmos/actions.ts`, { index, typeUrl: any.typeUrl });
    const msg = decodeOr(() => cosmosRegistry.decode(any) as Record<string, unknown>, `message ${index} (${any.typeUrl}) does not decode`);
    const named = msg[action.signer.field];
    if (typeof named !== "string" || !sameKey(named, action.signer.kind, signer)) {
      throw new ApiError(422, "signer_mismatch", `message ${index} (${any.typeUrl}) is signed by ${typeof named === "string" ? named : "nobody"} (${action.signer.field}), but the transaction's key is ${signer}'s`, { index, typeUrl: any.typeUrl, signer });
    }
    titles.push(action.title);
    if (index === 0) to = counterparty(msg, action.signer.field);
    for (const coin of spendOf(action, msg)) spent.set(coin.denom, (spent.get(coin.denom) ?? 0n) + BigInt(coin.amount));
  });
  return {
    raw, bodyBytes: tx.bodyBytes, authInfoBytes: tx.authInfoBytes, signerKey, signer,
    sequence: info.sequence,
    memo: body.memo,
    timeoutHeight: body.timeoutHeight,
    fee: (fee?.amount ?? []).map((c) => `${c.amount}${c.denom}`).join(","),
    feeCoins: (fee?.amount ?? []).map((c) => ({ denom: c.denom, amount: c.amount })),
    gas: fee?.gasLimit ?? 0n,
    kind: kindOf(titles),
    to,
    amount: [...spent].map(([denom, amount]) => `${amount}${denom}`).join(","),
  };
}

/**
 * Checks the signature (each member's, for a multisig) over the sign doc of its mode with this
 * chain's id and the signer's account number read from the chain: 422 `invalid_signature` when
 * it was made over anything else (tampered bytes, another chain, another account).
 */
export function verifySignedTx(tx: SignedTx, chainId: string, accountNumber: bigint): void {
  verifyTxSigner(tx.signerKey, { bodyBytes: tx.bodyBytes, authInfoBytes: tx.authInfoBytes, fee: { amount: tx.feeCoins, gas: tx.gas }, sequence: tx.sequence }, chainId, accountNumber);
}

/** Titles shown in a kind; past them the rest is counted, so a list item stays short. */
const KIND_TITLES = 8;

/** The messages' titles, in order ("Withdraw rewards, Delegate"). */
function kindOf(titles: readonly string[]): string {
  const shown = titles.slice(0, KIND_TITLES).join(", ");
  return titles.length > KIND_TITLES ? `${shown} and ${titles.length - KIND_TITLES} more` : shown;
}

/** What a decoded message takes from its signer, by its action's rule; a coin that is not one (a missing field) counts for nothing, the chain refuses it anyway. */
function spendOf(action: ActionDef, msg: Record<string, unknown>): ActionCoin[] {
  let coins: readonly unknown[];
  try {
    coins = action.spend(msg);
  } catch {
    return [];
  }
  return coins.flatMap((c) => {
    const coin = c as Partial<Record<"denom" | "amount", unknown>> | null;
    const ok = typeof coin?.amount === "string" && /^\d{1,78}$/.test(coin.amount) && typeof coin.denom === "string" && /^[a-zA-Z][a-zA-Z0-9/:._-]{1,127}$/.test(coin.denom);
    return ok ? [{ denom: coin.denom as string, amount: coin.amount as string }] : [];
  });
}

/** The first address a message names besides its signer: a transfer's recipient, a delegation's validator. */
function counterparty(msg: Record<string, unknown>, signerField: string): string {
  for (const [field, value] of Object.entries(msg)) {
    if (field !== signerField && /(Address|Addr)$/.test(field) && typeof value === "string" && value.length <= 128) return value;
  }
  return "";
}

function decodeOr<T>(decode: () => T, message: string): T {
  try {
    return decode();
  } catch {
    throw invalid("invalid_tx_bytes", message);
  }
}

function strictBase64(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  const bytes = Buffer.from(text, "base64");
  return bytes.toString("base64") === text ? new Uint8Array(bytes) : undefined;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
