import { sha256 } from "@noble/hashes/sha2.js";
import { argon2idAsync } from "@noble/hashes/argon2.js";
import { chacha20poly1305 } from "@noble/ciphers/chacha.js";
import { xsalsa20poly1305 } from "@noble/ciphers/salsa.js";
import { randomBytes } from "@noble/ciphers/utils.js";
import bcrypt from "bcryptjs";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import type { KeyAlgo } from "../../../shared/network/key-facts.js";
import { AppError } from "../app-error.js";
import { decodeArmor, encodeArmor } from "./cli-armor.js";
import { kdfGate } from "./vault-crypto.js";

/**
 * Private keys as a node's CLI exports them (Cosmos SDK `crypto/armor.go`, read at v0.53.8):
 * armor type "TENDERMINT PRIVATE KEY", headers `kdf`, `salt` (hex, 16 bytes) and `type` (the key
 * algorithm, "secp256k1" when absent); the body is the legacy-amino PrivKey, encrypted:
 * - `kdf: bcrypt` (SDK ≤ 0.50, and what every version reads): key = SHA-256 of the bcrypt hash
 *   string, cost 12, over the passphrase and the salt; body = 24-byte nonce ‖ xsalsa20-poly1305.
 * - `kdf: argon2` (SDK 0.53 writes it): key = argon2id(t 1, m 64 MiB, p 4, 32 bytes); body =
 *   chacha20-poly1305 under an all-zero nonce (the salt is fresh per export, so the key is too).
 * The amino PrivKey is its type's 4-byte prefix, the length 0x20, and the 32 key bytes.
 */
export const CLI_KEY_BLOCK = "TENDERMINT PRIVATE KEY";
const BCRYPT_COST = 12;

/** Names of the private key types, by the algorithm the armor's `type` header names. */
const PRIVKEY_NAMES: Readonly<Record<string, KeyAlgo>> = {
  "tendermint/PrivKeySecp256k1": "secp256k1",
  "ethermint/PrivKeyEthSecp256k1": "ethsecp256k1",
  "cosmos/PrivKeyEthSecp256k1": "ethsecp256k1",
  "os/PrivKeyEthSecp256k1": "ethsecp256k1",
  "injective/PrivKeyEthSecp256k1": "ethsecp256k1",
};
/** The other types a CLI can export, named in the refusal. */
const OTHER_NAMES = ["tendermint/PrivKeyEd25519", "tendermint/PrivKeySr25519"];

/** Amino's 4-byte type prefix: SHA-256 of the name, leading zero bytes dropped, 3 bytes skipped (go-amino `nameToDisfix`). */
export function aminoPrefix(name: string): Uint8Array {
  const hash = sha256(new TextEncoder().encode(name));
  let i = 0;
  while (hash[i] === 0) i++;
  i += 3;
  while (hash[i] === 0) i++;
  return hash.slice(i, i + 4);
}
const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The armor's `type` header for an algorithm, as the SDK writes it. */
const TYPE_HEADER: Readonly<Record<KeyAlgo, string>> = { secp256k1: "secp256k1", ethsecp256k1: "eth_secp256k1" };

export class CliKeyError extends AppError {}

export interface CliKey {
  readonly privateKey: Uint8Array;
  readonly algo: KeyAlgo;
}

/** The key of an amino-encoded PrivKey, refused in words when it is another type. */
export function fromAminoPrivKey(bytes: Uint8Array): CliKey {
  const prefix = bytes.subarray(0, 4);
  const name = Object.keys(PRIVKEY_NAMES).find((n) => sameBytes(aminoPrefix(n), prefix));
  if (!name) {
    const other = OTHER_NAMES.find((n) => sameBytes(aminoPrefix(n), prefix));
    throw new CliKeyError("cli_key_type", other ? `the key is a ${other.split("/")[1]} key; Cometdesk signs with secp256k1 keys only` : "the key is of a type Cometdesk does not know (its amino prefix is not a secp256k1 key's)");
  }
  if (bytes.length !== 37 || bytes[4] !== 0x20) throw new CliKeyError("cli_key_malformed", "the key inside the file is not 32 bytes long");
  const privateKey = bytes.slice(5);
  if (!secp256k1.utils.isValidSecretKey(privateKey)) throw new CliKeyError("cli_key_malformed", "the key inside the file is not a valid secp256k1 key");
  return { privateKey, algo: PRIVKEY_NAMES[name]! };
}

/** A key's amino encoding, under the name its algorithm's CLI gives it. */
export function toAminoPrivKey(key: CliKey): Uint8Array {
  const name = key.algo === "secp256k1" ? "tendermint/PrivKeySecp256k1" : "ethermint/PrivKeyEthSecp256k1";
  return Uint8Array.from([...aminoPrefix(name), 0x20, ...key.privateKey]);
}

/** The bcrypt salt as the SDK's fork encodes it: base64 in bcrypt's alphabet, unpadded (22 characters for 16 bytes). */
async function bcryptKey(passphrase: string, salt: Uint8Array): Promise<Uint8Array> {
  const hash = await kdfGate.run(() => bcrypt.hash(passphrase, `$2a$${BCRYPT_COST}$${bcrypt.encodeBase64(Array.from(salt), salt.length)}`));
  return sha256(new TextEncoder().encode(hash));
}

const argon2Key = (passphrase: string, salt: Uint8Array) =>
  kdfGate.run(() => argon2idAsync(new TextEncoder().encode(passphrase), salt, { t: 1, m: 64 * 1024, p: 4, dkLen: 32, maxmem: 2 ** 28 }));

const wrongPassphrase = () => new CliKeyError("cli_key_wrong_passphrase", "the passphrase does not open this key file (or its encrypted part was altered): type the passphrase given to `simd keys export`");

/** Opens what `simd keys export <name>` wrote, with its passphrase. */
export async function decryptCliKey(armorText: string, passphrase: string): Promise<CliKey> {
  const armor = decodeArmor(armorText);
  if (armor.blockType !== CLI_KEY_BLOCK) throw new CliKeyError("cli_key_type", `the file holds a "${armor.blockType}", not a "${CLI_KEY_BLOCK}": export the private key with \`simd keys export <name>\``);
  const typeHeader = armor.headers.type ?? "secp256k1";
  if (typeHeader !== "secp256k1" && typeHeader !== "eth_secp256k1") throw new CliKeyError("cli_key_type", `the key is a ${typeHeader} key; Cometdesk signs with secp256k1 keys only`);
  const salt = /^[0-9A-Fa-f]{32}$/.test(armor.headers.salt ?? "") ? Uint8Array.from(Buffer.from(armor.headers.salt!, "hex")) : undefined;
  if (!salt) throw new CliKeyError("cli_key_malformed", "its salt header is missing or is not 16 bytes of hex");
  let plain: Uint8Array;
  const kdf = armor.headers.kdf;
  if (kdf === "bcrypt") {
    if (armor.data.length <= 24 + 16) throw new CliKeyError("cli_key_malformed", "its encrypted part is too short");
    const key = await bcryptKey(passphrase, salt);
    try {
      plain = xsalsa20poly1305(key, armor.data.subarray(0, 24)).decrypt(armor.data.subarray(24));
    } catch {
      throw wrongPassphrase();
    }
  } else if (kdf === "argon2") {
    if (armor.data.length <= 16) throw new CliKeyError("cli_key_malformed", "its encrypted part is too short");
    const key = await argon2Key(passphrase, salt);
    try {
      plain = chacha20poly1305(key, new Uint8Array(12)).decrypt(armor.data);
    } catch {
      throw wrongPassphrase();
    }
  } else {
    throw new CliKeyError("cli_key_malformed", `its key derivation "${kdf ?? "(none)"}" is not one a Cosmos SDK CLI writes (bcrypt or argon2)`);
  }
  const key = fromAminoPrivKey(plain);
  plain.fill(0);
  if (TYPE_HEADER[key.algo] !== typeHeader) throw new CliKeyError("cli_key_type", `the file says its key is ${typeHeader}, but the key inside is ${TYPE_HEADER[key.algo]}`);
  return key;
}

/** What `simd keys export <name> --unarmored-hex --unsafe` prints: the 32 key bytes in hex. */
export function parseUnarmoredHex(text: string, algo: KeyAlgo): CliKey {
  const hex = text.trim();
  if (!/^(0x)?[0-9A-Fa-f]{64}$/.test(hex)) throw new CliKeyError("cli_key_malformed", "the hex is not 64 hexadecimal characters (32 bytes), as `simd keys export --unarmored-hex --unsafe` prints");
  const privateKey = Uint8Array.from(Buffer.from(hex.replace(/^0x/, ""), "hex"));
  if (!secp256k1.utils.isValidSecretKey(privateKey)) throw new CliKeyError("cli_key_malformed", "the hex is not a valid secp256k1 key");
  return { privateKey, algo };
}

/**
 * The armor `simd keys import <name> <file>` reads, with the bcrypt KDF: every SDK version
 * reads it (0.53 reads bcrypt and argon2; older ones bcrypt only).
 */
export async function encryptCliKey(key: CliKey, passphrase: string): Promise<string> {
  const salt = randomBytes(16);
  const secret = await bcryptKey(passphrase, salt);
  const nonce = randomBytes(24);
  const plain = toAminoPrivKey(key);
  const sealed = xsalsa20poly1305(secret, nonce).encrypt(plain);
  plain.fill(0);
  secret.fill(0);
  return encodeArmor({
    blockType: CLI_KEY_BLOCK,
    headers: { kdf: "bcrypt", salt: Buffer.from(salt).toString("hex").toUpperCase(), type: TYPE_HEADER[key.algo] },
    data: Uint8Array.from([...nonce, ...sealed]),
  });
}
