/**
 * The README's pictures: each page opened as a user would, waited on until it shows what the
 * picture is for, then written as a PNG named `<page>-<theme>.png`. A page that no longer shows
 * its key content throws here, so the e2e tier fails with the page named.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { PROPOSAL_TITLE } from "./chain-setup.js";
import { go, passGate, type ShotWorld, type Theme, WAIT_MS } from "./shot-world.js";
import { furnitureDiff, normalizeFurniture, readFurniture } from "./furniture.js";
import { readUntil, waitSettled } from "./settled.js";

/** An address no node answers at: the Watch page raises "Node down" for it. */
export const DEAD_NODE = "http://127.0.0.1:1";

export interface ShotPlan {
  /** The demo account the wallet is opened on. */
  readonly account: string;
  /** A block with a transaction in it. */
  readonly blockHeight: number;
  /** Submits a proposal in its voting period and answers its id. */
  readonly newProposal: () => Promise<string>;
  /** Who the Send review pays. */
  readonly recipient: string;
}

interface Shot {
  readonly name: string;
  /** Opens the page and waits until it shows its key content. */
  show(page: Page, plan: ShotPlan): Promise<void>;
}

const visible = async (page: Page, testId: string) => page.getByTestId(testId).first().waitFor({ timeout: WAIT_MS });

export const SHOTS: readonly Shot[] = [
  {
    name: "dashboard",
    async show(page) {
      await go(page, "dashboard", "Dashboard");
      await page.getByTestId("block-chart").locator("rect").nth(5).waitFor({ timeout: WAIT_MS });
      await page.getByTestId("dashboard-facts").locator("dd", { hasText: /^\d+$/ }).first().waitFor({ timeout: WAIT_MS });
    },
  },
  {
    name: "block",
    async show(page, plan) {
      await go(page, `block/${plan.blockHeight}`, "Blocks");
      await visible(page, "block-detail");
      await page.getByTestId("block-txs").locator("[role=listitem][data-hash]").first().waitFor({ timeout: WAIT_MS });
      // The transactions are what the picture is for: in view, under the block's last facts.
      await page.getByTestId("block-txs").scrollIntoViewIfNeeded();
    },
  },
  {
    name: "staking",
    async show(page) {
      await go(page, "staking", "Staking");
      await visible(page, "delegation-amount");
      await page.getByTestId("delegation-rewards").first().waitFor({ timeout: WAIT_MS });
    },
  },
  {
    name: "proposal",
    async show(page, plan) {
      const id = await plan.newProposal();
      await go(page, "governance", "Governance");
      const row = page.locator(`[data-testid="proposal-row"][data-proposal="${id}"]`);
      await row.getByRole("button", { name: PROPOSAL_TITLE }).click({ timeout: WAIT_MS });
      await visible(page, "proposal-view");
      await visible(page, "tally-table");
      await visible(page, "vote-form");
    },
  },
  {
    name: "watch",
    async show(page) {
      await go(page, "watch", "Watch");
      const alert = page.getByTestId("watch-alert").filter({ hasText: `Node down: ${DEAD_NODE}` });
      await page.getByTestId("watch-nodes").waitFor({ timeout: WAIT_MS });
      if ((await page.getByTestId("watch-nodes").locator(`[data-url="${DEAD_NODE}"]`).count()) === 0) {
        await page.getByLabel("Node RPC address").fill(DEAD_NODE);
        await page.getByRole("button", { name: "Add node" }).click();
      }
      await alert.first().waitFor({ timeout: WAIT_MS });
      await page.getByTestId("watch-nodes").locator(`[data-url="${DEAD_NODE}"]`).getByTestId("node-flags").filter({ hasText: /^down/ }).waitFor({ timeout: WAIT_MS });
    },
  },
  {
    name: "send-review",
    async show(page, plan) {
      await go(page, "send", "Send");
      await page.locator(".send-form").waitFor({ timeout: WAIT_MS });
      await page.getByLabel("Recipient address", { exact: true }).fill(plan.recipient);
      await page.getByLabel("Amount", { exact: true }).fill("1.5");
      await page.getByLabel("Memo (optional, public on chain)").fill("rent for November");
      await page.getByRole("button", { name: "Review" }).click();
      await visible(page, "sign-doc");
      await page.getByRole("button", { name: "Sign and send" }).waitFor({ timeout: WAIT_MS });
    },
  },
];

/** The file names one run writes, in the order written. */
export const shotFiles = (themes: readonly Theme[] = ["light", "dark"]): string[] => themes.flatMap((t) => SHOTS.map((s) => `${s.name}-${t}.png`));

export interface Shots {
  /** The paths written, in order. */
  readonly pngs: readonly string[];
  /** Each picture's furniture (furniture.ts), by its file name without `.png`. */
  readonly furniture: Readonly<Record<string, readonly string[]>>;
  /** The pictures whose page no longer has the furniture `committed` gives, each with what changed. */
  readonly stale: readonly string[];
}

const isSame = (diff: { readonly added: readonly string[]; readonly gone: readonly string[] }) => diff.added.length === 0 && diff.gone.length === 0;

/** The time a page gets to show the committed furniture (a section may arrive after the key content). */
const FURNITURE_WAIT_MS = 15_000;

/**
 * Takes every picture in both themes into `outDir`, each of an app that is live and settled
 * (settled.ts). Throws, naming the page, when one does not render or never settles. With
 * `committed` (the furniture the committed pictures were taken with), each page is also compared:
 * it is given a while to show that furniture, and a page that does not is answered in `stale`.
 */
export async function takeShots(world: ShotWorld, plan: ShotPlan, outDir: string, committed?: Readonly<Record<string, readonly string[]>>): Promise<Shots> {
  mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  const furniture: Record<string, readonly string[]> = {};
  const stale: string[] = [];
  for (const theme of ["light", "dark"] as const) {
    const { context, page, errors } = await world.openApp(theme);
    try {
      await passGate(page, plan.account);
      const shown = await page.evaluate(() => document.documentElement.dataset.theme);
      if (shown !== theme) throw new Error(`the app shows the ${String(shown)} theme where the ${theme} one was asked for`);
      for (const shot of SHOTS) {
        const key = `${shot.name}-${theme}`;
        try {
          await shot.show(page, plan);
          // The feed reconnects its websocket every 10 s after a drop: two waits cover one retry.
          await waitSettled(page, 2 * WAIT_MS);
        } catch (error) {
          throw new Error(`the ${shot.name} page (${theme}) did not show its content: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        }
        const expected = committed?.[key];
        const read = async () => normalizeFurniture(await readFurniture(page));
        const words = expected === undefined ? await read() : await readUntil(page, FURNITURE_WAIT_MS, read, (w) => isSame(furnitureDiff(expected, w)));
        if (expected !== undefined) {
          const { added, gone } = furnitureDiff(expected, words);
          if (!isSame({ added, gone })) stale.push(`${key}.png is older than its page: ${[...added.map((l) => `+ ${JSON.stringify(l)}`), ...gone.map((l) => `- ${JSON.stringify(l)}`)].join(", ")}`);
        }
        furniture[key] = words;
        // The pointer, the caret and the keyboard's focus ring (each page puts it on its title) are no part of the picture.
        await page.mouse.move(0, 0);
        await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
        const path = join(outDir, `${key}.png`);
        await page.screenshot({ path, caret: "hide", animations: "disabled" });
        written.push(path);
      }
      if (errors.length > 0) throw new Error(`the page reported errors: ${errors.join("; ")}`);
    } finally {
      await context.close();
    }
  }
  return { pngs: written, furniture, stale };
}
