import type { StdSignDoc } from "../../../shared/contract/tx.js";
import { AminoMsgSend } from "../../../shared/cosmos/bank/amino.js";
import type { Network } from "../../../shared/contract/network.js";
import { AppError } from "../app-error.js";

export class SignDocMismatchError extends AppError {
  constructor(what: string) {
    super("sign_doc_mismatch", `the access service's sign doc does not match the transfer you asked for (${what}); nothing was signed`);
  }
}

/**
 * The access service builds the sign doc, but it is not trusted to: before the vault signs, the
 * doc must say exactly what the user asked (chain, sender, recipient, amount, nonce, memo, and
 * the fee and gas when the user set them).
 */
export function checkSignDoc(doc: StdSignDoc, network: Network, want: { from: string; to: string; amount: string; nonce: string; memo?: string; fee?: string; gas?: string }): void {
  const match = /^(\d+)([a-zA-Z].*)?$/.exec(want.amount);
  const coin = { amount: match?.[1] ?? "", denom: match?.[2] ?? network.defaultDenom };
  if (doc.chain_id !== network.chainId) throw new SignDocMismatchError(`chain ${doc.chain_id}`);
  if (doc.msgs.length !== 1) throw new SignDocMismatchError("message count");
  const parsed = AminoMsgSend.safeParse(doc.msgs[0]);
  if (!parsed.success) throw new SignDocMismatchError("message type");
  const msg = parsed.data.value;
  if (msg.from_address !== want.from || msg.to_address !== want.to) throw new SignDocMismatchError("addresses");
  if (msg.amount.length !== 1 || msg.amount[0]!.amount !== coin.amount || msg.amount[0]!.denom !== coin.denom) throw new SignDocMismatchError("amount");
  if (doc.sequence !== want.nonce) throw new SignDocMismatchError("nonce");
  if (doc.memo !== (want.memo ?? "")) throw new SignDocMismatchError("memo");
  // Fee and gas the user set (the send form always sets both) must be the ones signed.
  if (want.gas !== undefined && doc.fee.gas !== want.gas) throw new SignDocMismatchError("gas");
  if (want.fee !== undefined) {
    const fee = /^(\d+)([a-zA-Z].*)?$/.exec(want.fee);
    const asked = fee && fee[1] !== "0" ? [{ amount: fee[1]!, denom: fee[2] ?? network.defaultDenom }] : [];
    const same = doc.fee.amount.length === asked.length && asked.every((c, i) => doc.fee.amount[i]!.amount === c.amount && doc.fee.amount[i]!.denom === c.denom);
    if (!same) throw new SignDocMismatchError("fee");
  }
}
