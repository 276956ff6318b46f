/**
 * One run of the README's pictures on a devnet that is up: the chain prepared, the tour recorded
 * on the app's first run (when asked), then every page in both themes. `npm run screenshots` and
 * the e2e tier's spec both call this, so what the tier proves is what writes docs/images.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { delegateForShots, submitProposal } from "./chain-setup.js";
import { openShotWorld } from "./shot-world.js";
import { takeShots } from "./shots.js";
import { recordTour } from "./tour.js";

export interface PicturesOptions {
  /** The running devnet's state folder (with its devnet.json). */
  readonly devnetDir: string;
  /** The app's data folder for this run, emptied first. */
  readonly dataDir: string;
  readonly outDir: string;
  /** Also record the animated tour, as `tour.webp` in `outDir`. */
  readonly tour: boolean;
  readonly log?: (line: string) => void;
  /** The furniture the committed pictures were taken with (docs/images/pages.json): each page is compared with it. */
  readonly committed?: Readonly<Record<string, readonly string[]>>;
}

export interface Pictures {
  readonly pngs: readonly string[];
  /** Each picture's furniture, by its file name without `.png` (furniture.ts). */
  readonly furniture: Readonly<Record<string, readonly string[]>>;
  /** With `committed`: the pictures older than their page, each with what changed. */
  readonly stale: readonly string[];
  readonly tour?: { readonly path: string; readonly bytes: number };
}

export async function makePictures(options: PicturesOptions): Promise<Pictures> {
  const log = options.log ?? (() => {});
  mkdirSync(options.outDir, { recursive: true });
  const world = await openShotWorld(options.devnetDir, options.dataDir);
  try {
    const account = "alice";
    const recipient = world.devnet.accounts.find((a) => a.name === "bob")?.address;
    if (!recipient) throw new Error("the devnet has no account named bob to send to");
    log("preparing the chain: a delegation");
    const blockHeight = await delegateForShots(world.devnet, account);
    let tour: Pictures["tour"];
    if (options.tour) {
      log("recording the tour");
      const path = join(options.outDir, "tour.webp");
      tour = { path, bytes: await recordTour(world, { account, recipient, out: path }) };
    }
    log("taking the pages in the light and dark themes");
    const shots = await takeShots(world, { account, blockHeight, newProposal: () => submitProposal(world.devnet), recipient }, options.outDir, options.committed);
    return { ...shots, ...(tour ? { tour } : {}) };
  } finally {
    await world.close();
  }
}
