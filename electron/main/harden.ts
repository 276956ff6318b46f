/**
 * Applies the security baseline (security.ts) to Electron: the session's permission handlers,
 * the app:// protocol with its CSP header, and the navigation and new-window rules of every
 * web contents the app ever creates. Electron's objects come in as arguments, described by the
 * few members used here, so the wiring is tested in plain Node (harden.test.ts).
 */
import { readFile } from "node:fs/promises";
import { APP_SCHEME, resolveAppAsset } from "./app-protocol.js";
import { rendererResponseHeaders, type SecurityBaseline } from "./security.js";

type HeadersCallback = (response: { responseHeaders: Record<string, string | string[]> }) => void;

/** The members of Electron's `Session` that the baseline sets. */
export interface SessionLike {
  setPermissionRequestHandler(handler: (contents: unknown, permission: string, callback: (granted: boolean) => void, details: { requestingUrl: string }) => void): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string, requestingOrigin: string) => boolean): void;
  readonly webRequest: { onHeadersReceived(listener: (details: { responseHeaders?: Record<string, string[]> }, callback: HeadersCallback) => void): void };
}

/** A navigation event: `preventDefault` keeps the page where it is. */
export interface PreventableLike {
  preventDefault(): void;
}

/** The members of Electron's `WebContents` that the guards use. */
export interface WebContentsLike {
  on(event: "will-navigate" | "will-redirect", listener: (event: PreventableLike, url: string) => void): unknown;
  on(event: "will-attach-webview", listener: (event: PreventableLike) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: "deny" }): void;
}

export interface AppLike {
  on(event: "web-contents-created", listener: (event: unknown, contents: WebContentsLike) => void): unknown;
}

export interface ShellLike {
  openExternal(url: string): Promise<void>;
}

export interface ProtocolLike {
  handle(scheme: string, handler: (request: Request) => Promise<Response>): void;
}

export function hardenSession(session: SessionLike, baseline: SecurityBaseline): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => callback(baseline.allowPermission(permission, details.requestingUrl)));
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => baseline.allowPermission(permission, requestingOrigin));
  // Threat: a page loaded from the dev server running without the app's CSP.
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, "Content-Security-Policy": [baseline.csp] } });
  });
}

/** Serves dist/renderer over app://cometdesk/, refusing anything outside it. */
export function serveRenderer(protocol: ProtocolLike, rendererDir: string, baseline: SecurityBaseline): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const asset = request.method === "GET" ? resolveAppAsset(rendererDir, request.url) : undefined;
    if (!asset) return new Response("not found", { status: 404 });
    try {
      const body = await readFile(asset.path);
      return new Response(body, {
        headers: { "content-type": asset.contentType, ...rendererResponseHeaders(baseline.csp) },
      });
    } catch {
      return new Response("not found", { status: 404 });
    }
  });
}

/** Every web contents (windows, and any a bug might create): no foreign navigation, no popups, no webviews. */
export function guardWebContents(app: AppLike, shell: ShellLike, baseline: SecurityBaseline): void {
  app.on("web-contents-created", (_event, contents) => {
    contents.on("will-navigate", (event, url) => {
      if (!baseline.allowNavigation(url)) event.preventDefault();
    });
    contents.on("will-redirect", (event, url) => {
      if (!baseline.allowNavigation(url)) event.preventDefault();
    });
    contents.on("will-attach-webview", (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      const decision = baseline.windowOpen({ url });
      if (decision.openExternally && baseline.allowExternal(decision.openExternally)) void shell.openExternal(decision.openExternally);
      return { action: "deny" };
    });
  });
}
