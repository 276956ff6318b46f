/**
 * `npm run screenshots`: the README's pictures, made from the real app. A fresh devnet of its own
 * comes up, the app's services run on it in browser mode, Chromium takes each page in the light
 * and dark themes and records the tour, and everything lands in docs/images/. The devnet goes
 * down at the end.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { down, reset, up } from "../devnet/lib/devnet.js";
import { layoutFromEnv, repoRoot } from "../devnet/lib/layout.js";
import { consoleProgress } from "../devnet/lib/progress.js";
import { makePictures } from "./screenshots/make-pictures.js";
import { pngProblem } from "./screenshots/png-check.js";
import { writePagesFile } from "./screenshots/furniture.js";
import { FFMPEG } from "./screenshots/tour-ffmpeg.js";

export const USAGE = `usage: npm run screenshots -- [options]

Brings up a devnet of its own, drives the built app in Chromium and writes the README's pictures,
with pages.json (each page's furniture and each picture's hash, which the e2e tier compares).
Each picture waits for the app to be live and settled (websocket open, one height on screen),
and the run fails when it never is. Build the renderer first (npm run build).

options:
  --out DIR           where the pictures go (default docs/images)
  --no-tour           only the pages, not the animated tour (tour.webp)
  --port-offset N     the devnet's port offset (default 4500)
  --help              this text`;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      out: { type: "string", default: join(repoRoot, "docs", "images") },
      "no-tour": { type: "boolean", default: false },
      "port-offset": { type: "string", default: "4500" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  // Said before a devnet comes up, not after the tour's frames are taken.
  if (!values["no-tour"] && !existsSync(FFMPEG)) {
    console.error(`${FFMPEG} is missing: the tour's frames are joined by Debian's ffmpeg (apt-get install ffmpeg), or pass --no-tour for the pages alone`);
    return 1;
  }
  const layout = layoutFromEnv({ ...process.env, COMETDESK_DEVNET_DIR: join(repoRoot, ".devnet-screenshots"), COMETDESK_DEVNET_PORT_OFFSET: values["port-offset"] });
  const progress = consoleProgress();
  await reset(layout);
  await up(layout, { validators: 1 }, progress);
  try {
    const pictures = await makePictures({
      devnetDir: layout.stateDir,
      dataDir: join(repoRoot, ".devnet-screenshots-app"),
      outDir: values.out,
      tour: !values["no-tour"],
      log: (line) => progress.step(line),
    });
    const problems = pictures.pngs.map(pngProblem).filter((p) => p !== undefined);
    for (const path of pictures.pngs) console.log(`wrote ${path}`);
    if (problems.length === 0) console.log(`wrote ${writePagesFile(values.out, pictures.furniture, pictures.pngs)} (each page's furniture and each picture's hash, which the e2e tier checks)`);
    if (pictures.tour) console.log(`wrote ${pictures.tour.path} (${Math.round(pictures.tour.bytes / 1024)} KiB)`);
    for (const problem of problems) console.error(problem);
    return problems.length === 0 ? 0 : 1;
  } finally {
    await down(layout);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
