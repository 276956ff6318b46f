/**
 * The browser mode: the app's main-process services behind the WebSocket bridge, and the
 * built renderer served over http, both on loopback. Used by the e2e suite and by `npm start`
 * where no Electron binary can run. The renderer finds the bridge in its URL's query string,
 * with a one-time ticket that it trades for a session secret (electron/bridge/bridge-credentials.ts).
 */
import { startBridgeServer } from "./bridge-server.js";
import type { Dispatcher } from "../services/dispatcher.js";
import type { EventHub } from "../services/event-hub.js";
import { startRendererServer } from "./renderer-server.js";

export interface BrowserModeOptions {
  readonly dispatcher: Dispatcher;
  readonly events: EventHub;
  readonly rendererDir: string;
  readonly rendererPort?: number;
}

export interface BrowserMode {
  /** The renderer and where its bridge is, with no credential: `…/index.html?bridge=ws://…/`. */
  readonly baseUrl: string;
  /** A link for one browser tab: `baseUrl` with a fresh one-time ticket, opening `#/<route>`. */
  link(route?: string): string;
  /** Where a harness in another process asks for tickets (`POST`, `Authorization: Bearer <secret>`). */
  readonly ticketUrl: string;
  /** The bridge's long-lived secret: for harnesses, never for a URL or a command line. */
  readonly secret: string;
  close(): Promise<void>;
}

export async function startBrowserMode(options: BrowserModeOptions): Promise<BrowserMode> {
  // The renderer server starts first (the bridge must know its origin); its CSP names the bridge once known.
  const known: { bridgeOrigin?: string } = {};
  const renderer = await startRendererServer({ rootDir: options.rendererDir, bridgeOrigin: () => known.bridgeOrigin, port: options.rendererPort });
  const bridge = await startBridgeServer({
    dispatcher: options.dispatcher,
    events: options.events,
    allowedOrigins: [renderer.origin],
    allowMissingOrigin: false,
  });
  known.bridgeOrigin = `ws://127.0.0.1:${bridge.port}`;
  const baseUrl = `${renderer.url}?${new URLSearchParams({ bridge: bridge.url })}`;
  return {
    baseUrl,
    link: (route = "") => appLink(baseUrl, bridge.issueTicket(), route),
    ticketUrl: bridge.ticketUrl,
    secret: bridge.secret,
    close: async () => {
      await bridge.close();
      await renderer.close();
    },
  };
}

/** `baseUrl` (the renderer and its bridge) with a one-time ticket, opening `#/<route>`. */
export function appLink(baseUrl: string, ticket: string, route = ""): string {
  const url = new URL(baseUrl);
  url.searchParams.set("ticket", ticket);
  url.hash = `#/${route}`;
  return url.href;
}
