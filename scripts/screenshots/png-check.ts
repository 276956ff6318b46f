/** What makes a written picture usable in the README: a PNG by its signature, of sane size and dimensions. */
import { readFileSync } from "node:fs";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The problem with the PNG at `path`, or undefined when it is a PNG of 400×300 to 1280×800 and 10 KB to 1.5 MB. */
export function pngProblem(path: string): string | undefined {
  const bytes = readFileSync(path);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(SIGNATURE) || bytes.toString("latin1", 12, 16) !== "IHDR") return `${path} is not a PNG`;
  const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
  if (width < 400 || height < 300 || width > 1280 || height > 800) return `${path} is ${width}×${height}, outside 400×300 to 1280×800`;
  if (bytes.length < 10_000 || bytes.length > 1_500_000) return `${path} is ${bytes.length} bytes, outside 10 KB to 1.5 MB (a blank page, or an unoptimized one)`;
  return undefined;
}
