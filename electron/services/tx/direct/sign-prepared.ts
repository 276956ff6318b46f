import { toBase64 } from "@cosmjs/encoding";
import type { Network } from "../../../../shared/contract/network.js";
import { txIdOf } from "../../../../shared/cosmos/tx-id.js";
import { CannotSignHereError } from "../../signers/account-signer.js";
import type { Signers } from "../../signers/signers.js";
import type { DirectSend, StoredSend } from "../outbox.js";
import type { Prepared } from "./prepare.js";

/** A transaction main has signed: its TxRaw bytes and the outbox entry that keeps them. */
export interface SignedSend {
  readonly txBytes: Uint8Array;
  /** Everything but where the bytes go (`direct` to the nodes, `accessTx` to an access service). */
  readonly entry: Omit<StoredSend, "direct" | "accessTx" | "body">;
  /** The bytes, the fee and the end of the transaction, as the outbox keeps them. */
  readonly signed: DirectSend;
}

/**
 * Signs a prepared transaction with the account that signs it, whatever its kind
 * (signers/signers.ts), in the mode it was prepared in: DIRECT over the body and AuthInfo bytes,
 * or LEGACY_AMINO_JSON over the prepared amino sign doc (the key checks the signer of every
 * message either way). Describes it as the Transactions page lists it: the signer, the first
 * recipient of a transfer, what it spends and its messages' titles.
 */
export async function signPrepared(signers: Pick<Signers, "signerFor">, network: Network, prepared: Prepared, requestId: string): Promise<SignedSend> {
  const { review } = prepared;
  const account = signers.signerFor(network, review.signer);
  if (!account.signModes.includes(review.signMode)) throw new CannotSignHereError(account.address, account.kind, account.signModes.length > 0 ? review.signMode : undefined);
  const [{ makeSignDoc }, { TxRaw }] = await Promise.all([import("@cosmjs/proto-signing"), import("cosmjs-types/cosmos/tx/v1beta1/tx")]);
  let authInfoBytes = prepared.authInfoBytes;
  let signature: Uint8Array;
  if (review.signMode === "SIGN_MODE_LEGACY_AMINO_JSON") {
    if (!prepared.aminoSignDoc) throw new Error("a transaction prepared in amino mode carries its sign doc");
    const outcome = await account.sign({ mode: review.signMode, signDoc: prepared.aminoSignDoc });
    signature = outcome.signature;
    // The amino sign doc does not cover AuthInfo: a kind may name its signers only now (a multisig's bit array).
    if (outcome.modeInfo) authInfoBytes = (await import("./sign-modes.js")).withModeInfo(authInfoBytes, outcome.modeInfo);
  } else {
    // The network's key kind signs: SHA-256 or Keccak-256 of the sign bytes, as its chain verifies.
    signature = (await account.sign({ mode: review.signMode, signDoc: makeSignDoc(prepared.bodyBytes, authInfoBytes, network.chainId, BigInt(review.accountNumber)) })).signature;
  }
  const txBytes = TxRaw.encode({ bodyBytes: prepared.bodyBytes, authInfoBytes, signatures: [signature] }).finish();
  const firstSend = review.messages.find((m) => m.typeUrl === "/cosmos.bank.v1beta1.MsgSend")?.value;
  return {
    txBytes,
    entry: {
      requestId,
      networkId: network.id,
      txHash: txIdOf(txBytes),
      from: review.signer,
      to: typeof firstSend?.toAddress === "string" ? firstSend.toAddress : "",
      amount: prepared.spend.map((c) => `${c.amount}${c.denom}`).join(","),
      nonce: review.sequence,
      state: "signed",
      createdAt: new Date().toISOString(),
      kind: review.messages.map((m) => m.title).join(", "),
    },
    signed: { txBytes: toBase64(txBytes), fee: review.fee.amount.map((c) => `${c.amount}${c.denom}`).join(","), timeoutHeight: review.timeoutHeight },
  };
}
