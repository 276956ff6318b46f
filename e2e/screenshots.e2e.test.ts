/**
 * The README's pictures, made in the e2e tier by the code `npm run screenshots` runs, on a fresh
 * single-validator devnet of their own as that command brings up (so the pages hold the same data
 * as the committed pictures, whatever the other specs did to the suite's chain). Every page must
 * still show its key content and be live and settled (the capture throws, naming the page, when
 * one does not); every PNG must be written and usable; and every page must still have the
 * furniture the committed pictures in docs/images were taken with (docs/images/pages.json), so
 * that a changed page fails here until its pictures are taken again. The pictures go to a
 * temporary folder: the committed ones change only when someone runs `npm run screenshots`.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { down, reset, up } from "../devnet/lib/devnet.js";
import { layoutFromEnv, repoRoot } from "../devnet/lib/layout.js";
import { consoleProgress } from "../devnet/lib/progress.js";
import { TEST_PORT_BASE } from "../devnet/test/global-setup.js";
import { readPagesFile } from "../scripts/screenshots/furniture.js";
import { makePictures } from "../scripts/screenshots/make-pictures.js";
import { pngProblem } from "../scripts/screenshots/png-check.js";
import { shotFiles } from "../scripts/screenshots/shots.js";

it("screenshots: each page of the README's pictures renders its content, live and settled, in both themes; each PNG is sane; and no page has changed since its committed picture", async () => {
  const committed = readPagesFile(join(repoRoot, "docs", "images"));
  const outDir = mkdtempSync(join(tmpdir(), "cometdesk-shots-"));
  // The suite's devnets sit at the base and base + 1000 (e2e/global-setup.ts); this one at base + 2500.
  const layout = layoutFromEnv({ ...process.env, COMETDESK_DEVNET_DIR: join(repoRoot, ".devnet-test", "screenshots"), COMETDESK_DEVNET_PORT_OFFSET: String(TEST_PORT_BASE + 2500) });
  await reset(layout);
  await up(layout, { validators: 1 }, consoleProgress());
  try {
    const pictures = await makePictures({ devnetDir: layout.stateDir, dataDir: join(repoRoot, ".devnet-test", "e2e-screenshots-app"), outDir, tour: false, committed: committed.pages });
    expect(pictures.pngs.map((p) => p.slice(outDir.length + 1))).toEqual(shotFiles());
    expect(pictures.pngs.map(pngProblem).filter((p) => p !== undefined)).toEqual([]);
    // A page that changed since its picture: take the pictures again with `npm run screenshots`.
    expect(pictures.stale, "pages changed since docs/images was taken: run `npm run screenshots` and commit the pictures with docs/images/pages.json").toEqual([]);
    // The run wrote nothing into the committed pictures' folder.
    expect(pictures.pngs.every((p) => p.startsWith(outDir))).toBe(true);
    expect(existsSync(join(outDir, "tour.webp"))).toBe(false);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    await down(layout);
  }
}, 600_000);
