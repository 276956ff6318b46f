/**
 * What the harder cases of *Block to screen* set up around the app: a loopback TCP forwarder
 * (the bench devnet's RPC on another port, so the app follows the same chain as a second
 * network), a port that accepts connections and never answers (a network that is down), and an
 * independent subscriber to the node's `tm.event='Tx'`.
 */
import { createServer, type Server, type Socket, connect } from "node:net";
import { fromBase64 } from "@cosmjs/encoding";
import { z } from "zod";
import { subscribeEvents } from "../../e2e/support/live-match.js";
import { txIdOf } from "../../shared/cosmos/tx-id.js";

export interface Forwarder {
  readonly url: string;
  /** Connections opened, and those whose first bytes asked for the node's websocket. */
  readonly counts: { connections: number; websockets: number; blockReads: number };
  close(): Promise<void>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

function closer(server: Server, sockets: Set<Socket>): () => Promise<void> {
  return async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

/** Forwards a loopback port to `target` (an http://127.0.0.1:port URL), byte for byte. */
export async function startForwarder(target: string): Promise<Forwarder> {
  const to = new URL(target);
  const counts = { connections: 0, websockets: 0, blockReads: 0 };
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    counts.connections++;
    const upstream = connect(Number(to.port), to.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    // Requests are read only to count them; the bytes pass through untouched.
    client.on("data", (chunk: Buffer) => {
      const head = chunk.subarray(0, 2048).toString("latin1");
      if (/^GET \/websocket/.test(head)) counts.websockets++;
      counts.blockReads += head.match(/"method":"blockchain"|GET \/blockchain/g)?.length ?? 0;
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, counts, close: closer(server, sockets) };
}

/** A port that accepts connections and never answers: a node that is down behind a live address. */
export async function startSilentPort(): Promise<{ readonly url: string; readonly counts: { connections: number }; close(): Promise<void> }> {
  const counts = { connections: 0 };
  const sockets = new Set<Socket>();
  const server = createServer((s) => {
    counts.connections++;
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    s.on("error", () => s.destroy());
    s.resume();
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, counts, close: closer(server, sockets) };
}

const TxFrame = z.object({ result: z.object({ data: z.object({ value: z.object({ TxResult: z.object({ tx: z.string().max(1 << 22) }) }) }) }) });

/** The node's Tx events as an outside subscriber receives them: transaction id → wall-clock ms. */
export function subscribeTxs(rpc: string): ReturnType<typeof subscribeEvents> {
  return subscribeEvents(rpc, "tm.event='Tx'", (text) => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return undefined;
    }
    const frame = TxFrame.safeParse(json);
    return frame.success ? txIdOf(fromBase64(frame.data.result.data.value.TxResult.tx)) : undefined;
  });
}

/**
 * A script to inject before the app's own: notes in `window.__cdTx`, per transaction, the
 * wall-clock time its Transactions row first shows it as committed and the next animation frame
 * after it, and the time and status of the row's first appearance in the list, whatever its
 * status then.
 */
export function committedObserverScript(): string {
  return `(() => {
  const seen = (window.__cdTx = {});
  const now = () => performance.timeOrigin + performance.now();
  const note = () => {
    for (const el of document.querySelectorAll("[data-tx-hash]")) {
      const h = el.getAttribute("data-tx-hash");
      if (!h) continue;
      const entry = (seen[h] ??= { listed: now(), listedAs: el.getAttribute("data-status") ?? "", dom: 0, frame: 0 });
      if (entry.dom || el.getAttribute("data-status") !== "committed") continue;
      entry.dom = now();
      requestAnimationFrame(() => { entry.frame = now(); });
    }
  };
  new MutationObserver(note).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-status"] });
})();`;
}

/** What `committedObserverScript` noted of one transaction's row (wall-clock ms; 0: not yet). */
export const TxRowNote = z.object({ listed: z.number(), listedAs: z.string(), dom: z.number(), frame: z.number() });
export type TxRowNote = z.infer<typeof TxRowNote>;

/** One transfer's delays from the node's announcement to its committed row: in the DOM, and the frame after. */
export interface TransferDelay {
  readonly dom: number;
  readonly frame: number;
  /** The row's status when it was first listed. */
  readonly listedAs: string;
}

/** Transfers by how their row came to read *committed*, with each one's delays. */
export interface TransferPaths {
  /** Listed before the commit (as *queued* or *broadcast*), then changed in place by the event. */
  readonly inPlace: TransferDelay[];
  /** First listed already committed (the list was refetched after the commit). */
  readonly arrived: TransferDelay[];
  /** Sent, but the node's event or the committed row never came. */
  readonly missed: string[];
}

/** Sorts `sent` transactions (ids) by path, from the node's announcements and the page's notes. */
export function transferPaths(sent: readonly string[], announced: ReadonlyMap<string, number>, notes: Readonly<Record<string, TxRowNote | undefined>>): TransferPaths {
  const paths: TransferPaths = { inPlace: [], arrived: [], missed: [] };
  for (const hash of sent) {
    const at = announced.get(hash);
    const row = notes[hash];
    if (at === undefined || !row?.frame) {
      paths.missed.push(hash);
      continue;
    }
    (row.listedAs !== "committed" && row.listed < row.dom ? paths.inPlace : paths.arrived).push({ dom: row.dom - at, frame: row.frame - at, listedAs: row.listedAs });
  }
  return paths;
}
