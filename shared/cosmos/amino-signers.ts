import { fromBech32, toBech32 } from "@cosmjs/encoding";
import type { AminoSigner, AminoSigners } from "./amino-signer.js";
import { BANK_SIGNERS } from "./bank/amino.js";
import { DISTRIBUTION_SIGNERS } from "./distribution/amino.js";
import { GOV_SIGNERS } from "./gov/amino.js";
import { SLASHING_SIGNERS } from "./slashing/amino.js";
import { STAKING_SIGNERS } from "./staking/amino.js";

/**
 * Every amino message the vault may sign, with the field that names its signer, gathered from
 * the modules' `amino.ts`. A message type that is not here is never signed: the vault cannot
 * tell whose it is.
 */
export const AMINO_SIGNERS: AminoSigners = { ...BANK_SIGNERS, ...STAKING_SIGNERS, ...DISTRIBUTION_SIGNERS, ...GOV_SIGNERS, ...SLASHING_SIGNERS };

/** Why a message may not be signed by an account, or undefined when it may. */
export type SignerRefusal = "unregistered_message" | "signer_mismatch";

/**
 * Why `account` (a bech32 account address) may not sign an amino message, or undefined when it
 * is the signer the message's module declares. A validator's field must hold the same key's
 * operator address (`<prefix>valoper1…`).
 */
export function aminoSignerRefusal(msg: { readonly type: string; readonly value: unknown }, account: string, signers: AminoSigners = AMINO_SIGNERS): SignerRefusal | undefined {
  const signer: AminoSigner | undefined = Object.hasOwn(signers, msg.type) ? signers[msg.type] : undefined;
  if (!signer) return "unregistered_message";
  const value = msg.value;
  const named = typeof value === "object" && value !== null && Object.hasOwn(value, signer.field) ? (value as Record<string, unknown>)[signer.field] : undefined;
  if (typeof named !== "string") return "signer_mismatch";
  return sameKey(named, signer.kind, account) ? undefined : "signer_mismatch";
}

/** The signer's address must be exactly the account's, or its operator address: no other spelling. */
export function sameKey(address: string, kind: AminoSigner["kind"], account: string): boolean {
  if (kind === "account") return address === account;
  try {
    const { prefix, data } = fromBech32(account, 90); // 90: the bech32 spec limit (the default no longer parses)
    return address === toBech32(`${prefix}valoper`, data);
  } catch {
    return false; // an account that is not bech32 signs nothing
  }
}
