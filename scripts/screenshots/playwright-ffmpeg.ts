/**
 * Playwright's video recorder runs an ffmpeg it would download into its browsers folder; nothing
 * can be downloaded here, and Debian's ffmpeg does the same work (MJPEG in, VP8 WebM out). This
 * module points Playwright's browsers folder at one of ours where its ffmpeg is Debian's. It must
 * be imported before playwright-core, which reads the folder once, when it loads.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { repoRoot } from "../../devnet/lib/layout.js";
import { FFMPEG } from "./tour-ffmpeg.js";

const browsers = z.object({ browsers: z.array(z.object({ name: z.string(), revision: z.string() })) })
  .parse(JSON.parse(readFileSync(join(repoRoot, "node_modules", "playwright-core", "browsers.json"), "utf8")));
const revision = browsers.browsers.find((b) => b.name === "ffmpeg")?.revision;
if (!revision) throw new Error("playwright-core names no ffmpeg revision in its browsers.json");
const folder = join(repoRoot, ".devnet-screenshots-playwright");
const linked = join(folder, `ffmpeg-${revision}`, "ffmpeg-linux");
if (!existsSync(linked)) {
  mkdirSync(join(folder, `ffmpeg-${revision}`), { recursive: true });
  symlinkSync(FFMPEG, linked);
}
process.env.PLAYWRIGHT_BROWSERS_PATH = folder;
