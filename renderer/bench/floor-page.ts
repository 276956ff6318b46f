/**
 * Benchmark-only entry (never part of the app build): the floor of the browser mode's first
 * second. It does the wire work every browser-mode start does and nothing else: takes the
 * bridge and its one-time ticket from the address (as the app does), opens the bridge's socket
 * with the app's own socket code, which sends `chain.status` as the socket opens and trades the
 * ticket for a session, and shows the node's height from the answer. No React, no zod, no
 * contract schemas: the `firstscreen` section of `npm run bench` compares the app against it.
 */
import { parseBridgeParams, withoutCredentials } from "../src/api/bridge-params.js";
import { openBridgeSocket } from "../bridge/bridge-socket.js";

const out = document.getElementById("floor-height")!;
const params = parseBridgeParams(location.search);
if (!params?.ticket) {
  out.textContent = "no bridge or ticket in the address";
} else {
  history.replaceState(history.state, "", withoutCredentials(location.href));
  const opened = openBridgeSocket({ url: params.url, credential: { ticket: params.ticket }, early: ["chain.status"] });
  const id = opened.early.get("chain.status");
  opened.adopt({
    open: () => undefined,
    message: (text) => {
      const frame = JSON.parse(text) as { type?: string; id?: number; result?: { ok?: boolean; value?: { syncInfo?: { latestBlockHeight?: string } }; error?: { message?: string } } };
      if (frame.type !== "result" || frame.id !== id) return;
      out.textContent = frame.result?.ok ? (frame.result.value?.syncInfo?.latestBlockHeight ?? "?") : `status failed: ${frame.result?.error?.message ?? "?"}`;
    },
    error: () => (out.textContent = "the bridge's socket failed"),
    close: () => undefined,
  });
}
