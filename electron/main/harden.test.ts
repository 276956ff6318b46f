import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { APP_ENTRY, APP_SCHEME } from "./app-protocol.js";
import { type AppLike, guardWebContents, hardenSession, type PreventableLike, serveRenderer, type SessionLike, type WebContentsLike } from "./harden.js";
import { securityBaseline } from "./security.js";

/**
 * The Electron glue of the security checklist, driven the way Electron drives it: the handlers
 * harden.ts registers are kept and called with what a hostile page would cause.
 */
const baseline = securityBaseline({ preload: "/p.cjs" });

/** A web contents that keeps its listeners, and a navigation event that records preventDefault. */
function contentsTable() {
  const listeners = new Map<string, (event: PreventableLike, url?: string) => void>();
  let openHandler: ((details: { url: string }) => { action: "deny" }) | undefined;
  const contents = {
    on: (name: string, listener: (event: PreventableLike, url?: string) => void) => listeners.set(name, listener),
    setWindowOpenHandler: (handler: (details: { url: string }) => { action: "deny" }) => void (openHandler = handler),
  } as WebContentsLike;
  const fire = (name: string, url?: string): boolean => {
    let prevented = false;
    listeners.get(name)!({ preventDefault: () => void (prevented = true) }, url);
    return prevented;
  };
  return { contents, fire, open: (url: string) => openHandler!({ url }) };
}

function guarded() {
  let created: ((event: unknown, contents: WebContentsLike) => void) | undefined;
  const app: AppLike = { on: (_name, listener) => void (created = listener) };
  const opened: string[] = [];
  guardWebContents(app, { openExternal: async (url) => void opened.push(url) }, baseline);
  const table = contentsTable();
  created!({}, table.contents); // any web contents the app creates, as Electron announces it
  return { ...table, opened };
}

describe("web contents guards", () => {
  it("keep navigation on the app and refuse foreign pages, redirects and webviews", () => {
    const { fire } = guarded();
    expect(fire("will-navigate", `${APP_ENTRY}#/wallet`)).toBe(false);
    for (const url of ["https://evil.example/", "file:///etc/passwd", "javascript:alert(1)", "http://127.0.0.1:26657/"]) {
      expect(fire("will-navigate", url), url).toBe(true);
      expect(fire("will-redirect", url), url).toBe(true);
    }
    expect(fire("will-attach-webview")).toBe(true);
  });

  it("deny every new window, handing only allowlisted https explorers to the system browser", async () => {
    const { open, opened } = guarded();
    for (const url of ["https://www.mintscan.io/cosmos/tx/AB", "https://evil.example/", "file:///C:/Windows/System32/calc.exe", "smb://host/share", "https://user@mintscan.io/", "javascript:alert(1)"]) {
      expect(open(url), url).toEqual({ action: "deny" });
    }
    await Promise.resolve();
    expect(opened).toEqual(["https://www.mintscan.io/cosmos/tx/AB"]);
  });
});

describe("session hardening", () => {
  function hardened() {
    const table: { request?: Parameters<SessionLike["setPermissionRequestHandler"]>[0]; check?: Parameters<SessionLike["setPermissionCheckHandler"]>[0]; headers?: Parameters<SessionLike["webRequest"]["onHeadersReceived"]>[0] } = {};
    hardenSession({
      setPermissionRequestHandler: (h) => void (table.request = h),
      setPermissionCheckHandler: (h) => void (table.check = h),
      webRequest: { onHeadersReceived: (h) => void (table.headers = h) },
    }, baseline);
    return table;
  }

  it("denies every permission, asked or checked, even from the app's own origin", () => {
    const { request, check } = hardened();
    for (const permission of ["media", "geolocation", "notifications", "clipboard-read", "openExternal", "usb", "hid"]) {
      let granted: boolean | undefined;
      request!({}, permission, (g) => void (granted = g), { requestingUrl: APP_ENTRY });
      expect(granted, permission).toBe(false);
      expect(check!({}, permission, "app://cometdesk"), permission).toBe(false);
    }
  });

  it("puts the app's CSP on every response, replacing none of the other headers", () => {
    const { headers } = hardened();
    let out: Record<string, string | string[]> | undefined;
    headers!({ responseHeaders: { "X-Other": ["1"], "Content-Security-Policy": ["script-src *"] } }, (r) => void (out = r.responseHeaders));
    expect(out!["Content-Security-Policy"]).toEqual([baseline.csp]);
    expect(out!["X-Other"]).toEqual(["1"]);
  });
});

describe("app:// protocol", () => {
  it("serves the renderer with the CSP and refuses traversal, other methods and missing files", async () => {
    const base = mkdtempSync(join(tmpdir(), "cometdesk-harden-"));
    const dir = join(base, "renderer");
    mkdirSync(dir);
    writeFileSync(join(dir, "index.html"), "<!doctype html>");
    writeFileSync(join(base, "secret.txt"), "outside");
    let handler: ((request: Request) => Promise<Response>) | undefined;
    serveRenderer({ handle: (scheme, h) => void (expect(scheme).toBe(APP_SCHEME), (handler = h)) }, dir, baseline);
    const index = await handler!(new Request(APP_ENTRY));
    expect(index.status).toBe(200);
    expect(index.headers.get("content-security-policy")).toBe(baseline.csp);
    expect(await index.text()).toBe("<!doctype html>");
    expect((await handler!(new Request("app://cometdesk/../secret.txt"))).status).toBe(404);
    expect((await handler!(new Request("app://cometdesk/%2e%2e/secret.txt"))).status).toBe(404);
    expect((await handler!(new Request("app://cometdesk/missing.js"))).status).toBe(404);
    expect((await handler!(new Request(APP_ENTRY, { method: "POST", body: "x" }))).status).toBe(404);
  });
});
