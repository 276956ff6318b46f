import { createMultisigThresholdPubkey, encodeSecp256k1Pubkey, makeCosmoshubPath, type MultisigThresholdPubkey, pubkeyToAddress, Secp256k1HdWallet } from "@cosmjs/amino";
import { fromBech32, toBase64, toBech32 } from "@cosmjs/encoding";
import { encodePubkey } from "@cosmjs/proto-signing";
import { SigningStargateClient, type StdFee } from "@cosmjs/stargate";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { LegacyAminoPubKey } from "cosmjs-types/cosmos/crypto/multisig/keys";
import { MultiSignature } from "cosmjs-types/cosmos/crypto/multisig/v1beta1/multisig";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { describe, expect, it } from "vitest";
import { cosmosAminoTypes, cosmosRegistry } from "../../shared/cosmos/signing.js";
import { ApiError } from "./errors.js";
import { decodeSignedTx, verifySignedTx } from "./signed-tx.js";

// Public test-only mnemonic (devnet/accounts.json, "alice"); members of the multisig are its accounts 0, 1 and 2.
const MNEMONIC = "voyage taxi dilemma float soda invest special ankle innocent bird roast enroll frame taxi sort shadow myth extend coral more sunny cover maple reveal";
const CHAIN = "test-chain";
const ACCOUNT_NUMBER = 9n;
const FEE: StdFee = { amount: [{ denom: "ucomet", amount: "700" }], gas: "250000" };
const valoper = (address: string) => toBech32("cosmosvaloper", fromBech32(address, 90).data);
const delegate = (delegator: string, amount = "10") => ({ typeUrl: "/cosmos.staking.v1beta1.MsgDelegate", value: { delegatorAddress: delegator, validatorAddress: valoper(delegator), amount: { denom: "ustake", amount } } });
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error("it was accepted");
};

/** A member key as a client holds it for LEGACY_AMINO_JSON (what a Ledger or `simd tx sign --sign-mode amino-json` does). */
async function member(index: number) {
  const wallet = await Secp256k1HdWallet.fromMnemonic(MNEMONIC, { hdPaths: [makeCosmoshubPath(index)] });
  const [account] = await wallet.getAccounts();
  const client = await SigningStargateClient.offline(wallet, { registry: cosmosRegistry, aminoTypes: cosmosAminoTypes });
  return { address: account!.address, pubkey: encodeSecp256k1Pubkey(account!.pubkey), client };
}

describe("LEGACY_AMINO_JSON signers of {txBytes}", () => {
  it("verifies one key's amino JSON signature over the sign doc rebuilt from the body, and refuses it for another chain or account", async () => {
    const alice = await member(0);
    const signed = await alice.client.sign(alice.address, [delegate(alice.address)], FEE, "ünïcode memo", { accountNumber: ACCOUNT_NUMBER, sequence: 3, chainId: CHAIN }, 1234n);
    const tx = decodeSignedTx(toBase64(TxRaw.encode(signed).finish()), "cosmos");
    expect(tx).toMatchObject({ signer: alice.address, sequence: 3n, memo: "ünïcode memo", timeoutHeight: 1234n, signerKey: { kind: "single", mode: "amino" } });
    expect(() => verifySignedTx(tx, CHAIN, ACCOUNT_NUMBER)).not.toThrow();
    expect(refusal(() => verifySignedTx(tx, "other-chain", ACCOUNT_NUMBER))).toMatchObject({ status: 422, code: "invalid_signature", message: expect.stringContaining("SIGN_MODE_LEGACY_AMINO_JSON") });
    expect(refusal(() => verifySignedTx(tx, CHAIN, ACCOUNT_NUMBER + 1n))).toMatchObject({ status: 422, code: "invalid_signature" });
  });
});

/**
 * The TxRaw `simd tx multisign` makes: the multisig key in AuthInfo, mode info multi with the bit
 * array of the members who signed (each LEGACY_AMINO_JSON), and their signatures in a MultiSignature.
 */
function multisignedTx(key: MultisigThresholdPubkey, sequence: bigint, bodyBytes: Uint8Array, signatures: ReadonlyArray<Uint8Array | undefined>): Uint8Array {
  const size = key.value.pubkeys.length;
  const elems = new Uint8Array(Math.ceil(size / 8));
  signatures.forEach((s, i) => {
    if (s) elems[i >> 3]! |= 1 << (7 - (i % 8));
  });
  const present = signatures.filter((s): s is Uint8Array => s !== undefined);
  const authInfoBytes = AuthInfo.encode(AuthInfo.fromPartial({
    signerInfos: [{
      publicKey: encodePubkey(key),
      modeInfo: { multi: { bitarray: { elems, extraBitsStored: size % 8 }, modeInfos: present.map(() => ({ single: { mode: SignMode.SIGN_MODE_LEGACY_AMINO_JSON } })) } },
      sequence,
    }],
    fee: { amount: [...FEE.amount], gasLimit: BigInt(FEE.gas) },
  })).finish();
  return TxRaw.encode({ bodyBytes, authInfoBytes, signatures: [MultiSignature.encode({ signatures: present }).finish()] }).finish();
}

describe("a multisig signer of {txBytes}", () => {
  async function multisig(threshold: number, signing: number[]) {
    const members = await Promise.all([0, 1, 2].map(member));
    // As `simd keys add --multisig` keeps them: in the order given (no sorting).
    const key: MultisigThresholdPubkey = createMultisigThresholdPubkey(members.map((m) => m.pubkey), threshold, true);
    const address = pubkeyToAddress(key, "cosmos");
    const signatures: Array<Uint8Array | undefined> = [undefined, undefined, undefined];
    let bodyBytes: Uint8Array = new Uint8Array();
    for (const i of signing) {
      const signed = await members[i]!.client.sign(members[i]!.address, [delegate(address, "25")], FEE, "treasury", { accountNumber: ACCOUNT_NUMBER, sequence: 5, chainId: CHAIN });
      bodyBytes = signed.bodyBytes;
      signatures[i] = signed.signatures[0]!;
    }
    return { key, address, members, bodyBytes, signatures, raw: multisignedTx(key, 5n, bodyBytes, signatures) };
  }

  it("finds the multisig's address, and verifies each member's amino JSON signature: 2 of 3", async () => {
    const { address, raw } = await multisig(2, [0, 2]);
    const tx = decodeSignedTx(toBase64(raw), "cosmos");
    expect(tx).toMatchObject({ signer: address, sequence: 5n, kind: "Delegate", signerKey: { kind: "multisig", threshold: 2, signed: [{ member: 0 }, { member: 2 }] } });
    expect(() => verifySignedTx(tx, CHAIN, ACCOUNT_NUMBER)).not.toThrow();
    expect(refusal(() => verifySignedTx(tx, "other-chain", ACCOUNT_NUMBER))).toMatchObject({ status: 422, code: "invalid_signature", message: expect.stringContaining("member 0") });
  });

  it("refuses fewer signatures than the threshold, a member's signature over another transaction, and a nested multisig, in words", async () => {
    const short = await multisig(2, [1]);
    expect(refusal(() => decodeSignedTx(toBase64(short.raw), "cosmos"))).toMatchObject({ status: 422, code: "below_threshold", message: "the multisig needs 2 of its 3 members' signatures; it carries 1" });

    const { raw, key, members, address, bodyBytes, signatures } = await multisig(2, [0, 1]);
    const decoded = TxRaw.decode(raw);
    // Member 1's signature swapped for one it made over another amount: the multisig's bytes still parse.
    const forged = await members[1]!.client.sign(members[1]!.address, [delegate(address, "26")], FEE, "treasury", { accountNumber: ACCOUNT_NUMBER, sequence: 5, chainId: CHAIN });
    const mixed = multisignedTx(key, 5n, bodyBytes, [signatures[0], forged.signatures[0]!, undefined]);
    expect(refusal(() => verifySignedTx(decodeSignedTx(toBase64(mixed), "cosmos"), CHAIN, ACCOUNT_NUMBER))).toMatchObject({ status: 422, code: "invalid_signature", message: expect.stringContaining("member 1's signature") });

    const auth = AuthInfo.decode(decoded.authInfoBytes);
    const inner = auth.signerInfos[0]!.publicKey!;
    const nestedKey = LegacyAminoPubKey.encode({ threshold: 1, publicKeys: [inner, ...LegacyAminoPubKey.decode(inner.value).publicKeys.slice(1)] }).finish();
    const nested = TxRaw.encode({ ...decoded, authInfoBytes: AuthInfo.encode({ ...auth, signerInfos: [{ ...auth.signerInfos[0]!, publicKey: { typeUrl: inner.typeUrl, value: nestedKey } }] }).finish() }).finish();
    expect(refusal(() => decodeSignedTx(toBase64(nested), "cosmos"))).toMatchObject({ status: 422, code: "unverifiable_signer", message: expect.stringContaining("member 0 of the multisig is itself a multisig") });
  });

  it("refuses a member's high-S twin of its signature, and a bit array shorter or longer than the members, in words", async () => {
    const { raw, key, bodyBytes, signatures } = await multisig(2, [0, 1]);
    const sig = secp256k1.Signature.fromBytes(signatures[1]!, "compact");
    const twin = new secp256k1.Signature(sig.r, secp256k1.Point.CURVE().n - sig.s).toBytes("compact");
    const highS = multisignedTx(key, 5n, bodyBytes, [signatures[0], twin, undefined]);
    expect(refusal(() => verifySignedTx(decodeSignedTx(toBase64(highS), "cosmos"), CHAIN, ACCOUNT_NUMBER))).toMatchObject({
      status: 422, code: "invalid_signature", message: expect.stringMatching(/^member 1's signature is high-S \(its s is over half the curve order\)/),
    });

    const decoded = TxRaw.decode(raw);
    const withBits = (extraBitsStored: number, elems: Uint8Array) => {
      const auth = AuthInfo.decode(decoded.authInfoBytes);
      auth.signerInfos[0]!.modeInfo!.multi!.bitarray = { extraBitsStored, elems };
      return toBase64(TxRaw.encode({ ...decoded, authInfoBytes: AuthInfo.encode(auth).finish() }).finish());
    };
    expect(refusal(() => decodeSignedTx(withBits(2, new Uint8Array([0b1100_0000])), "cosmos"))).toMatchObject({
      status: 400, code: "invalid_tx", message: "the multisig's bit array is too short: it holds 2 bits (1 byte, 2 extra bits) for the multisig's 3 members, and must hold one bit per member",
    });
    expect(refusal(() => decodeSignedTx(withBits(0, new Uint8Array([0b1100_0000])), "cosmos"))).toMatchObject({ status: 400, code: "invalid_tx", message: expect.stringContaining("is too long: it holds 8 bits") });
  });
});
