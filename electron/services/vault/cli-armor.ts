import { toBase64 } from "@cosmjs/encoding";
import { AppError } from "../app-error.js";

/**
 * The ASCII armor that `simd keys export` writes (OpenPGP's armor, RFC 4880 §6.2, as
 * golang.org/x/crypto/openpgp/armor reads and writes it): a BEGIN line, `key: value` headers,
 * a blank line, base64 body lines of 64 characters, a `=` line with the CRC-24 of the body, and
 * the END line. The Go reader checks the CRC when it is there; this one requires it, since a
 * key file that lost its checksum line is one that was cut short.
 */
export interface Armor {
  readonly blockType: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly data: Uint8Array;
}

/** A key file that cannot be read as armor: cut short, altered, or not an armor at all. */
export class ArmorError extends AppError {
  constructor(reason: string) {
    super("cli_key_malformed", `the key file cannot be read: ${reason}. Export it again with \`simd keys export <name>\` and paste all of it, from -----BEGIN to -----END`);
  }
}

const CRC24_INIT = 0xb704ce;
const CRC24_POLY = 0x1864cfb;

/** RFC 4880 §6.1: the armor's checksum. */
export function crc24(data: Uint8Array): number {
  let crc = CRC24_INIT;
  for (const byte of data) {
    crc ^= byte << 16;
    for (let i = 0; i < 8; i++) {
      crc <<= 1;
      if (crc & 0x1000000) crc ^= CRC24_POLY;
    }
  }
  return crc & 0xffffff;
}

const crcText = (data: Uint8Array) => {
  const crc = crc24(data);
  return toBase64(Uint8Array.of(crc >> 16, (crc >> 8) & 0xff, crc & 0xff));
};

const BASE64_LINE = /^[A-Za-z0-9+/]*={0,2}$/;

/** Reads one armored block; every way it can be damaged is an ArmorError that says which. */
export function decodeArmor(text: string): Armor {
  const lines = text.replace(/\r\n?/g, "\n").split("\n").map((l) => l.trim());
  const start = lines.findIndex((l) => /^-----BEGIN [A-Z0-9 ]+-----$/.test(l));
  if (start < 0) throw new ArmorError("it has no -----BEGIN line");
  const blockType = lines[start]!.slice("-----BEGIN ".length, -"-----".length);
  const endLine = `-----END ${blockType}-----`;
  const end = lines.indexOf(endLine, start + 1);
  if (end < 0) throw new ArmorError(`it has no ${endLine} line (it was cut short)`);
  const headers: Record<string, string> = {};
  let i = start + 1;
  for (; i < end && lines[i] !== ""; i++) {
    const sep = lines[i]!.indexOf(": ");
    if (sep <= 0) throw new ArmorError(`its header line ${i - start} is not "name: value"`);
    headers[lines[i]!.slice(0, sep)] = lines[i]!.slice(sep + 2);
  }
  const body = lines.slice(i + 1, end).filter((l) => l !== "");
  const checksum = body.at(-1);
  if (!checksum?.startsWith("=")) throw new ArmorError("its checksum line (=…) is missing, so part of it is missing");
  const base64 = body.slice(0, -1).join("");
  if (!base64 || !body.slice(0, -1).every((l) => BASE64_LINE.test(l)) || base64.length % 4 !== 0) throw new ArmorError("its body is not whole base64 (a line was cut or changed)");
  const data = Uint8Array.from(Buffer.from(base64, "base64"));
  if (crcText(data) !== checksum.slice(1)) throw new ArmorError("its checksum does not match its body (a character was changed or lost)");
  return { blockType, headers, data };
}

/** Writes one armored block as the Go writer does (its header order is the map's; here it is sorted). */
export function encodeArmor(armor: Armor): string {
  const base64 = toBase64(armor.data);
  const bodyLines = base64.match(/.{1,64}/g) ?? [];
  const headerLines = Object.keys(armor.headers).sort().map((k) => `${k}: ${armor.headers[k]}`);
  return [`-----BEGIN ${armor.blockType}-----`, ...headerLines, "", ...bodyLines, `=${crcText(armor.data)}`, `-----END ${armor.blockType}-----`].join("\n");
}
