import { xchacha20poly1305 } from "@noble/ciphers/chacha.js";
import { randomBytes } from "@noble/ciphers/utils.js";
import { scryptAsync } from "@noble/hashes/scrypt.js";
import { z } from "zod";
import { createGate } from "./kdf-gate.js";
import { KdfBusyError, VaultCorruptError, WrongPasswordError } from "./vault-errors.js";

/**
 * Sealing the vault: scrypt (memory-hard) derives a key from the password and a random salt;
 * XChaCha20-Poly1305 encrypts and authenticates. Parameters are stored with the data, and a
 * file asking for less than the floor is refused, so a tampered file cannot make brute force cheap.
 */
export const KDF_FLOOR = { N: 2 ** 17, r: 8, p: 1, saltBytes: 16 } as const;
export const KDF_DEFAULT = { N: 2 ** 17, r: 8, p: 1 } as const;

const b64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/);
export const Sealed = z.object({
  kdf: z.object({ name: z.literal("scrypt"), N: z.number().int(), r: z.number().int(), p: z.number().int(), salt: b64 }),
  cipher: z.object({ name: z.literal("xchacha20poly1305"), nonce: b64 }),
  ciphertext: b64,
});
export type Sealed = z.infer<typeof Sealed>;

/**
 * Every derivation in this process goes through one gate: one at a time, two more waiting,
 * the rest refused with `busy` (see kdf-gate.ts for the threat).
 */
export const kdfGate = createGate(2, () => new KdfBusyError());

/** The 32-byte key for `password` under the stored KDF parameters, refused below the floor. */
export async function deriveKey(password: string, kdf: Sealed["kdf"]): Promise<Uint8Array> {
  const salt = Buffer.from(kdf.salt, "base64");
  // Power of two, within the floor, and below a ceiling so a hostile file cannot exhaust memory.
  const powerOfTwo = (kdf.N & (kdf.N - 1)) === 0;
  if (!powerOfTwo || kdf.N < KDF_FLOOR.N || kdf.N > 2 ** 20 || kdf.r < KDF_FLOOR.r || kdf.r > 32 || kdf.p < KDF_FLOOR.p || kdf.p > 16 || salt.length < KDF_FLOOR.saltBytes) {
    throw new VaultCorruptError("its key-derivation parameters are outside the accepted range");
  }
  return kdfGate.run(() => scryptAsync(password.normalize("NFKC"), salt, { N: kdf.N, r: kdf.r, p: kdf.p, dkLen: 32, maxmem: 2 ** 31 }));
}

/** A fresh random salt with the default parameters, and the key they give for `password`. */
export async function newKey(password: string): Promise<{ kdf: Sealed["kdf"]; key: Uint8Array }> {
  const kdf = { name: "scrypt" as const, ...KDF_DEFAULT, salt: Buffer.from(randomBytes(16)).toString("base64") };
  return { kdf, key: await deriveKey(password, kdf) };
}

/** Encrypts with a fresh nonce (never reused: 24 random bytes). `aad` is authenticated too. */
export function sealWithKey(key: Uint8Array, kdf: Sealed["kdf"], plaintext: Uint8Array, aad: Uint8Array): Sealed {
  const nonce = randomBytes(24);
  const ciphertext = xchacha20poly1305(key, nonce, aad).encrypt(plaintext);
  return { kdf, cipher: { name: "xchacha20poly1305", nonce: Buffer.from(nonce).toString("base64") }, ciphertext: Buffer.from(ciphertext).toString("base64") };
}

/** Decrypts; a wrong password and any altered byte both fail authentication. */
export function openWithKey(key: Uint8Array, sealed: Sealed, aad: Uint8Array): Uint8Array {
  const nonce = Buffer.from(sealed.cipher.nonce, "base64");
  if (nonce.length !== 24) throw new VaultCorruptError("its nonce has the wrong length");
  try {
    return xchacha20poly1305(key, nonce, aad).decrypt(Buffer.from(sealed.ciphertext, "base64"));
  } catch {
    throw new WrongPasswordError();
  }
}
