import { Agent, createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import type { Duplex } from "node:stream";

/**
 * A loopback HTTP proxy in front of a real CometBFT node's RPC that plays a public node which
 * rate-limits: it refuses a share of the requests, or those above a rate, with 429 and
 * `Retry-After` (RFC 9110 §10.2.3), and passes the rest and every websocket through unchanged.
 * Clients must treat the refusal as a wait, not a failure.
 */
export type RateLimitMode =
  /** Refuses deterministically one request in `every` (the `every`-th, 2×`every`-th, …). */
  | { readonly kind: "share"; readonly every: number; readonly retryAfterSeconds: number }
  /** A token bucket of capacity `perSecond` (at least one) refilled continuously; Retry-After is the wait for the next token unless given. */
  | { readonly kind: "rate"; readonly perSecond: number; readonly retryAfterSeconds?: number }
  /** Passes everything and only counts. */
  | { readonly kind: "pass" };

export interface RateLimitStats {
  /** HTTP requests, a JSON-RPC batch counting as one; upgrades are not among them. */
  requests: number;
  refused: number;
  passed: number;
  /** Items in the JSON-RPC batches among `requests`. */
  batchItems: number;
  /** Websocket upgrades asked for, piped or refused. */
  websockets: number;
  /** Requests by route: a GET's first path segment, a POST's JSON-RPC method (each item's for a batch). */
  byRoute: Record<string, number>;
}

export interface RateLimitProxy {
  readonly url: string;
  setMode(mode: RateLimitMode): void;
  /** Refuse websocket upgrades on /websocket (answer 403 or close) instead of passing them. */
  refuseWebsockets(refuse: boolean): void;
  /** Counts since start or last reset(): HTTP requests (a JSON-RPC batch counts as one request, and its item count separately), refused, passed, websocket upgrades. */
  stats(): RateLimitStats;
  /** Zeroes the counts and starts the limit afresh (the share's count, a full bucket). */
  reset(): void;
  close(): Promise<void>;
}

/** Bodies above this are answered 413 unread into memory: the proxy's memory stays bounded whatever a client sends. */
export const MAX_BODY_BYTES = 8 << 20;
export const REFUSAL_BODY = JSON.stringify({ error: "rate limited" });

/** Decides, request by request, whether `mode` refuses it; a refusal names its Retry-After in seconds. */
export function rateLimiter(mode: RateLimitMode, now: () => number = () => performance.now()): () => { refuse: false } | { refuse: true; retryAfterSeconds: number } {
  if (mode.kind === "share") {
    if (!Number.isInteger(mode.every) || mode.every < 1) throw new RangeError(`share.every must be a whole number ≥ 1, not ${mode.every}`);
    let seen = 0;
    return () => ((seen = (seen + 1) % mode.every) === 0 ? { refuse: true, retryAfterSeconds: mode.retryAfterSeconds } : { refuse: false });
  }
  if (mode.kind === "rate") {
    const rate = mode.perSecond;
    if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError(`rate.perSecond must be a positive number, not ${rate}`);
    // Below one per second the bucket still holds one token, or it would never pass anything.
    const capacity = Math.max(1, rate);
    let tokens = capacity;
    let at = now();
    return () => {
      const t = now();
      tokens = Math.min(capacity, tokens + ((t - at) / 1000) * rate);
      at = t;
      if (tokens >= 1) {
        tokens -= 1;
        return { refuse: false };
      }
      return { refuse: true, retryAfterSeconds: mode.retryAfterSeconds ?? Math.max(1, Math.ceil((1 - tokens) / rate)) };
    };
  }
  return () => ({ refuse: false });
}

const emptyStats = (): RateLimitStats => ({ requests: 0, refused: 0, passed: 0, batchItems: 0, websockets: 0, byRoute: {} });

/** Starts the proxy on 127.0.0.1 (a free port) in front of `target`, a node's RPC URL; `pass` unless told otherwise. */
export async function startRateLimitProxy(target: string, mode: RateLimitMode = { kind: "pass" }): Promise<RateLimitProxy> {
  const upstream = new URL(target);
  const basePath = upstream.pathname.replace(/\/+$/, "");
  // Its own agent, so that close() also ends the kept-alive connections to the node.
  const agent = new Agent({ keepAlive: true });
  const upgraded = new Set<Duplex>();
  let limit = rateLimiter(mode);
  let currentMode = mode;
  let refuseUpgrades = false;
  let counts = emptyStats();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readCapped(req);
    counts.requests += 1;
    if (body === undefined) {
      res.writeHead(413, { "content-type": "application/json", connection: "close" }).end(JSON.stringify({ error: `body above ${MAX_BODY_BYTES} bytes` }));
      return;
    }
    const { routes, batchItems } = routesOf(req, body);
    counts.batchItems += batchItems;
    for (const route of routes) counts.byRoute[route] = (counts.byRoute[route] ?? 0) + 1;
    const verdict = limit();
    if (verdict.refuse) {
      counts.refused += 1;
      res.writeHead(429, { "content-type": "application/json", "retry-after": String(verdict.retryAfterSeconds) }).end(REFUSAL_BODY);
      return;
    }
    counts.passed += 1;
    const out = httpRequest(
      { agent, host: upstream.hostname, port: upstream.port, method: req.method, path: basePath + (req.url ?? "/"), headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on("error", () => res.destroy());
      },
    );
    out.on("error", (error) => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify({ error: `upstream: ${error.message}` }));
    });
    out.end(body);
  };

  const server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    counts.websockets += 1;
    track(upgraded, socket);
    if (refuseUpgrades) {
      socket.end("HTTP/1.1 403 Forbidden\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
      return;
    }
    pipeUpgrade(req, socket, head, upstream, basePath, upgraded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setMode(next) {
      limit = rateLimiter(next);
      currentMode = next;
    },
    refuseWebsockets: (refuse) => void (refuseUpgrades = refuse),
    stats: () => ({ ...counts, byRoute: { ...counts.byRoute } }),
    reset() {
      counts = emptyStats();
      limit = rateLimiter(currentMode);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const s of upgraded) s.destroy();
        agent.destroy();
      }),
  };
}

/** The body, or undefined once it passes MAX_BODY_BYTES (the rest is read and dropped, so the 413 reaches the client). */
async function readCapped(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    else chunks.length = 0;
  }
  return size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks);
}

/** The routes a request asks for; anything that is not a JSON-RPC call or batch counts under its path's first segment. */
function routesOf(req: IncomingMessage, body: Buffer): { routes: string[]; batchItems: number } {
  const segment = (req.url ?? "/").split("?")[0]?.split("/")[1] ?? "";
  if (req.method !== "POST") return { routes: [segment], batchItems: 0 };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return { routes: [segment], batchItems: 0 };
  }
  const methodOf = (call: unknown): string | undefined =>
    typeof call === "object" && call !== null && "method" in call && typeof call.method === "string" ? call.method : undefined;
  if (!Array.isArray(parsed)) return { routes: [methodOf(parsed) ?? segment], batchItems: 0 };
  const routes = parsed.map((call) => methodOf(call) ?? segment);
  return { routes: routes.length > 0 ? routes : [segment], batchItems: parsed.length };
}

/** Pipes an upgrade raw to the node: the request head as it came (host aside), then bytes both ways. */
function pipeUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, upstream: URL, basePath: string, open: Set<Duplex>): void {
  const node: Socket = connect({ host: upstream.hostname, port: Number(upstream.port || 80) });
  track(open, node);
  const lines = [`${req.method} ${basePath}${req.url ?? "/"} HTTP/${req.httpVersion}`];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] ?? "";
    lines.push(`${name}: ${name.toLowerCase() === "host" ? upstream.host : (req.rawHeaders[i + 1] ?? "")}`);
  }
  node.once("connect", () => {
    node.write(`${lines.join("\r\n")}\r\n\r\n`);
    if (head.length > 0) node.write(head);
    node.pipe(socket);
    socket.pipe(node);
  });
  node.on("error", () => socket.destroy());
  socket.on("error", () => node.destroy());
  node.on("close", () => socket.destroy());
  socket.on("close", () => node.destroy());
}

function track(open: Set<Duplex>, stream: Duplex): void {
  open.add(stream);
  stream.on("close", () => open.delete(stream));
}
