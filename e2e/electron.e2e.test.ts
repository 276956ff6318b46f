/// <reference lib="dom" />
/**
 * The same shell specs inside Electron, through the real preload and IPC, where an Electron
 * binary is installed. Elsewhere (CI here: the binary cannot be downloaded) it is skipped and
 * says so.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { _electron, type ElectronApplication, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { electronBinary } from "../scripts/electron-binary.js";
import { collectPageErrors } from "./support/browser.js";
import { shellSpecs } from "./specs/all-specs.js";

const binary = electronBinary();

if (!binary) {
  describe("in Electron", () => {
    it.skip("skipped: no Electron binary in node_modules/electron/dist (run `node node_modules/electron/install.js` where Electron's downloads are reachable)", () => {});
  });
} else {
  let app: ElectronApplication;
  let page: Page;
  let errors: string[] = [];
  beforeAll(async () => {
    execFileSync("npx", ["tsx", "scripts/build.ts", "electron"], { stdio: "inherit" });
    app = await _electron.launch({
      executablePath: binary,
      args: ["."],
      env: {
        ...process.env,
        COMETDESK_USER_DATA_DIR: mkdtempSync(join(tmpdir(), "cometdesk-e2e-electron-")),
        COMETDESK_DEVNET_JSON: join(inject("e2e").devnetDir, "devnet.json"),
      },
    });
    page = await app.firstWindow();
    errors = collectPageErrors(page);
  });
  afterAll(async () => {
    await app?.close();
  });
  describe("in Electron", () =>
    shellSpecs({
      env: () => inject("e2e"),
      open: async () => {
        // One window for the whole run: each spec starts from a reload of the app's entry.
        await page.evaluate(() => localStorage.clear());
        await page.goto("app://cometdesk/index.html#/node");
        await page.reload(); // a hash-only change would not restart the renderer
        errors.length = 0;
        return page;
      },
      errors: () => errors,
    }));
}
