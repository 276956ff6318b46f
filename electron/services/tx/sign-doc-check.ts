import type { StdSignDoc } from "../../../shared/contract/tx.js";
import { AminoMsgSend } from "../../../shared/cosmos/bank/amino.js";
import type { Network } from "../../../shared/contract/network.js";
import { AppError } from "../app-error.js";

export class SignDocMismatchError extends AppError {
  constructor(what: string) {
    super("sign_doc_mismatch", `the access service's sign doc does not match the transfer you asked for (${what}); nothing was signed`);
  }
}

/** What main asked for, field by field: every one of them must be in the sign doc, exactly. */
export interface AskedTransfer {
  readonly from: string;
  readonly to: string;
  readonly amount: string;
  readonly nonce: string;
  /** The sender's account number, as main read it for this request. */
  readonly accountNumber: string;
  /** The fee and gas the user set, or the service's published defaults: never left to the doc. */
  readonly fee: string;
  readonly gas: string;
  readonly memo?: string;
  readonly timeoutHeight?: string;
}

/**
 * The access service builds the sign doc, but it is not trusted to: before the vault signs, the
 * doc must say exactly what main asked for (chain, account number, nonce, sender, recipient,
 * amount, memo, fee, gas and timeout height), so nothing in it was chosen by the service alone.
 */
export function checkSignDoc(doc: StdSignDoc, network: Network, want: AskedTransfer): void {
  const coin = coinOf(want.amount, network);
  if (doc.chain_id !== network.chainId) throw new SignDocMismatchError(`chain ${doc.chain_id}`);
  if (doc.account_number !== want.accountNumber) throw new SignDocMismatchError("account number");
  if (doc.msgs.length !== 1) throw new SignDocMismatchError("message count");
  const parsed = AminoMsgSend.safeParse(doc.msgs[0]);
  if (!parsed.success) throw new SignDocMismatchError("message type");
  const msg = parsed.data.value;
  if (msg.from_address !== want.from || msg.to_address !== want.to) throw new SignDocMismatchError("addresses");
  if (msg.amount.length !== 1 || msg.amount[0]!.amount !== coin?.amount || msg.amount[0]!.denom !== coin.denom) throw new SignDocMismatchError("amount");
  if (doc.sequence !== want.nonce) throw new SignDocMismatchError("nonce");
  if (doc.memo !== (want.memo ?? "")) throw new SignDocMismatchError("memo");
  if ((doc.timeout_height ?? "0") !== (want.timeoutHeight ?? "0")) throw new SignDocMismatchError("timeout height");
  if (doc.fee.gas !== want.gas) throw new SignDocMismatchError("gas");
  const fee = coinOf(want.fee, network);
  const asked = fee && fee.amount !== "0" ? [fee] : [];
  const same = doc.fee.amount.length === asked.length && asked.every((c, i) => doc.fee.amount[i]!.amount === c.amount && doc.fee.amount[i]!.denom === c.denom);
  if (!same) throw new SignDocMismatchError("fee");
}

/** "<integer><denom>", or a bare integer in the network's default denom. */
function coinOf(text: string, network: Network): { amount: string; denom: string } | undefined {
  const match = /^(\d+)([a-zA-Z].*)?$/.exec(text);
  return match ? { amount: match[1]!, denom: match[2] ?? network.defaultDenom } : undefined;
}
