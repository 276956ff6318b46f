/**
 * The main window's security baseline, as data and pure functions, so tests can assert on it
 * without Electron. Follows https://www.electronjs.org/docs/latest/tutorial/security.
 * Nothing here imports electron: main.ts wires these values into Electron's APIs.
 */
import { APP_ORIGIN, isAppUrl } from "./app-protocol.js";
import { isAllowedExternalUrl } from "./external-links.js";
import { isTrustedSender, type SenderInfo } from "./sender-check.js";

/** The subset of Electron's WebPreferences the baseline fixes. */
export interface BaselineWebPreferences {
  readonly preload: string;
  readonly contextIsolation: true;
  readonly sandbox: true;
  readonly nodeIntegration: false;
  readonly nodeIntegrationInWorker: false;
  readonly nodeIntegrationInSubFrames: false;
  readonly webviewTag: false;
  readonly webSecurity: true;
  readonly allowRunningInsecureContent: false;
  readonly experimentalFeatures: false;
  readonly enableBlinkFeatures: "";
  readonly disableBlinkFeatures: "Auxclick";
  readonly navigateOnDragDrop: false;
  readonly spellcheck: false;
  readonly safeDialogs: true;
}

export interface BaselineOptions {
  /** Absolute path of the bundled preload script. */
  readonly preload: string;
  /** Vite's dev server origin during `npm run dev`; absent in a packaged app. */
  readonly devServerOrigin?: string;
  /** Origins the renderer may open WebSockets or fetch to (the e2e bridge); none in the app. */
  readonly extraConnectSources?: readonly string[];
}

export interface WindowOpenDecision {
  readonly action: "deny";
  /** An allowlisted https link the caller should hand to shell.openExternal instead. */
  readonly openExternally?: string;
}

export interface SecurityBaseline {
  readonly webPreferences: BaselineWebPreferences;
  readonly csp: string;
  /** Origins the window may show: the app protocol, plus Vite's dev server in development. */
  readonly allowedOrigins: readonly string[];
  /** will-navigate / will-redirect: true to let the navigation happen. */
  readonly allowNavigation: (url: string) => boolean;
  /** setWindowOpenHandler: new windows are always denied. */
  readonly windowOpen: (details: { readonly url: string }) => WindowOpenDecision;
  /** setPermissionRequestHandler / setPermissionCheckHandler: every permission is denied. */
  readonly allowPermission: (permission: string, requestingUrl: string) => boolean;
  /** shell.openExternal is only ever called with URLs this accepts. */
  readonly allowExternal: (url: string) => boolean;
  /** Every IPC message: only the main window's top frame on the app origin is answered. */
  readonly isTrustedSender: (sender: SenderInfo, mainWebContentsId: number) => boolean;
}

/** Builds the baseline for the main window. */
export function securityBaseline(options: BaselineOptions): SecurityBaseline {
  const allowedOrigins = [APP_ORIGIN, ...(options.devServerOrigin ? [options.devServerOrigin] : [])];
  const isOwnOrigin = (url: string): boolean => isAppUrl(url) || allowedOrigins.some((o) => originOf(url) === o);
  return {
    webPreferences: {
      preload: options.preload,
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
      // Threat: a middle-click on a link opening it in a new window, around will-navigate.
      disableBlinkFeatures: "Auxclick",
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
    },
    csp: contentSecurityPolicy(options),
    allowedOrigins,
    allowNavigation: isOwnOrigin,
    windowOpen: ({ url }) => (isAllowedExternalUrl(url) ? { action: "deny", openExternally: url } : { action: "deny" }),
    // Threat: a compromised renderer asking for camera, geolocation, notifications, USB, etc.
    allowPermission: () => false,
    allowExternal: (url) => isAllowedExternalUrl(url),
    isTrustedSender: (sender, webContentsId) =>
      isTrustedSender(sender, { webContentsId, devOrigins: options.devServerOrigin ? [options.devServerOrigin] : [] }),
  };
}

/**
 * The Content-Security-Policy header of every app:// response. Scripts only from the app
 * itself: no inline script, no eval, so injected chain data cannot run.
 */
export function contentSecurityPolicy(options: Pick<BaselineOptions, "devServerOrigin" | "extraConnectSources"> = {}): string {
  const dev = options.devServerOrigin;
  // Vite's dev server serves modules from its own origin and pushes updates over a WebSocket.
  const devWs = dev ? dev.replace(/^http/, "ws") : undefined;
  const connect = ["'self'", ...(dev && devWs ? [dev, devWs] : []), ...(options.extraConnectSources ?? [])];
  const self = ["'self'", ...(dev ? [dev] : [])];
  // Development only: Vite's React refresh preamble is an inline module script. A packaged app
  // never has a dev server origin, so its policy never carries 'unsafe-inline'.
  const scripts = dev ? [...self, "'unsafe-inline'"] : self;
  return [
    "default-src 'none'",
    `script-src ${scripts.join(" ")}`,
    // React sets styles through the CSSOM, which CSP does not restrict; no inline <style>.
    `style-src ${self.join(" ")}`,
    `img-src ${self.join(" ")} data:`,
    `font-src ${self.join(" ")}`,
    `connect-src ${connect.join(" ")}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "object-src 'none'",
    "worker-src 'none'",
  ].join("; ");
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Headers of every renderer response (app:// and the browser mode's server). Threats: MIME
 * sniffing a chain-data download into script, and a URL (the browser mode's carries the bridge
 * secret) leaking through a Referer header.
 */
export function rendererResponseHeaders(csp: string): Readonly<Record<string, string>> {
  return {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
    "cache-control": "no-store",
  };
}
