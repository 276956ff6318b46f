import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A CometBFT JSON-RPC node that misbehaves on demand, for fault tests: it forwards calls to a
 * real node (`upstream`) and twists the answers of the routes it is told to, or answers in ways
 * no honest node does (a trickle, 50 MB, 10,000-deep JSON). Loopback only, port 0.
 */
export type HostileBehaviour =
  /** Forwards to the upstream node unchanged. */
  | "honest"
  /** Sends its headers at once, then one byte every `trickleMs`, never finishing. */
  | "slow-loris"
  /** Accepts the request and never answers. */
  | "silent"
  /** A 50 MB answer, streamed without a declared length. */
  | "huge-body"
  /** A result nested 10,000 deep. */
  | "deep-json"
  /** The upstream's answer under another JSON-RPC id. */
  | "wrong-id"
  /** `tx` / `tx_search` answers whose tx bytes are not the ones the hash names. */
  | "tx-hash-mismatch"
  /** `status` reports a lower latest height on every call after the first. */
  | "height-backwards"
  /** Every other call names another chain (node_info.network, header chain_id). */
  | "chain-id-switch"
  /** Every call names another chain: a node swapped for one of another network. */
  | "other-chain";

export interface HostileNode {
  readonly url: string;
  /** Misbehaves on `routes` (every route when omitted); the others stay honest. */
  set(behaviour: HostileBehaviour, routes?: readonly string[]): void;
  /** Requests seen per route since the start. */
  readonly seen: Map<string, number>;
  /** Stops listening and drops every connection, like a killed node; `revive` listens again on the same port. */
  kill(): Promise<void>;
  revive(): Promise<void>;
  close(): Promise<void>;
}

export const HUGE_BODY_BYTES = 50 << 20;
export const DEEP_JSON_DEPTH = 10_000;
const FORK_SUFFIX = "-fork";

interface Call {
  readonly route: string;
  readonly id: unknown;
  readonly get: boolean;
}

/** Starts a hostile node in front of `upstream` (a real node's RPC URL), or of nothing. */
export async function startHostileNode(options: { upstream?: string; trickleMs?: number } = {}): Promise<HostileNode> {
  let behaviour: HostileBehaviour = "honest";
  let only: ReadonlySet<string> | undefined;
  const seen = new Map<string, number>();
  const sockets = new Set<Socket>();
  let lastHeight: bigint | undefined;
  let switchCount = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readAll(req);
    const call = describe(req, body);
    seen.set(call.route, (seen.get(call.route) ?? 0) + 1);
    const mode = only && !only.has(call.route) ? "honest" : behaviour;
    switch (mode) {
      case "silent":
        return;
      case "slow-loris":
        return trickle(res, options.trickleMs ?? 1_000);
      case "huge-body":
        return pump(res, `{"jsonrpc":"2.0","id":${JSON.stringify(call.id)},"result":{"data":"`, HUGE_BODY_BYTES);
      case "deep-json":
        res.writeHead(200, { "content-type": "application/json" });
        res.end(`{"jsonrpc":"2.0","id":${JSON.stringify(call.id)},"result":${"[".repeat(DEEP_JSON_DEPTH)}${"]".repeat(DEEP_JSON_DEPTH)}}`);
        return;
    }
    const answer = await forward(options.upstream, req, body);
    const result = answer.result as Record<string, unknown> | undefined;
    if (mode === "wrong-id") answer.id = typeof answer.id === "number" ? answer.id + 1000 : "someone-else";
    if (mode === "tx-hash-mismatch" && result) {
      if (call.route === "tx") result.tx = flipLastByte(String(result.tx));
      if (call.route === "tx_search" && Array.isArray(result.txs)) for (const t of result.txs as Array<Record<string, unknown>>) t.tx = flipLastByte(String(t.tx));
    }
    if (mode === "height-backwards" && call.route === "status" && result) {
      const sync = result.sync_info as Record<string, string>;
      const reported = lastHeight === undefined ? BigInt(sync.latest_block_height ?? "1") : lastHeight - 3n;
      lastHeight = reported > 1n ? reported : 1n;
      sync.latest_block_height = String(lastHeight);
    }
    if (mode === "chain-id-switch" && result && switchCount++ % 2 === 1) renameChain(result, 0);
    if (mode === "other-chain" && result) renameChain(result, 0);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: -1, error: { code: -32603, message: "hostile node: upstream failed", data: String(error) } }));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;

  const kill = async () => {
    const closed = new Promise<void>((r) => server.close(() => r()));
    for (const s of sockets) s.destroy();
    await closed;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    set(next, routes) {
      behaviour = next;
      only = routes ? new Set(routes) : undefined;
      lastHeight = undefined;
      switchCount = 0;
    },
    kill,
    revive: () => new Promise<void>((r) => server.listen(port, "127.0.0.1", r)),
    close: async () => (server.listening ? kill() : undefined),
  };
}

function describe(req: IncomingMessage, body: string): Call {
  if (req.method === "GET") return { route: (req.url ?? "/").slice(1).split("?")[0] ?? "", id: -1, get: true };
  try {
    const parsed = JSON.parse(body) as { method?: unknown; id?: unknown };
    return { route: typeof parsed.method === "string" ? parsed.method : "", id: parsed.id ?? null, get: false };
  } catch {
    return { route: "", id: null, get: false };
  }
}

async function readAll(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The upstream's JSON-RPC answer, parsed (the upstream is a real node, trusted here). */
async function forward(upstream: string | undefined, req: IncomingMessage, body: string): Promise<{ id?: unknown; result?: unknown; error?: unknown }> {
  if (!upstream) return { id: -1, error: { code: -32603, message: "hostile node has no upstream" } };
  const base = upstream.replace(/\/+$/, "");
  const response =
    req.method === "GET"
      ? await fetch(`${base}${req.url ?? "/"}`, { signal: AbortSignal.timeout(10_000) })
      : await fetch(base, { method: "POST", headers: { "content-type": "application/json" }, body, signal: AbortSignal.timeout(10_000) });
  return (await response.json()) as { id?: unknown; result?: unknown };
}

function trickle(res: ServerResponse, everyMs: number): void {
  res.writeHead(200, { "content-type": "application/json" });
  res.write("{");
  const timer = setInterval(() => res.write(" "), everyMs);
  res.on("close", () => clearInterval(timer));
}

/** Writes `head`, then `bytes` of filler with backpressure, stopping when the client hangs up. */
function pump(res: ServerResponse, head: string, bytes: number): void {
  res.writeHead(200, { "content-type": "application/json" });
  res.write(head);
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  let written = 0;
  const more = (): void => {
    while (written < bytes && !res.destroyed) {
      written += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", more);
    }
    if (!res.destroyed) res.end('"}}');
  };
  more();
}

/** The same base64 transaction with its last byte changed: its sha256 no longer matches. */
function flipLastByte(base64: string): string {
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length > 0) bytes[bytes.length - 1]! ^= 0xff;
  return bytes.toString("base64");
}

/** Renames the chain everywhere an answer names it (status's network, headers' chain_id). */
function renameChain(value: unknown, depth: number): void {
  if (depth > 12 || typeof value !== "object" || value === null) return;
  for (const [key, inner] of Object.entries(value)) {
    if ((key === "chain_id" || key === "network") && typeof inner === "string") (value as Record<string, unknown>)[key] = `${inner}${FORK_SUFFIX}`;
    else renameChain(inner, depth + 1);
  }
}
