import { accountFromAny } from "@cosmjs/stargate";
import { BinaryReader } from "cosmjs-types/binary";
import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import type { Any } from "cosmjs-types/google/protobuf/any";

/**
 * Account types whose field 1 is the `cosmos.auth.v1beta1.BaseAccount`, beside a code hash:
 * evmos/ethermint `proto/ethermint/types/v1/account.proto` (EthAccount, code_hash string) and
 * InjectiveLabs/injective-core `proto/injective/types/v1beta1/account.proto` (code_hash bytes).
 * cosmos/evm keeps plain BaseAccounts.
 */
const ETH_ACCOUNTS = new Set(["/ethermint.types.v1.EthAccount", "/injective.types.v1beta1.EthAccount"]);

/** How deep an unknown account type may nest its BaseAccount (vesting over base is two). */
const MAX_NESTING = 4;

/**
 * The number and sequence a sign doc needs, from any account type: the ones CosmJS knows (base,
 * vesting, module), the EVM chains' EthAccount, and any other type that embeds a BaseAccount as
 * field 1 the way the SDK's own types do (PermanentLockedAccount, a chain's own vesting account).
 */
export function accountNumbers(account: Any): { accountNumber: bigint; sequence: bigint } {
  if (ETH_ACCOUNTS.has(account.typeUrl)) {
    const inner = firstField(account.value);
    if (!inner) throw new Error(`the chain answered an ${account.typeUrl} without its base account`);
    const base = BaseAccount.decode(inner);
    return { accountNumber: base.accountNumber, sequence: base.sequence };
  }
  try {
    const parsed = accountFromAny(account);
    return { accountNumber: parsed.accountNumber, sequence: BigInt(parsed.sequence) };
  } catch {
    const nested = embeddedBaseAccount(account.value, MAX_NESTING);
    if (!nested) throw new Error(`the chain answered an account of type ${account.typeUrl}, which holds no base account this app can read`);
    return { accountNumber: nested.accountNumber, sequence: nested.sequence };
  }
}

/** The BaseAccount at `bytes` or down its chain of first fields: the one whose field 1 is a bech32 address. */
function embeddedBaseAccount(bytes: Uint8Array, depth: number): BaseAccount | undefined {
  try {
    const base = BaseAccount.decode(bytes);
    if (/^[a-z][a-z0-9]*1[02-9ac-hj-np-z]{6,}$/.test(base.address)) return base;
  } catch {
    // not a BaseAccount: its first field may hold one
  }
  const inner = depth > 0 ? firstField(bytes) : undefined;
  return inner ? embeddedBaseAccount(inner, depth - 1) : undefined;
}

/** The bytes of field 1 of a protobuf message when it is length-delimited, else undefined. */
function firstField(bytes: Uint8Array): Uint8Array | undefined {
  try {
    const reader = new BinaryReader(bytes);
    while (reader.pos < reader.len) {
      const tag = reader.uint32();
      if (tag >>> 3 === 1 && (tag & 7) === 2) return reader.bytes();
      reader.skipType(tag & 7);
    }
  } catch {
    // truncated or not protobuf
  }
  return undefined;
}
