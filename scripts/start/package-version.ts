import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { repoRoot } from "../../devnet/lib/layout.js";

const PackageJson = z.object({ version: z.string().regex(/^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]{1,40})?$/, "not a semver version") });

/**
 * The app's version as `package.json` gives it, for the browser mode's services: inside Electron
 * `app.getVersion()` reads the same field, and without it Settings would say 0.0.0.
 */
export function packageVersion(root = repoRoot): string {
  const path = join(root, "package.json");
  const read = PackageJson.safeParse(JSON.parse(readFileSync(path, "utf8")));
  if (!read.success) throw new Error(`${path}: its "version" is ${read.error.issues[0]?.message ?? "unreadable"}`);
  return read.data.version;
}
