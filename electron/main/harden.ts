/**
 * Applies the security baseline (security.ts) to Electron: the session's permission handlers,
 * the app:// protocol with its CSP header, and the navigation and new-window rules of every
 * web contents the app ever creates.
 */
import { readFile } from "node:fs/promises";
import { app, protocol, type Session, shell } from "electron";
import { APP_SCHEME, resolveAppAsset } from "./app-protocol.js";
import { rendererResponseHeaders, type SecurityBaseline } from "./security.js";

export function hardenSession(session: Session, baseline: SecurityBaseline): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => callback(baseline.allowPermission(permission, details.requestingUrl)));
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => baseline.allowPermission(permission, requestingOrigin));
  // Threat: a page loaded from the dev server running without the app's CSP.
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, "Content-Security-Policy": [baseline.csp] } });
  });
}

/** Serves dist/renderer over app://cometdesk/, refusing anything outside it. */
export function serveRenderer(rendererDir: string, baseline: SecurityBaseline): void {
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
export function guardWebContents(baseline: SecurityBaseline): void {
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
