import type { CometdeskApi } from "../../../shared/api.js";
import { openBridgeSocket } from "../../bridge/bridge-socket.js";
import type { connectBridgeApi as ConnectBridgeApi } from "./bridge-api.js";
import { FIRST_CALLS } from "./first-calls.js";

type Credential = { readonly ticket: string } | { readonly secret: string };

/**
 * Connects with each credential in turn; undefined when none is admitted. A chunk of its own,
 * without zod: the first credential's socket opens here, with the first screen's calls
 * (first-calls.ts), while `client` (zod and the contract's schemas, asked for at the same time
 * by connect-api.ts) still loads. A failure to load `client` is thrown.
 */
export async function connectFirst(url: string, attempts: readonly Credential[], onSession: (secret: string) => void, client: Promise<{ readonly connectBridgeApi: typeof ConnectBridgeApi }>): Promise<CometdeskApi | undefined> {
  const open = (credential: Credential) => openBridgeSocket({ url, credential, early: FIRST_CALLS });
  const first = open(attempts[0]!);
  let connectBridgeApi: typeof ConnectBridgeApi;
  try {
    ({ connectBridgeApi } = await client);
  } catch (error) {
    first.socket.close();
    throw error;
  }
  for (const [i, credential] of attempts.entries()) {
    try {
      return await connectBridgeApi(i === 0 ? first : open(credential), { credential, onSession });
    } catch {
      // A spent ticket in a link opened again, with this tab still holding its session: try that.
    }
  }
  return undefined;
}
