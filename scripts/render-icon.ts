/**
 * Renders build/icon.svg to the PNG icons electron-builder packs (1024 px for macOS and
 * Windows, 512 px for Linux), with Debian's Chromium: `npx tsx scripts/render-icon.ts`.
 * The PNGs are committed, so packaging needs no browser.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { chromium } from "playwright-core";

const svg = readFileSync("build/icon.svg", "utf8");
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  mkdirSync("build/icons", { recursive: true });
  for (const [size, out] of [[1024, "build/icon.png"], [512, "build/icons/512x512.png"], [256, "build/icons/256x256.png"]] as const) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<body style="margin:0;background:transparent">${svg.replace("<svg ", `<svg width="${size}" height="${size}" `)}</body>`);
    await page.screenshot({ path: out, omitBackground: true });
    await page.close();
    console.log(`wrote ${out}`);
  }
} finally {
  await browser.close();
}
