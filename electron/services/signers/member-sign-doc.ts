import { type MultisigThresholdPubkey, pubkeyToAddress, type StdSignDoc } from "@cosmjs/amino";
import { aminoSignerRefusal } from "../../../shared/cosmos/amino-signers.js";
import { AppError } from "../app-error.js";

/**
 * Refuses, in words, an amino sign doc that `member` (its compressed key, base64) may not sign as
 * a member of `multisig`: the key must be one of the multisig's, and every message one whose
 * declared signer is the multisig's own address (derived from these very keys), so a member's key
 * never signs for anyone else through this path. The vault and the Ledger check the same way.
 */
export function assertMemberSignDoc(member: { address: string; pubKey: string }, multisig: MultisigThresholdPubkey, prefix: string, signDoc: StdSignDoc): void {
  if (!multisig.value.pubkeys.some((k) => k.value === member.pubKey)) throw new AppError("not_a_member", `${member.address} is not a member of this multisig`);
  const multisigAddress = pubkeyToAddress(multisig, prefix);
  if (!Array.isArray(signDoc.msgs) || signDoc.msgs.length === 0) throw new AppError("unregistered_message", "the transaction has no message to sign");
  for (const msg of signDoc.msgs) {
    const refusal = aminoSignerRefusal(msg, multisigAddress);
    if (refusal === "unregistered_message") throw new AppError(refusal, `the wallet does not sign messages of type ${JSON.stringify(String(msg.type))}: it cannot tell whose they are`);
    if (refusal) throw new AppError(refusal, `the ${String(msg.type)} message is not signed by the multisig ${multisigAddress}`);
  }
}
