import type { CometdeskApi } from "../../../shared/api.js";
import { parseBridgeParams, withoutCredentials } from "./bridge-params.js";

/** What the renderer could not reach, with what to do about it. */
export class ApiUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ApiUnavailableError";
  }
}

/** This tab's session secret for the bridge at `url`, from the ticket it spent (bridge-params.ts). */
const SESSION_KEY = "cometdesk.bridge-session";

function savedSession(url: string): string | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? "null") as { url?: unknown; secret?: unknown } | null;
    return saved?.url === url && typeof saved.secret === "string" ? saved.secret : undefined;
  } catch {
    return undefined;
  }
}

const USED_LINK = "This link works once, within minutes of being made, and it was used already or has expired. The terminal that runs Cometdesk makes a new one: press Enter there.";

/**
 * The app's API: preload's window.cometdesk inside Electron, otherwise the WebSocket bridge
 * named in the URL's query string, opened with the link's one-time ticket or, on a reload,
 * with the session secret this tab got for it.
 */
export async function connectApi(): Promise<CometdeskApi> {
  const fromPreload = (window as { cometdesk?: CometdeskApi }).cometdesk;
  if (fromPreload) return fromPreload;
  const params = parseBridgeParams(window.location.search);
  if (!params) {
    throw new ApiUnavailableError("Cometdesk's renderer needs its main process. Start it with `npm start` or `npm run dev:web`.");
  }
  // The ticket leaves the address bar and this history entry before anything else happens.
  if (window.location.search.includes("ticket=") || window.location.search.includes("secret=")) {
    window.history.replaceState(window.history.state, "", withoutCredentials(window.location.href));
  }
  const session = savedSession(params.url);
  const onSession = (secret: string) => sessionStorage.setItem(SESSION_KEY, JSON.stringify({ url: params.url, secret }));
  const attempts = [
    ...(params.ticket ? [{ ticket: params.ticket }] : []),
    ...(session ? [{ secret: session }] : []),
  ];
  if (attempts.length === 0) throw new ApiUnavailableError(USED_LINK);
  // Two chunks, asked for at once: the socket's small one opens the connection and sends the first
  // screen's calls while the client's (zod and the contract's schemas) is still on its way.
  const socketChunk = import("./first-socket.js");
  const clientChunk = import("./bridge-api.js");
  clientChunk.catch(() => undefined); // awaited in connectFirst, where a failure is thrown
  const api = await (await socketChunk).connectFirst(params.url, attempts, onSession, clientChunk);
  if (api) return api;
  throw new ApiUnavailableError(params.ticket ? USED_LINK : "Could not connect to the app's bridge. Is Cometdesk still running in its terminal? If it was restarted, open the new link it printed.");
}
