import type { MethodName } from "../../../shared/contract/index.js";

/**
 * What the first screen asks main, with no arguments, before anything else: the calls of
 * queries/startup-queries.ts and the shell's `app.info`. In browser mode they are sent as the bridge's
 * socket opens, before its client has loaded (renderer/bridge/bridge-socket.ts), and their
 * answers serve those calls. Read-only calls only: each is sent whether or not the page then
 * makes it. Kept out of startup-queries.ts, which is in the window's first script: only the
 * socket's chunk needs the list.
 */
export const FIRST_CALLS: readonly MethodName[] = ["wallet.status", "app.problems", "chain.status", "chain.connection", "network.list", "app.info"];
