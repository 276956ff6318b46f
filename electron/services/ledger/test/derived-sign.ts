import { Bip39, EnglishMnemonic, Secp256k1, sha256, Slip10, Slip10Curve, stringToPath } from "@cosmjs/crypto";
import { toHex } from "@cosmjs/encoding";
import type { Transcript } from "./transcripts.js";

/**
 * A signing exchange for a sign doc no recording holds (a multisig's: every recording signs a
 * message of the device's own address), made from a recorded one: its answers before the sign
 * doc (app info, version, the key, the path chunk) as recorded; the sign doc cut as the app's
 * library sends it (250-byte chunks, P1 1 then 2 for the last), each answered 9000; and the last
 * answer derived, as `last` says. Strict replay still fails unless the app sends these very bytes.
 */

/** The recordings' public test mnemonic (../shared/ledger/README.md): the device's key, never a funded one. */
export const TEST_MNEMONIC = "equip will roof matter pink blind book anxiety banner elbow sun young";

/** The recorded exchange up to and with the first sign APDU (the path), which does not depend on the sign doc. */
export function signPreamble(t: Transcript): string {
  const lines = t.apdus.trim().split("\n");
  const init = lines.findIndex((l) => l.startsWith("=> 55020000"));
  if (init < 0) throw new Error(`${t.case} holds no sign exchange`);
  return `${lines.slice(0, init + 2).join("\n")}\n`;
}

/** The sign doc's chunks as the app sends them, each answered 9000 but the last, answered `last` (hex, with its status word). */
export function signChunks(signBytes: Uint8Array, last: string): string {
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < signBytes.length; i += 250) chunks.push(signBytes.subarray(i, i + 250));
  return chunks.map((c, i) => {
    const final = i === chunks.length - 1;
    return `=> 5502${final ? "02" : "01"}00${c.length.toString(16).padStart(2, "0")}${toHex(c)}\n<= ${final ? last : "9000"}\n`;
  }).join("");
}

/**
 * The device's answer to a signature over `signBytes` at `path`: the DER of the test key's RFC 6979
 * signature and 9000. The recordings show the device's signature equal to it for every signed
 * case (a test checks it again on transcript 01); it is derived, not recorded.
 */
export async function derivedSignatureAnswer(signBytes: Uint8Array, path: string): Promise<string> {
  const seed = await Bip39.mnemonicToSeed(new EnglishMnemonic(TEST_MNEMONIC));
  const { privkey } = Slip10.derivePath(Slip10Curve.Secp256k1, seed, stringToPath(path));
  const signature = await Secp256k1.createSignature(sha256(signBytes), privkey);
  return `${toHex(signature.toDer())}9000`;
}

/** The whole derived exchange of `t`'s flow, signing `signBytes` with the answer `last` ("6986" for a rejection) or the derived signature. */
export async function derivedSignExchange(t: Transcript, signBytes: Uint8Array, last?: string): Promise<string> {
  return signPreamble(t) + signChunks(signBytes, last ?? (await derivedSignatureAnswer(signBytes, t.path)));
}
