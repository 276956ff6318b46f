import { config as zodConfig } from "zod";
import type { CometdeskApi } from "../../../shared/api.js";
import { connectBridge, type BridgeOptions } from "../../bridge/bridge-client.js";

/**
 * The browser mode's API over the WebSocket bridge. Loaded on demand: inside Electron the
 * preload already parses every answer, so the contract's schemas (and zod) stay out of the
 * renderer's initial bundle.
 */
export async function connectBridgeApi(options: Pick<BridgeOptions, "url" | "credential" | "onSession">): Promise<CometdeskApi> {
  // The CSP forbids eval, so zod's compiled-parser fast path would only raise violations.
  zodConfig({ jitless: true });
  return (await connectBridge(options)).api;
}
