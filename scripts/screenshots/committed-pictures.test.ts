/**
 * The committed pictures are those `npm run screenshots` wrote with docs/images/pages.json: every
 * picture the README's pages make is there, and none was replaced by hand (each PNG's hash is
 * the one written with the pages' furniture, which the e2e tier compares with the app as it is).
 */
import { join } from "node:path";
import { expect, it } from "vitest";
import { repoRoot } from "../../devnet/lib/layout.js";
import { picturesProblems, readPagesFile } from "./furniture.js";
import { shotFiles } from "./shots.js";

it("the committed pictures are one run's, listed with their pages' furniture in docs/images/pages.json", () => {
  const dir = join(repoRoot, "docs", "images");
  expect(picturesProblems(dir, readPagesFile(dir), shotFiles())).toEqual([]);
});
