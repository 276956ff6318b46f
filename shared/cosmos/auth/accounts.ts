import { accountFromAny } from "@cosmjs/stargate";
import type { Any } from "cosmjs-types/google/protobuf/any";

/** The number and sequence a sign doc needs, from any account type CosmJS knows (base, vesting, module). */
export function accountNumbers(account: Any): { accountNumber: bigint; sequence: bigint } {
  const parsed = accountFromAny(account);
  return { accountNumber: parsed.accountNumber, sequence: BigInt(parsed.sequence) };
}
