/**
 * A loopback HTTP proxy in front of the real access service that injects the faults the real
 * service cannot be made to produce on demand: a 500 (a bug in the service), a 502 from a broken
 * gateway, a 429 with a chosen Retry-After, a dropped connection, a request held unanswered until
 * the rules are cleared. Everything without a rule goes through to the real service unchanged.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Fault =
  | { readonly status: number; readonly body: unknown; readonly headers?: Readonly<Record<string, string>> }
  | { readonly drop: true }
  /** Holds the request, unread and unanswered, until `clear()` sends it on. */
  | { readonly hold: true };

export interface FaultProxy {
  readonly url: string;
  /** Answers `method path` (path without its query) with `fault`, `times` times or until cleared. */
  fail(method: string, path: string, fault: Fault, times?: number): void;
  /** Removes every rule and sends every held request on to the real service. */
  clear(): void;
  /** When each request for `method path` arrived (ms since the epoch), faulted or not. */
  arrivals(method: string, path: string): number[];
  close(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const rules = new Map<string, { fault: Fault; left: number }>();
  const seen = new Map<string, number[]>();
  const held: { req: IncomingMessage; res: ServerResponse }[] = [];
  const server = createServer((req, res) => {
    const key = `${req.method} ${(req.url ?? "/").split("?")[0]}`;
    seen.set(key, [...(seen.get(key) ?? []), Date.now()]);
    const rule = rules.get(key);
    if (rule && rule.left > 0) {
      rule.left -= 1;
      if ("hold" in rule.fault) return void held.push({ req, res });
      return inject(req, res, rule.fault);
    }
    pass(req, res, upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    fail: (method, path, fault, times = Number.POSITIVE_INFINITY) => void rules.set(`${method} ${path}`, { fault, left: times }),
    clear: () => {
      rules.clear();
      for (const { req, res } of held.splice(0)) pass(req, res, upstream);
    },
    arrivals: (method, path) => [...(seen.get(`${method} ${path}`) ?? [])],
    close: () =>
      new Promise((resolve) => {
        for (const { res } of held.splice(0)) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function inject(req: IncomingMessage, res: ServerResponse, fault: Exclude<Fault, { hold: true }>): void {
  if ("drop" in fault) {
    // Read nothing and answer nothing: the client sees its connection reset mid-request.
    req.socket.destroy();
    return;
  }
  req.resume();
  res.writeHead(fault.status, { "content-type": "application/json", ...fault.headers }).end(JSON.stringify(fault.body));
}

function pass(req: IncomingMessage, res: ServerResponse, upstream: URL): void {
  const out = httpRequest(
    { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  out.on("error", () => res.destroy());
  req.pipe(out);
}
