import { config as zodConfig } from "zod";
import type { CometdeskApi } from "../../../shared/api.js";
import { adoptBridge, type BridgeOptions } from "../../bridge/bridge-client.js";
import type { BridgeSocket } from "../../bridge/bridge-socket.js";

/**
 * The browser mode's API over the WebSocket bridge. Loaded on demand: inside Electron the
 * preload already parses every answer, so the contract's schemas (and zod) stay out of the
 * renderer's initial bundle. The socket was opened before this chunk arrived (first-socket.ts).
 */
export async function connectBridgeApi(opened: BridgeSocket, options: Pick<BridgeOptions, "credential" | "onSession">): Promise<CometdeskApi> {
  // The CSP forbids eval, so zod's compiled-parser fast path would only raise violations.
  zodConfig({ jitless: true });
  return (await adoptBridge(opened, options)).api;
}
