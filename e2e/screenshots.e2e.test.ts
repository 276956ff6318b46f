/**
 * The README's pictures, made in the e2e tier by the code `npm run screenshots` runs: every page
 * they show must still show its key content (the capture throws, naming the page, when one does
 * not), and every PNG must be written and usable. They go to a temporary folder: the committed
 * pictures in docs/images change only when someone runs `npm run screenshots`.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, inject, it } from "vitest";
import { repoRoot } from "../devnet/lib/layout.js";
import { makePictures } from "../scripts/screenshots/make-pictures.js";
import { pngProblem } from "../scripts/screenshots/png-check.js";
import { shotFiles } from "../scripts/screenshots/shots.js";

it("screenshots: each page of the README's pictures renders its content in both themes, and each PNG is written and sane", async () => {
  const outDir = mkdtempSync(join(tmpdir(), "cometdesk-shots-"));
  try {
    const pictures = await makePictures({ devnetDir: inject("e2e").devnetDir, dataDir: join(repoRoot, ".devnet-test", "e2e-screenshots-app"), outDir, tour: false });
    expect(pictures.pngs.map((p) => p.slice(outDir.length + 1))).toEqual(shotFiles());
    expect(pictures.pngs.map(pngProblem).filter((p) => p !== undefined)).toEqual([]);
    // The run wrote nothing into the committed pictures' folder.
    expect(pictures.pngs.every((p) => p.startsWith(outDir))).toBe(true);
    expect(existsSync(join(outDir, "tour.webp"))).toBe(false);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}, 300_000);
