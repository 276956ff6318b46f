/**
 * A rewriting proxy in front of a real CometBFT node (127.0.0.1, a free port): it passes every
 * request through, HTTP and the event WebSocket alike, and lets a spec rewrite JSON-RPC answers
 * on their way back. Event attributes, node monikers and error texts cannot be made hostile on
 * a real devnet node, so the corpus reaches the app this way, on top of real chain data.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";

export interface JsonRpcAnswer {
  result?: unknown;
  error?: { code: number; message: string; data?: string };
  [key: string]: unknown;
}

/** Changes an answer of `method` in place; called for every JSON answer that passes. */
export type Rewrite = (method: string, answer: JsonRpcAnswer) => void;

export interface CorpusProxy {
  readonly url: string;
  /** How many answers of each method were rewritten, so a spec can see its path was taken. */
  readonly seen: ReadonlyMap<string, number>;
  close(): Promise<void>;
}

const MAX_REQUEST_BYTES = 1 << 20;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) throw new Error("request too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function methodOf(req: IncomingMessage, body: Buffer): string {
  if (req.method === "POST") {
    try {
      const parsed: unknown = JSON.parse(body.toString("utf8"));
      if (typeof parsed === "object" && parsed !== null && "method" in parsed && typeof parsed.method === "string") return parsed.method;
    } catch {
      return "";
    }
    return "";
  }
  return new URL(req.url ?? "/", "http://x").pathname.replace(/^\//, "");
}

export async function startCorpusProxy(target: string, rewrite: Rewrite): Promise<CorpusProxy> {
  const upstream = new URL(target);
  const seen = new Map<string, number>();
  const sockets = new Set<Socket>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const method = methodOf(req, body);
    const answer = await fetch(new URL(req.url ?? "/", upstream), {
      method: req.method,
      headers: { "content-type": req.headers["content-type"] ?? "application/json" },
      body: req.method === "POST" ? body.toString("utf8") : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    let text = await answer.text();
    try {
      const json = JSON.parse(text) as JsonRpcAnswer;
      rewrite(method, json);
      seen.set(method, (seen.get(method) ?? 0) + 1);
      text = JSON.stringify(json);
    } catch {
      // Not JSON: passed through untouched.
    }
    res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
    res.end(text);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
  });
  // The node's event WebSocket: a byte pipe, after replaying the upgrade request upstream.
  server.on("upgrade", (req: IncomingMessage, client: Socket, head: Buffer) => {
    const node = connect(Number(upstream.port), upstream.hostname, () => {
      const headers = Object.entries(req.headers).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") : (v ?? "")}`);
      node.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join("\r\n")}\r\n\r\n`);
      node.write(head);
      node.pipe(client).pipe(node);
    });
    for (const s of [node, client]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {
        node.destroy();
        client.destroy();
      });
    }
  });
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
