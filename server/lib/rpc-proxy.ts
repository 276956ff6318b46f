import { Agent, request } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { UpstreamError } from "./errors.js";

/** One upstream answer, as bytes: forwarded, not re-serialized. */
export interface UpstreamResponse {
  readonly status: number;
  readonly body: Buffer;
}

/**
 * Forwards HTTP requests to the node over kept-alive connections, with a deadline and a cap on
 * the answer's size (a `genesis` of a big chain must not exhaust the service's memory).
 */
export class RpcProxy {
  private readonly base: URL;
  private readonly agent: Agent;

  constructor(
    nodeUrl: string,
    private readonly timeoutMs: number,
    private readonly maxBytes: number,
  ) {
    this.base = new URL(nodeUrl);
    const options = { keepAlive: true, maxSockets: 64, maxFreeSockets: 64 };
    this.agent = this.base.protocol === "https:" ? new HttpsAgent(options) : new Agent(options);
  }

  /** GET `path` (route and query string, as received) on the node. */
  get(pathAndQuery: string): Promise<UpstreamResponse> {
    return this.send("GET", pathAndQuery);
  }

  /** POST a JSON-RPC body to the node's root. */
  post(body: string): Promise<UpstreamResponse> {
    return this.send("POST", "/", body);
  }

  close(): void {
    this.agent.destroy();
  }

  private send(method: "GET" | "POST", path: string, body?: string): Promise<UpstreamResponse> {
    const prefix = this.base.pathname.replace(/\/$/, "");
    const send = this.base.protocol === "https:" ? httpsRequest : request;
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = body === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(body) };
      const req = send({ host: this.base.hostname, port: this.base.port, method, path: `${prefix}${path}`, agent: this.agent, headers }, (res) => {
        const declared = Number(res.headers["content-length"] ?? "0");
        if (declared > this.maxBytes) {
          res.destroy();
          reject(new UpstreamError("too_large", `the node's answer is ${declared} bytes, above the ${this.maxBytes}-byte cap`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > this.maxBytes) {
            res.destroy();
            reject(new UpstreamError("too_large", `the node's answer is above the ${this.maxBytes}-byte cap`));
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 502, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) });
        });
        res.on("error", (err) => reject(new UpstreamError("unreachable", `the node's answer broke off: ${err.message}`)));
      });
      const timer = setTimeout(() => {
        req.destroy(new UpstreamError("timeout", `the node did not answer within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      req.on("error", (err) => {
        clearTimeout(timer);
        reject(err instanceof UpstreamError ? err : new UpstreamError("unreachable", `the node cannot be reached: ${err.message}`));
      });
      req.end(body);
    });
  }
}
