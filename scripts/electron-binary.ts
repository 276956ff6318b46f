/**
 * Finds the Electron binary, and fetches it on first use. npm does not run electron's install
 * script here (package.json allowScripts), so a fresh clone has the package but no binary.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const PKG = join("node_modules", "electron");

/** The Electron executable when it is installed and present, otherwise undefined. */
export function electronBinary(): string | undefined {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    const path = join(process.env.ELECTRON_OVERRIDE_DIST_PATH, process.platform === "win32" ? "electron.exe" : "electron");
    return existsSync(path) ? path : undefined;
  }
  const pathFile = join(PKG, "path.txt");
  if (!existsSync(pathFile)) return undefined;
  const path = join(PKG, "dist", readFileSync(pathFile, "utf8").trim());
  return existsSync(path) ? path : undefined;
}

/** Runs electron's own installer (a download from GitHub releases); the reason when it fails. */
export function fetchElectron(): { ok: true; path: string } | { ok: false; reason: string } {
  const run = spawnSync(process.execPath, [join(PKG, "install.js")], { encoding: "utf8", timeout: 10 * 60_000 });
  const path = electronBinary();
  if (run.status === 0 && path) return { ok: true, path };
  const output = `${run.stderr ?? ""}\n${run.stdout ?? ""}`;
  const reason = /ENOTFOUND|EAI_AGAIN|getaddrinfo/.test(output)
    ? "github.com could not be reached (no internet access to Electron's downloads)"
    : run.error?.message ?? output.split("\n").find((l) => /error/i.test(l))?.trim() ?? `the installer exited with ${run.status}`;
  return { ok: false, reason };
}
