import { Secp256k1HdWallet } from "@cosmjs/amino";
import { fromBase64 } from "@cosmjs/encoding";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { describe, expect, it } from "vitest";
import { ApiError } from "./errors.js";
import { signBytes, transferSignDoc } from "./sign-doc.js";
import { verifiedSigner } from "./signature.js";
import type { Transfer } from "./transfer.js";

// Public test-only mnemonic (devnet/accounts.json, "alice").
const MNEMONIC = "voyage taxi dilemma float soda invest special ankle innocent bird roast enroll frame taxi sort shadow myth extend coral more sunny cover maple reveal";
const OTHER = "dress desk all anxiety clutch antique vacant february junk scrub hurry veteran tag shrimp novel shrug claim above fall rival advance ice destroy pet";

async function signed(mnemonic: string, timeoutHeight = 0n) {
  const wallet = await Secp256k1HdWallet.fromMnemonic(mnemonic);
  const [account] = await wallet.getAccounts();
  const transfer: Transfer = { from: account!.address, to: account!.address, amount: { amount: 5n, denom: "ucomet" }, nonce: 3n, memo: "m", fee: { amount: 500n, denom: "ucomet" }, gas: 200000n, timeoutHeight };
  const doc = transferSignDoc(transfer, "test-chain", 9n);
  const { signature } = await wallet.signAmino(account!.address, doc);
  return { address: account!.address, pubkey: account!.pubkey, message: signBytes(doc), signature: fromBase64(signature.signature), doc };
}

describe("verifiedSigner", () => {
  it("recovers the key of a CosmJS signAmino signature without being given it", async () => {
    const s = await signed(MNEMONIC);
    expect(verifiedSigner(s.signature, s.message, s.address, "cosmos")).toEqual(s.pubkey);
  });

  it("verifies against a given publicKey, and refuses one that does not derive from", async () => {
    const s = await signed(MNEMONIC);
    const other = await signed(OTHER);
    expect(verifiedSigner(s.signature, s.message, s.address, "cosmos", s.pubkey)).toEqual(s.pubkey);
    expect(() => verifiedSigner(s.signature, s.message, s.address, "cosmos", other.pubkey)).toThrow(ApiError);
  });

  it("refuses another key's signature and a signature over other bytes", async () => {
    const s = await signed(MNEMONIC);
    const other = await signed(OTHER);
    expect(() => verifiedSigner(other.signature, s.message, s.address, "cosmos")).toThrow(/not made by the key/);
    expect(() => verifiedSigner(s.signature, other.message, s.address, "cosmos")).toThrow(ApiError);
  });

  it("refuses the high-S twin of a valid signature (malleability)", async () => {
    const s = await signed(MNEMONIC);
    const sig = secp256k1.Signature.fromBytes(s.signature);
    const high = new secp256k1.Signature(sig.r, secp256k1.Point.CURVE().n - sig.s).toBytes();
    expect(() => verifiedSigner(high, s.message, s.address, "cosmos")).toThrow(ApiError);
  });

  it("signs over timeout_height only when it is set", async () => {
    expect((await signed(MNEMONIC)).doc).not.toHaveProperty("timeout_height");
    expect((await signed(MNEMONIC, 77n)).doc).toMatchObject({ timeout_height: "77", account_number: "9", sequence: "3", chain_id: "test-chain" });
  });
});
