import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, rendererResponseHeaders, securityBaseline } from "./security.js";

const baseline = securityBaseline({ preload: "/app/preload.cjs" });
const directives = (csp: string): Map<string, string[]> =>
  new Map(csp.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

describe("webPreferences", () => {
  it("isolates and sandboxes the renderer with no Node and no webview", () => {
    expect(baseline.webPreferences).toMatchObject({
      preload: "/app/preload.cjs",
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      enableBlinkFeatures: "",
      disableBlinkFeatures: "Auxclick",
    });
  });
});

describe("content security policy", () => {
  it("allows scripts only from the app itself, with no inline script or eval", () => {
    const csp = directives(baseline.csp);
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(baseline.csp).not.toMatch(/unsafe-inline|unsafe-eval|wasm-unsafe-eval|\*/);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("adds only the named bridge origin to connect-src", () => {
    const csp = directives(contentSecurityPolicy({ extraConnectSources: ["ws://127.0.0.1:7123"] }));
    expect(csp.get("connect-src")).toEqual(["'self'", "ws://127.0.0.1:7123"]);
    expect(csp.get("script-src")).toEqual(["'self'"]);
  });

  it("relaxes script-src for Vite's dev server only when one is named", () => {
    const csp = directives(contentSecurityPolicy({ devServerOrigin: "http://localhost:5173" }));
    expect(csp.get("script-src")).toContain("http://localhost:5173");
    expect(csp.get("connect-src")).toContain("ws://localhost:5173");
  });
});

describe("renderer response headers", () => {
  it("carry the CSP, refuse MIME sniffing and send no referrer", () => {
    expect(rendererResponseHeaders(baseline.csp)).toMatchObject({
      "content-security-policy": baseline.csp,
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    });
  });
});

describe("navigation and new windows", () => {
  it("allows navigation on the app origin only", () => {
    expect(baseline.allowNavigation("app://cometdesk/index.html#/networks")).toBe(true);
    for (const url of ["https://evil.example/", "file:///etc/passwd", "app://other/index.html", "http://localhost:5173/", "javascript:alert(1)", "not a url"]) {
      expect(baseline.allowNavigation(url), url).toBe(false);
    }
  });

  it("allows the dev server origin when running under Vite", () => {
    const dev = securityBaseline({ preload: "/p", devServerOrigin: "http://localhost:5173" });
    expect(dev.allowNavigation("http://localhost:5173/")).toBe(true);
    expect(dev.allowNavigation("http://localhost:5174/")).toBe(false);
  });

  it("denies every new window, handing allowlisted explorer links to the system browser", () => {
    expect(baseline.windowOpen({ url: "https://www.mintscan.io/cosmos/tx/ABC" })).toEqual({ action: "deny", openExternally: "https://www.mintscan.io/cosmos/tx/ABC" });
    expect(baseline.windowOpen({ url: "http://www.mintscan.io/" })).toEqual({ action: "deny" });
    expect(baseline.windowOpen({ url: "app://cometdesk/index.html" })).toEqual({ action: "deny" });
  });
});

describe("permissions and external links", () => {
  it("denies every permission request", () => {
    for (const p of ["media", "geolocation", "notifications", "clipboard-read", "openExternal", "hid", "usb", "serial", "unknown"]) {
      expect(baseline.allowPermission(p, "app://cometdesk/index.html"), p).toBe(false);
    }
  });

  it("opens only https links on allowlisted explorers", () => {
    expect(baseline.allowExternal("https://ping.pub/cosmos/block/1")).toBe(true);
    for (const url of ["file:///C:/Windows/system32/calc.exe", "smb://host/share", "https://user:pw@ping.pub/", "https://ping.pub:8443/", "https://ping.pub.evil.example/", "ms-msdt:/id", "https://example.com/"]) {
      expect(baseline.allowExternal(url), url).toBe(false);
    }
  });
});

describe("IPC sender check", () => {
  const good = { webContentsId: 3, frameUrl: "app://cometdesk/index.html", isTopFrame: true };
  it("answers the main window's top frame on the app origin", () => {
    expect(baseline.isTrustedSender(good, 3)).toBe(true);
  });
  it("refuses other windows, subframes, gone frames and other origins", () => {
    expect(baseline.isTrustedSender({ ...good, webContentsId: 4 }, 3)).toBe(false);
    expect(baseline.isTrustedSender({ ...good, isTopFrame: false }, 3)).toBe(false);
    expect(baseline.isTrustedSender({ ...good, frameUrl: undefined }, 3)).toBe(false);
    expect(baseline.isTrustedSender({ ...good, frameUrl: "https://evil.example/" }, 3)).toBe(false);
    expect(baseline.isTrustedSender({ ...good, frameUrl: "http://localhost:5173/" }, 3)).toBe(false);
  });
});
