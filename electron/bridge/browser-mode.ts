/**
 * The browser mode: the app's main-process services behind the WebSocket bridge, and the
 * built renderer served over http, both on loopback. Used by the e2e suite and by `npm start`
 * where no Electron binary can run. The renderer finds the bridge in its URL's query string.
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
  /** Open this in a browser: it carries the bridge's address and per-run secret. */
  readonly url: string;
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
  const query = new URLSearchParams({ bridge: bridge.url, secret: bridge.secret });
  return {
    url: `${renderer.url}?${query}#/`,
    close: async () => {
      await bridge.close();
      await renderer.close();
    },
  };
}
