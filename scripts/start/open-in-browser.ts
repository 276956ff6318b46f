import { spawn } from "node:child_process";

/** Opens `url` in the system browser where there is a display; says so where there is none. */
export function openInBrowser(url: string, say: (line: string) => void): void {
  const hasDisplay = process.platform !== "linux" || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
  if (!hasDisplay) {
    say("  (No display here, so no browser was opened.)");
    return;
  }
  const opener = process.platform === "darwin" ? "open" : process.platform === "win32" ? "explorer" : "xdg-open";
  const child = spawn(opener, [url], { stdio: "ignore", detached: true });
  child.on("error", () => say(`  (Could not run ${opener}; open the link yourself.)`));
  child.unref();
}
