import { encodeSecp256k1Pubkey, makeCosmoshubPath, Secp256k1HdWallet } from "@cosmjs/amino";
import { fromBase64, toBase64 } from "@cosmjs/encoding";
import { DirectSecp256k1HdWallet, encodePubkey, makeAuthInfoBytes, makeSignDoc } from "@cosmjs/proto-signing";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { MultiSignature } from "cosmjs-types/cosmos/crypto/multisig/v1beta1/multisig";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { describe, expect, it } from "vitest";
import { cosmosRegistry } from "../../../shared/cosmos/signing.js";
import { assembleMultisig, multisigAccount } from "./multisig.js";
import { txToSdkJson } from "./protojson.js";
import { aminoSignDoc, type SignContext } from "./sign-bytes.js";
import { checkSignedFile, type ExportedTx } from "./signed-check.js";

/**
 * The check of a signed file against the chain's rules, with files a real wallet signs (CosmJS,
 * no chain needed): the high-S twin of a good signature and a multisig bit array of the wrong
 * length are refused in words, as the chain refuses them (shared/cosmos/auth/signature.ts).
 */

// Public test-only mnemonic (devnet/accounts.json, "alice"); the multisig's members are its accounts 0, 1 and 2.
const MNEMONIC = "voyage taxi dilemma float soda invest special ankle innocent bird roast enroll frame taxi sort shadow myth extend coral more sunny cover maple reveal";
const N = secp256k1.Point.CURVE().n;
const CONTEXT: SignContext = { chainId: "test-chain", accountNumber: 9n, sequence: 4n };
const FEE = [{ denom: "ucomet", amount: "700" }];
const GAS = 250_000n;

const bodyOf = (from: string) => cosmosRegistry.encodeTxBody({
  messages: [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: from, toAddress: from, amount: [{ denom: "ucomet", amount: "5" }] } }],
  memo: "signed elsewhere",
});

function highS(signature: Uint8Array): Uint8Array {
  const sig = secp256k1.Signature.fromBytes(signature, "compact");
  return new secp256k1.Signature(sig.r, N - sig.s).toBytes("compact");
}

const fileOf = (bodyBytes: Uint8Array, authInfoBytes: Uint8Array, signature: Uint8Array) => JSON.stringify(txToSdkJson(bodyBytes, authInfoBytes, [signature]));

/** One key's SIGN_MODE_DIRECT transaction, signed by a CosmJS wallet, and what was exported for it. */
async function directSigned() {
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(MNEMONIC);
  const [account] = await wallet.getAccounts();
  const bodyBytes = bodyOf(account!.address);
  const authInfoBytes = makeAuthInfoBytes([{ pubkey: encodePubkey(encodeSecp256k1Pubkey(account!.pubkey)), sequence: CONTEXT.sequence }], FEE, Number(GAS), undefined, undefined, SignMode.SIGN_MODE_DIRECT);
  const { signature } = await wallet.signDirect(account!.address, makeSignDoc(bodyBytes, authInfoBytes, CONTEXT.chainId, CONTEXT.accountNumber));
  const exported: ExportedTx = { signer: account!.address, bech32Prefix: "cosmos", bodyBytes, authInfoBytes, context: CONTEXT };
  return { exported, bodyBytes, authInfoBytes, signature: fromBase64(signature.signature) };
}

/** A 2-of-3 multisig's transaction, members 0 and 1 signing in LEGACY_AMINO_JSON, assembled as `simd tx multisign` does. */
async function multisigSigned() {
  const wallets = await Promise.all([0, 1, 2].map((i) => Secp256k1HdWallet.fromMnemonic(MNEMONIC, { hdPaths: [makeCosmoshubPath(i)] })));
  const accounts = await Promise.all(wallets.map(async (w) => (await w.getAccounts())[0]!));
  const { pubkey, address } = multisigAccount(accounts.map((a) => toBase64(a.pubkey)), 2, "cosmos");
  const bodyBytes = bodyOf(address);
  const authInfoBytes = AuthInfo.encode(AuthInfo.fromPartial({ signerInfos: [{ publicKey: encodePubkey(pubkey), sequence: CONTEXT.sequence }], fee: { amount: FEE, gasLimit: GAS } })).finish();
  const doc = aminoSignDoc(bodyBytes, authInfoBytes, CONTEXT);
  const members = pubkey.value.pubkeys.map((k) => accounts.findIndex((a) => toBase64(a.pubkey) === k.value));
  const signatures = new Map<string, Uint8Array>();
  for (const index of members.slice(0, 2)) {
    const { signature } = await wallets[index]!.signAmino(accounts[index]!.address, doc);
    signatures.set(accounts[index]!.address, fromBase64(signature.signature));
  }
  const tx = TxRaw.decode(assembleMultisig(pubkey, "cosmos", bodyBytes, authInfoBytes, CONTEXT.sequence, signatures));
  const exported: ExportedTx = { signer: address, bech32Prefix: "cosmos", bodyBytes, authInfoBytes, context: CONTEXT };
  return { exported, tx };
}

/** The multisig's file with its bit array replaced. */
function withBitArray(tx: TxRaw, extraBitsStored: number, elems: Uint8Array): string {
  const authInfo = AuthInfo.decode(tx.authInfoBytes);
  authInfo.signerInfos[0]!.modeInfo!.multi!.bitarray = { extraBitsStored, elems };
  return fileOf(tx.bodyBytes, AuthInfo.encode(authInfo).finish(), tx.signatures[0]!);
}

describe("a signed file's signature, by the chain's rules", () => {
  it("accepts a wallet's SIGN_MODE_DIRECT signature", async () => {
    const s = await directSigned();
    await expect(checkSignedFile(fileOf(s.bodyBytes, s.authInfoBytes, s.signature), s.exported)).resolves.toMatchObject({ mode: "direct" });
  });

  it("refuses the same signature with s replaced by n − s (high-S), in words", async () => {
    const s = await directSigned();
    await expect(checkSignedFile(fileOf(s.bodyBytes, s.authInfoBytes, highS(s.signature)), s.exported)).rejects.toMatchObject({
      code: "bad_signature",
      message: expect.stringMatching(/^the signature is high-S \(its s is over half the curve order\): the chain refuses such a malleable signature/),
    });
  });
});

describe("a signed multisig file's bit array", () => {
  it("accepts the bit array of the multisig's 3 members", async () => {
    const { exported, tx } = await multisigSigned();
    const checked = await checkSignedFile(fileOf(tx.bodyBytes, tx.authInfoBytes, tx.signatures[0]!), exported);
    expect(checked).toMatchObject({ mode: "multisig", members: { threshold: 2 } });
    expect(checked.members!.signed).toHaveLength(2);
  });

  it("refuses a bit array shorter than the members, though the bits it holds name the signers", async () => {
    const { exported, tx } = await multisigSigned();
    await expect(checkSignedFile(withBitArray(tx, 2, new Uint8Array([0b1100_0000])), exported)).rejects.toMatchObject({
      code: "invalid_file",
      message: "the multisig's bit array is too short: it holds 2 bits (1 byte, 2 extra bits) for the multisig's 3 members, and must hold one bit per member",
    });
  });

  it("refuses a bit array longer than the members", async () => {
    const { exported, tx } = await multisigSigned();
    await expect(checkSignedFile(withBitArray(tx, 0, new Uint8Array([0b1100_0000])), exported)).rejects.toThrow("the multisig's bit array is too long: it holds 8 bits (1 byte, 0 extra bits) for the multisig's 3 members");
  });

  it("refuses a member's high-S signature inside the multisig, naming the member", async () => {
    const { exported, tx } = await multisigSigned();
    const multi = MultiSignature.decode(tx.signatures[0]!);
    multi.signatures[1] = highS(multi.signatures[1]!);
    const file = fileOf(tx.bodyBytes, tx.authInfoBytes, MultiSignature.encode(multi).finish());
    await expect(checkSignedFile(file, exported)).rejects.toThrow(/^the signature of member cosmos1[a-z0-9]+ is high-S/);
  });
});
