import { type BridgeSocket, type BridgeSocketOptions, openBridgeSocket } from "../../bridge/bridge-socket.js";
import { FIRST_CALLS } from "./first-calls.js";

/** The bridge's socket, opened with the first screen's calls (first-calls.ts); a chunk of its own, without zod. */
export const openFirstSocket = (url: string, credential: BridgeSocketOptions["credential"]): BridgeSocket => openBridgeSocket({ url, credential, early: FIRST_CALLS });
