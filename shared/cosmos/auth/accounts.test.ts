import { BinaryWriter } from "cosmjs-types/binary";
import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { PermanentLockedAccount } from "cosmjs-types/cosmos/vesting/v1beta1/vesting";
import { describe, expect, it } from "vitest";
import { accountNumbers } from "./accounts.js";

const base = BaseAccount.fromPartial({ address: "inj1x2ck0ql2ngyxqtw8jteyc0tchwnwxv7npaungt", accountNumber: 4242n, sequence: 17n });

/**
 * An EthAccount as the chain encodes it: field 1 the BaseAccount, field 2 the code hash. Shapes:
 * evmos/ethermint proto/ethermint/types/v1/account.proto (v0.22: `string code_hash = 2`) and
 * InjectiveLabs/injective-core proto/injective/types/v1beta1/account.proto (`bytes code_hash = 2`).
 */
function ethAccount(codeHash: (w: BinaryWriter) => void): Uint8Array {
  const w = new BinaryWriter();
  BaseAccount.encode(base, w.uint32(10).fork()).ldelim();
  codeHash(w.uint32(18));
  return w.finish();
}

describe("an account's number and sequence", () => {
  it("reads Ethermint's and Injective's EthAccount, which CosmJS refuses", () => {
    const ethermint = { typeUrl: "/ethermint.types.v1.EthAccount", value: ethAccount((w) => w.string("0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470")) };
    const injective = { typeUrl: "/injective.types.v1beta1.EthAccount", value: ethAccount((w) => w.bytes(new Uint8Array(32).fill(0xc5))) };
    for (const any of [ethermint, injective]) expect(accountNumbers(any)).toEqual({ accountNumber: 4242n, sequence: 17n });
  });

  it("reads an account type CosmJS does not know when it embeds a BaseAccount as the SDK's do", () => {
    const value = PermanentLockedAccount.encode(PermanentLockedAccount.fromPartial({ baseVestingAccount: { baseAccount: base, originalVesting: [{ denom: "inj", amount: "5" }] } })).finish();
    expect(accountNumbers({ typeUrl: "/cosmos.vesting.v1beta1.PermanentLockedAccount", value })).toEqual({ accountNumber: 4242n, sequence: 17n });
    expect(accountNumbers({ typeUrl: "/cosmos.auth.v1beta1.BaseAccount", value: BaseAccount.encode(base).finish() })).toEqual({ accountNumber: 4242n, sequence: 17n });
  });

  it("says in words when an account holds no base account", () => {
    expect(() => accountNumbers({ typeUrl: "/some.chain.v1.OddAccount", value: new Uint8Array([8, 1]) })).toThrow(/OddAccount, which holds no base account/);
    expect(() => accountNumbers({ typeUrl: "/ethermint.types.v1.EthAccount", value: new Uint8Array() })).toThrow(/without its base account/);
  });
});
