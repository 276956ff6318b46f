import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { type BrowserMode, startBrowserMode } from "../../electron/bridge/browser-mode.js";
import { createServices, type Services } from "../../electron/services/create-services.js";
import { BRIDGE_PROTOCOL, TICKET_PROTOCOL_PREFIX } from "../../shared/bridge-protocol.js";
import { LINK_ACCESS_FILE, LINK_FILE, offerLinkRenewal } from "./link-renewal.js";

/**
 * The browser mode's link renewed with no terminal: the app as `npm start` runs it (real services,
 * the real bridge and renderer server), and `npm run open-link`'s script run as a separate process.
 */
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "cometdesk-open-link-"));
const dataDir = join(dir, "data");
let services: Services;
let mode: BrowserMode;
let stop: () => Promise<void>;

/** `npm run open-link` with this test's data folder, no display: its exit code and output. */
async function openLink(): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, COMETDESK_WEB_DATA_DIR: dataDir };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  try {
    const { stdout, stderr } = await run(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/open-link.ts"], { env, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : -1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

/** Opens the bridge as a browser tab of `link` would: its ticket, from the renderer's origin. Resolves "open" or the refusal's HTTP status. */
function useLink(link: string): Promise<number | "open"> {
  const url = new URL(link);
  const bridge = url.searchParams.get("bridge")!;
  const ticket = url.searchParams.get("ticket")!;
  return new Promise((resolve) => {
    const ws = new WebSocket(bridge, [BRIDGE_PROTOCOL, `${TICKET_PROTOCOL_PREFIX}${ticket}`], { origin: url.origin });
    ws.on("open", () => (ws.close(), resolve("open")));
    ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    ws.on("error", () => resolve(0));
  });
}

beforeAll(async () => {
  mkdirSync(dataDir, { recursive: true });
  const rendererDir = join(dir, "renderer");
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, "index.html"), "<!doctype html><title>Cometdesk</title>");
  services = await createServices({ dataDir, tokenStore: { kind: "memory" }, bridge: true });
  mode = await startBrowserMode({ dispatcher: services.dispatcher, events: services.events, rendererDir });
  const first = mode.link("networks");
  stop = await offerLinkRenewal(dataDir, { ticketUrl: mode.ticketUrl, secret: mode.secret, baseUrl: mode.baseUrl, route: "networks" }, first);
});
afterAll(async () => {
  await stop?.();
  await mode?.close();
  await services?.close();
});

describe("npm run open-link", () => {
  it("hands out a new one-time link with no terminal: the new one works once, the spent one stays refused", async () => {
    const first = readFileSync(join(dataDir, LINK_FILE), "utf8").trim();
    expect(first).toMatch(/#\/networks$/);
    expect(await useLink(first)).toBe("open"); // the tab that opened the first link
    expect(await useLink(first)).toBe(401);
    // Owner-only: what asks for tickets opens the app.
    expect(statSync(join(dataDir, LINK_ACCESS_FILE)).mode & 0o077).toBe(0);

    const renewed = await openLink();
    expect(renewed.code, renewed.stderr).toBe(0);
    const link = renewed.stdout.trim();
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*ticket=[0-9a-f]+.*#\/networks$/);
    expect(link).not.toBe(first);
    expect(readFileSync(join(dataDir, LINK_FILE), "utf8").trim()).toBe(link);
    expect(statSync(join(dataDir, LINK_FILE)).mode & 0o077).toBe(0);
    expect(renewed.stderr).toContain("works once, within 5 minutes");
    expect(await useLink(link)).toBe("open");
    expect(await useLink(link)).toBe(401);
    expect(await useLink(first)).toBe(401);
  });

  it("says in words that nothing runs once the app has stopped, and hands out nothing", async () => {
    await stop();
    const refused = await openLink();
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toBe(`! Cometdesk is not running in browser mode with the data folder ${dataDir}: start it with \`npm start\` (or set COMETDESK_WEB_DATA_DIR to the folder it runs with).\n`);
  });
});
