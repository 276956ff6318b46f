/**
 * The README's animated tour, the first ten minutes in about thirty seconds: a demo account
 * opened, the devnet's dashboard, a first transfer reviewed, sent and cancelled inside its hold
 * window. Each step is a frame Chromium takes once the page shows it, held for as long as a
 * viewer needs to read it; Debian's ffmpeg joins the frames into an animated WebP, smaller each
 * try until it is under the size the README allows.
 *
 * Frames rather than Playwright's video: on a loaded machine its video lost time (a tour that took
 * a minute came out as seventeen seconds, without its send and cancel), and a step taken when its
 * content is there is the same on any machine.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { FFMPEG } from "./tour-ffmpeg.js";
import { go, PASSWORD, type ShotWorld, WAIT_MS } from "./shot-world.js";

export const TOUR_MAX_BYTES = 3 * 1024 * 1024;

interface Frame { readonly file: string; readonly seconds: number }

/** Records the tour on a world whose vault is still empty and writes it to `out` (a .webp); returns its size. */
export async function recordTour(world: ShotWorld, options: { readonly account: string; readonly recipient: string; readonly out: string }): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), "cometdesk-tour-"));
  const frames: Frame[] = [];
  const frame = async (page: Page, seconds: number) => {
    const file = join(dir, `frame-${String(frames.length).padStart(3, "0")}.png`);
    await page.screenshot({ path: file, caret: "initial", animations: "disabled" });
    frames.push({ file, seconds });
  };
  /** Types `text` into `field` a few characters a frame, as a person would be seen typing. */
  const typed = async (page: Page, label: string | RegExp, text: string, exact = true) => {
    const field = typeof label === "string" ? page.getByLabel(label, { exact }) : page.getByLabel(label);
    const step = Math.max(1, Math.ceil(text.length / 4));
    for (let end = step; end < text.length + step; end += step) {
      await field.fill(text.slice(0, Math.min(end, text.length)));
      await frame(page, 0.15);
    }
  };
  try {
    const { context, page } = await world.openApp("light");
    try {
      await page.getByRole("button", { name: new RegExp(`^Use the demo account ${options.account}, `) }).waitFor({ timeout: WAIT_MS });
      await frame(page, 2.5);
      await page.getByRole("button", { name: new RegExp(`^Use the demo account ${options.account}, `) }).click();
      await page.locator("#new-password").waitFor({ timeout: WAIT_MS });
      await page.locator("#new-password").fill(PASSWORD);
      await page.locator("#confirm-password").fill(PASSWORD);
      await frame(page, 1.5);
      await page.getByRole("button", { name: `Use ${options.account}` }).click();
      await page.locator(".shell").waitFor({ timeout: WAIT_MS });
      await go(page, "dashboard", "Dashboard");
      await page.getByTestId("block-chart").locator("rect").nth(5).waitFor({ timeout: WAIT_MS });
      await frame(page, 3);
      await go(page, "send", "Send");
      await page.locator(".send-form").waitFor({ timeout: WAIT_MS });
      await frame(page, 1);
      await typed(page, "Recipient address", options.recipient);
      await typed(page, "Amount", "2");
      await typed(page, /^Memo/, "my first transfer");
      await frame(page, 1);
      await page.getByRole("button", { name: "Review" }).click();
      await page.getByTestId("sign-doc").waitFor({ timeout: WAIT_MS });
      await frame(page, 3.5);
      await page.getByRole("button", { name: "Sign and send" }).click();
      await page.getByTestId("hold-countdown").waitFor({ timeout: WAIT_MS });
      await frame(page, 2);
      await page.getByRole("button", { name: "Cancel transfer" }).click();
      await page.locator("#tracker-title", { hasText: "Transfer cancelled" }).waitFor({ timeout: WAIT_MS });
      await frame(page, 3.5);
    } finally {
      await context.close();
    }
    return toWebp(dir, frames, options.out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** ffmpeg's animated WebP of the frames, each held its time, at the first setting that fits under TOUR_MAX_BYTES. */
function toWebp(dir: string, frames: readonly Frame[], out: string): number {
  // ffmpeg's concat list: each file and how long it shows; the last is named again so its time counts.
  const list = join(dir, "frames.txt");
  const last = frames.at(-1);
  if (!last) throw new Error("the tour has no frame");
  writeFileSync(list, [...frames.flatMap((f) => [`file '${f.file}'`, `duration ${f.seconds}`]), `file '${last.file}'`, ""].join("\n"));
  for (const { fps, width, quality } of [{ fps: 8, width: 960, quality: 70 }, { fps: 6, width: 880, quality: 50 }, { fps: 5, width: 800, quality: 35 }]) {
    execFileSync(FFMPEG, ["-hide_banner", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0", "-i", list, "-vf", `fps=${fps},scale=${width}:-2:flags=lanczos`, "-c:v", "libwebp_anim", "-loop", "0", "-quality", String(quality), "-compression_level", "6", out]);
    const size = statSync(out).size;
    if (size <= TOUR_MAX_BYTES) return size;
  }
  throw new Error(`the tour is over ${TOUR_MAX_BYTES} bytes even at the smallest setting`);
}
