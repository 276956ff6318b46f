import { readFileSync } from "node:fs";
import { ripemd160, sha256 } from "@cosmjs/crypto";
import { toBech32, toHex } from "@cosmjs/encoding";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { describe, expect, it } from "vitest";
import { decodeArmor, encodeArmor } from "./cli-armor.js";
import { aminoPrefix, decryptCliKey, encryptCliKey, fromAminoPrivKey, parseUnarmoredHex } from "./cli-key.js";

/** A recorded `simd keys export` (see its provenance field): the format as the devnet's CLI writes it. */
const SIMD = JSON.parse(readFileSync("electron/services/vault/test/simd-0.53.8-export.json", "utf8")) as { passphrase: string; armor: string; hex: string; address: string };

const addressOf = (privateKey: Uint8Array) => toBech32("cosmos", ripemd160(sha256(secp256k1.getPublicKey(privateKey, true))));
const KEY = Uint8Array.from(Buffer.from("8b1d4c5e5b3f9a0e7c2d6f4a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c", "hex"));

/** The armor with one base64 character of its body changed (the checksum line left as it was). */
function alterBody(armor: string): string {
  const lines = armor.split("\n");
  const at = lines.findIndex((l) => l === "") + 1;
  const line = lines[at]!;
  lines[at] = (line[0] === "A" ? "B" : "A") + line.slice(1);
  return lines.join("\n");
}

describe("keys from a node's CLI", () => {
  it("opens what simd v0.53 exports (argon2, chacha20-poly1305) to the key simd prints in hex, at simd's address", async () => {
    const key = await decryptCliKey(SIMD.armor, SIMD.passphrase);
    expect(toHex(key.privateKey)).toBe(SIMD.hex);
    expect(key.algo).toBe("secp256k1");
    expect(addressOf(key.privateKey)).toBe(SIMD.address);
  });

  it("takes the hex of --unarmored-hex --unsafe", () => {
    const key = parseUnarmoredHex(`${SIMD.hex}\n`, "secp256k1");
    expect(addressOf(key.privateKey)).toBe(SIMD.address);
  });

  it("round-trips a key through the bcrypt armor it writes, which names its kdf, salt and type", async () => {
    const armor = await encryptCliKey({ privateKey: KEY, algo: "secp256k1" }, "a passphrase");
    const { blockType, headers } = decodeArmor(armor);
    expect(blockType).toBe("TENDERMINT PRIVATE KEY");
    expect(headers).toMatchObject({ kdf: "bcrypt", type: "secp256k1" });
    expect(headers.salt).toMatch(/^[0-9A-F]{32}$/);
    const back = await decryptCliKey(armor, "a passphrase");
    expect(toHex(back.privateKey)).toBe(toHex(KEY));
  });

  it("round-trips an eth_secp256k1 key with its type header", async () => {
    const armor = await encryptCliKey({ privateKey: KEY, algo: "ethsecp256k1" }, "a passphrase");
    expect(decodeArmor(armor).headers.type).toBe("eth_secp256k1");
    expect((await decryptCliKey(armor, "a passphrase")).algo).toBe("ethsecp256k1");
  });

  it("refuses a wrong passphrase in words", async () => {
    await expect(decryptCliKey(SIMD.armor, "not the passphrase")).rejects.toMatchObject({ code: "cli_key_wrong_passphrase", message: expect.stringMatching(/passphrase does not open this key file/) });
  });

  it("refuses a wrong passphrase for the bcrypt armor too", async () => {
    const armor = await encryptCliKey({ privateKey: KEY, algo: "secp256k1" }, "a passphrase");
    await expect(decryptCliKey(armor, "another passphrase")).rejects.toMatchObject({ code: "cli_key_wrong_passphrase" });
  });

  it("refuses an armor cut short, and says it was", async () => {
    const cut = SIMD.armor.slice(0, SIMD.armor.indexOf("=") - 4);
    await expect(decryptCliKey(cut, SIMD.passphrase)).rejects.toMatchObject({ code: "cli_key_malformed", message: expect.stringMatching(/cut short/) });
  });

  it("refuses an armor whose checksum line was lost", async () => {
    const noCrc = SIMD.armor.replace(/\n=[^\n]+\n/, "\n");
    await expect(decryptCliKey(noCrc, SIMD.passphrase)).rejects.toMatchObject({ code: "cli_key_malformed", message: expect.stringMatching(/checksum line/) });
  });

  it("refuses an armor with a changed character: its CRC-24 does not match", async () => {
    await expect(decryptCliKey(alterBody(SIMD.armor), SIMD.passphrase)).rejects.toMatchObject({ code: "cli_key_malformed", message: expect.stringMatching(/checksum does not match/) });
  });

  it("refuses an altered body whose checksum was made to match: the cipher's tag catches it", async () => {
    const { headers, data, blockType } = decodeArmor(SIMD.armor);
    const altered = Uint8Array.from(data);
    altered[5]! ^= 1;
    await expect(decryptCliKey(encodeArmor({ blockType, headers, data: altered }), SIMD.passphrase)).rejects.toMatchObject({ code: "cli_key_wrong_passphrase", message: expect.stringMatching(/altered/) });
  });

  it("refuses another key type named in the type header", async () => {
    await expect(decryptCliKey(SIMD.armor.replace("type: secp256k1", "type: ed25519"), SIMD.passphrase)).rejects.toMatchObject({ code: "cli_key_type", message: expect.stringMatching(/ed25519 key; Cometdesk signs with secp256k1 keys only/) });
  });

  it("refuses a type header that does not match the key inside", async () => {
    await expect(decryptCliKey(SIMD.armor.replace("type: secp256k1", "type: eth_secp256k1"), SIMD.passphrase)).rejects.toMatchObject({ code: "cli_key_type", message: expect.stringMatching(/says its key is eth_secp256k1, but the key inside is secp256k1/) });
  });

  it("refuses an ed25519 key by its amino prefix", () => {
    const ed = Uint8Array.from([...aminoPrefix("tendermint/PrivKeyEd25519"), 0x40, ...new Uint8Array(64).fill(7)]);
    expect(() => fromAminoPrivKey(ed)).toThrow(/PrivKeyEd25519 key; Cometdesk signs with secp256k1 keys only/);
  });

  it("refuses another armored block (a public key export)", async () => {
    const pub = SIMD.armor.replaceAll("TENDERMINT PRIVATE KEY", "TENDERMINT PUBLIC KEY");
    await expect(decryptCliKey(pub, SIMD.passphrase)).rejects.toMatchObject({ code: "cli_key_type", message: expect.stringMatching(/holds a "TENDERMINT PUBLIC KEY"/) });
  });

  it("refuses an unknown key derivation header", async () => {
    await expect(decryptCliKey(SIMD.armor.replace("kdf: argon2", "kdf: pbkdf2"), SIMD.passphrase)).rejects.toMatchObject({ code: "cli_key_malformed", message: expect.stringMatching(/"pbkdf2" is not one/) });
  });

  it("refuses hex that is not 32 bytes", () => {
    expect(() => parseUnarmoredHex(SIMD.hex.slice(2), "secp256k1")).toThrow(/64 hexadecimal characters/);
  });
});
