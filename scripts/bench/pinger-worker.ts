/**
 * Pings main through the bridge from a thread of its own, so what the bench's own thread does
 * (receiving and parsing a 4 MB answer, say) never shows in the figures: only main's delays do.
 * Messages: "start" begins a ping every `gapMs` (each waits for the one before); "stop" answers
 * with the round trips in milliseconds.
 */
import { parentPort, workerData } from "node:worker_threads";
import { WebSocket } from "ws";
import { z } from "zod";
import { connectBridge, type WebSocketConstructor } from "../../renderer/bridge/bridge-client.js";

const port = parentPort;
if (!port) throw new Error("pinger-worker.ts runs only as a worker thread");
const { url, secret, gapMs } = z.object({ url: z.string(), secret: z.string(), gapMs: z.number() }).parse(workerData);
const conn = await connectBridge({ url, credential: { secret }, WebSocketImpl: WebSocket as unknown as WebSocketConstructor });
let samples: number[] = [];
let running: Promise<void> | undefined;
let stopping = false;

port.on("message", (message: unknown) => {
  if (message === "start") {
    samples = [];
    stopping = false;
    running = (async () => {
      while (!stopping) {
        const t0 = performance.now();
        await conn.api.app.ping();
        samples.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, gapMs));
      }
    })();
  } else if (message === "stop") {
    stopping = true;
    void running?.then(() => port.postMessage(samples));
  } else if (message === "close") {
    conn.close();
    port.close();
  }
});
port.postMessage("ready");
