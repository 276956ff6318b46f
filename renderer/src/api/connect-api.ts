import type { CometdeskApi } from "../../../shared/api.js";
import { parseBridgeParams } from "./bridge-params.js";

/** What the renderer could not reach, with what to do about it. */
export class ApiUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ApiUnavailableError";
  }
}

/**
 * The app's API: preload's window.cometdesk inside Electron, otherwise the WebSocket bridge
 * named in the URL's query string.
 */
export async function connectApi(): Promise<CometdeskApi> {
  const fromPreload = (window as { cometdesk?: CometdeskApi }).cometdesk;
  if (fromPreload) return fromPreload;
  const params = parseBridgeParams(window.location.search);
  if (!params) {
    throw new ApiUnavailableError("Cometdesk's renderer needs its main process. Start it with `npm start` or `npm run dev:web`.");
  }
  try {
    const { connectBridgeApi } = await import("./bridge-api.js");
    return await connectBridgeApi(params);
  } catch {
    throw new ApiUnavailableError("Could not connect to the app's bridge. Is `npm run dev:web` still running?");
  }
}
