/**
 * The README's animated tour, the first ten minutes in about thirty seconds: the devnet's
 * dashboard, a demo account opened, a first transfer reviewed, sent and cancelled inside its hold
 * window. Recorded with Playwright's video in Chromium, then turned into an animated WebP by
 * Debian's ffmpeg, smaller each try until it is under the size the README allows.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { FFMPEG } from "./tour-ffmpeg.js";
import { go, passGate, type ShotWorld, WAIT_MS } from "./shot-world.js";

export const TOUR_MAX_BYTES = 3 * 1024 * 1024;

/**
 * A pause for the viewer to read what the page shows: the video's pacing, not a wait for the
 * app (each step first waits for its content).
 */
const linger = (page: Page, ms: number) => page.waitForTimeout(ms);
const typeSlowly = (field: Locator, text: string) => field.pressSequentially(text, { delay: 35 });

/** Records the tour on a world whose vault is still empty and writes it to `out` (a .webp); returns its size. */
export async function recordTour(world: ShotWorld, options: { readonly account: string; readonly recipient: string; readonly out: string }): Promise<number> {
  const videoDir = mkdtempSync(join(tmpdir(), "cometdesk-tour-"));
  try {
    const recording = Date.now();
    const { context, page } = await world.openApp("light", { video: videoDir });
    // The video starts with the window loading: the tour starts at the first-run screen.
    let firstScreenSeconds = 0;
    try {
      await page.getByRole("button", { name: "Create a new wallet" }).waitFor({ timeout: WAIT_MS });
      await page.getByRole("button", { name: new RegExp(`^Use the demo account ${options.account}, `) }).waitFor({ timeout: WAIT_MS });
      firstScreenSeconds = Math.max(0, (Date.now() - recording) / 1000 - 0.5);
      await linger(page, 2_000);
      await passGate(page, options.account, typeSlowly);
      await go(page, "dashboard", "Dashboard");
      await page.getByTestId("block-chart").locator("rect").nth(5).waitFor({ timeout: WAIT_MS });
      await linger(page, 2_500);
      await go(page, "send", "Send");
      await page.locator(".send-form").waitFor({ timeout: WAIT_MS });
      await typeSlowly(page.getByLabel("Recipient address", { exact: true }), options.recipient);
      await typeSlowly(page.getByLabel("Amount", { exact: true }), "2");
      await typeSlowly(page.getByLabel("Memo (optional, public on chain)"), "my first transfer");
      await page.getByRole("button", { name: "Review" }).click();
      await page.getByTestId("sign-doc").waitFor({ timeout: WAIT_MS });
      await linger(page, 2_500);
      await page.getByRole("button", { name: "Sign and send" }).click();
      await page.getByTestId("hold-countdown").waitFor({ timeout: WAIT_MS });
      await linger(page, 1_500);
      await page.getByRole("button", { name: "Cancel transfer" }).click();
      await page.locator("#tracker-title", { hasText: "Transfer cancelled" }).waitFor({ timeout: WAIT_MS });
      await linger(page, 2_500);
    } finally {
      await context.close();
    }
    const [video] = readdirSync(videoDir).filter((f) => f.endsWith(".webm"));
    if (!video) throw new Error("Chromium wrote no video of the tour");
    return toWebp(join(videoDir, video), firstScreenSeconds, options.out);
  } finally {
    rmSync(videoDir, { recursive: true, force: true });
  }
}

/** ffmpeg's animated WebP of `webm` from `startSeconds` on, at the first setting that fits under TOUR_MAX_BYTES. */
function toWebp(webm: string, startSeconds: number, out: string): number {
  for (const { fps, width, quality } of [{ fps: 8, width: 960, quality: 60 }, { fps: 6, width: 880, quality: 45 }, { fps: 5, width: 800, quality: 30 }]) {
    execFileSync(FFMPEG, ["-hide_banner", "-loglevel", "error", "-y", "-ss", startSeconds.toFixed(2), "-i", webm, "-vf", `fps=${fps},scale=${width}:-2:flags=lanczos`, "-c:v", "libwebp_anim", "-loop", "0", "-quality", String(quality), "-compression_level", "6", out]);
    const size = statSync(out).size;
    if (size <= TOUR_MAX_BYTES) return size;
  }
  throw new Error(`the tour is over ${TOUR_MAX_BYTES} bytes even at the smallest setting`);
}
