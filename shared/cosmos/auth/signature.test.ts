import { Secp256k1HdWallet, serializeSignDoc, makeSignDoc, type StdSignDoc } from "@cosmjs/amino";
import { fromBase64 } from "@cosmjs/encoding";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { describe, expect, it } from "vitest";
import { BitArrayError, bitArrayMembers, bitArraySize, secp256k1KeyProblem, secp256k1SignatureProblem, secp256k1Signers, verifySecp256k1 } from "./signature.js";

// Public test-only mnemonic (devnet/accounts.json, "alice").
const MNEMONIC = "voyage taxi dilemma float soda invest special ankle innocent bird roast enroll frame taxi sort shadow myth extend coral more sunny cover maple reveal";
const N = secp256k1.Point.CURVE().n;

/** A real amino JSON signature as a wallet makes it (CosmJS signAmino), with its sign bytes and key. */
async function signed(memo = "m") {
  const wallet = await Secp256k1HdWallet.fromMnemonic(MNEMONIC);
  const [account] = await wallet.getAccounts();
  const doc: StdSignDoc = makeSignDoc([], { amount: [{ denom: "ucomet", amount: "500" }], gas: "200000" }, "test-chain", memo, 9, 3);
  const { signature } = await wallet.signAmino(account!.address, doc);
  return { pubkey: account!.pubkey, signBytes: serializeSignDoc(doc), signature: fromBase64(signature.signature) };
}

/** The same signature with s replaced by n − s: it verifies on the curve, and the chain refuses it. */
function highS(signature: Uint8Array): Uint8Array {
  const sig = secp256k1.Signature.fromBytes(signature, "compact");
  return new secp256k1.Signature(sig.r, N - sig.s).toBytes("compact");
}

describe("secp256k1 signatures by the chain's rules", () => {
  it("accepts a wallet's signature over sha256 of its sign bytes, and recovers its key", async () => {
    const s = await signed();
    expect(secp256k1SignatureProblem(s.signature)).toBeUndefined();
    expect(verifySecp256k1(s.signature, s.signBytes, s.pubkey)).toBe(true);
    expect(secp256k1Signers(s.signature, s.signBytes)).toContainEqual(s.pubkey);
  });

  it("refuses the same signature with s replaced by n − s (high-S), in words, though the curve alone would take it", async () => {
    const s = await signed();
    const high = highS(s.signature);
    expect(secp256k1.verify(high, s.signBytes, s.pubkey, { lowS: false })).toBe(true);
    expect(secp256k1SignatureProblem(high)).toMatch(/^is high-S \(its s is over half the curve order\)/);
    expect(verifySecp256k1(high, s.signBytes, s.pubkey)).toBe(false);
    expect(secp256k1Signers(high, s.signBytes)).toEqual([]);
  });

  it("refuses a signature over other bytes, and wrong lengths of signature and key", async () => {
    const s = await signed();
    const other = await signed("another memo");
    expect(verifySecp256k1(s.signature, other.signBytes, s.pubkey)).toBe(false);
    expect(secp256k1SignatureProblem(s.signature.subarray(0, 63))).toBe("holds 63 bytes; a secp256k1 signature (r‖s) holds 64");
    expect(verifySecp256k1(new Uint8Array([...s.signature, 0]), s.signBytes, s.pubkey)).toBe(false);
    const uncompressed = secp256k1.Point.fromBytes(s.pubkey).toBytes(false);
    expect(secp256k1KeyProblem(uncompressed)).toBe("holds 65 bytes; a compressed secp256k1 key holds 33, starting 02 or 03");
    expect(verifySecp256k1(s.signature, s.signBytes, uncompressed)).toBe(false);
    expect(secp256k1KeyProblem(new Uint8Array([2, ...new Uint8Array(32).fill(0xff)]))).toBe("is not a point on the secp256k1 curve");
  });

  it("refuses an r or s of zero or not below the curve order", async () => {
    const s = await signed();
    const zeroS = new Uint8Array(s.signature);
    zeroS.fill(0, 32);
    expect(secp256k1SignatureProblem(zeroS)).toBe("has an r or s of zero or not below the curve order");
    const bigR = new Uint8Array(s.signature);
    bigR.fill(0xff, 0, 32);
    expect(secp256k1SignatureProblem(bigR)).toBe("has an r or s of zero or not below the curve order");
  });
});

describe("a multisig's CompactBitArray", () => {
  it("decodes the members a correct array marks, most significant bit first", () => {
    // 10 members: bytes 1010 0000 and 01 (the last byte's 2 stored bits), members 0, 2 and 9.
    const bits = { extraBitsStored: 2, elems: new Uint8Array([0b1010_0000, 0b0100_0000]) };
    expect(bitArraySize(bits)).toBe(10);
    expect(bitArrayMembers(bits, 10)).toEqual([0, 2, 9]);
    expect(bitArrayMembers({ extraBitsStored: 0, elems: new Uint8Array([0b1000_0001]) }, 8)).toEqual([0, 7]);
  });

  it("refuses an array shorter than the members: fewer stored bits, or too few bytes", () => {
    const short = { extraBitsStored: 2, elems: new Uint8Array([0b1100_0000]) };
    expect(() => bitArrayMembers(short, 3)).toThrow(BitArrayError);
    expect(() => bitArrayMembers(short, 3)).toThrow("the multisig's bit array is too short: it holds 2 bits (1 byte, 2 extra bits) for the multisig's 3 members, and must hold one bit per member");
    expect(() => bitArrayMembers({ extraBitsStored: 2, elems: new Uint8Array([0xff]) }, 10)).toThrow(/is too short: it holds 2 bits/);
    expect(() => bitArrayMembers({ extraBitsStored: 3, elems: new Uint8Array() }, 3)).toThrow("it says 3 extra bits are stored and holds no byte to store them in");
    expect(() => bitArrayMembers({ extraBitsStored: 0, elems: new Uint8Array() }, 1)).toThrow(/is too short: it holds 0 bits/);
  });

  it("refuses an array longer than the members, and more extra bits than a byte holds", () => {
    expect(() => bitArrayMembers({ extraBitsStored: 0, elems: new Uint8Array([0b1100_0000]) }, 3)).toThrow("the multisig's bit array is too long: it holds 8 bits (1 byte, 0 extra bits) for the multisig's 3 members, and must hold one bit per member");
    expect(() => bitArrayMembers({ extraBitsStored: 3, elems: new Uint8Array([0b1100_0000, 0]) }, 3)).toThrow(/is too long: it holds 11 bits/);
    expect(() => bitArrayMembers({ extraBitsStored: 11, elems: new Uint8Array([0b1100_0000]) }, 11)).toThrow(/malformed: it says 11 extra bits are stored/);
  });
});
