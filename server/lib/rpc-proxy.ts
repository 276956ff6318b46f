import { Agent, type IncomingMessage, request } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { PassThrough, type Readable } from "node:stream";
import { UpstreamError } from "./errors.js";

/**
 * One upstream answer, forwarded as bytes, never re-serialized: `body` when it ended within the
 * buffer, otherwise `stream` (its head and the rest as it arrives).
 */
export interface UpstreamResponse {
  readonly status: number;
  readonly body?: Buffer;
  readonly stream?: Readable;
}

/** Answers up to this size are buffered, so most errors can still be a clean JSON answer. */
export const STREAM_ABOVE_BYTES = 64 * 1024;

/**
 * Forwards HTTP requests to the node over kept-alive connections, with a deadline and a cap on
 * the answer's size (a `genesis` of a big chain must not exhaust the service's memory). A big
 * answer is streamed; if it passes the cap or the deadline midway, the client's answer is cut off.
 */
export class RpcProxy {
  private readonly base: URL;
  private readonly agent: Agent;

  constructor(
    nodeUrl: string,
    private readonly timeoutMs: number,
    private readonly maxBytes: number,
    private readonly streamAboveBytes = STREAM_ABOVE_BYTES,
  ) {
    this.base = new URL(nodeUrl);
    const options = { keepAlive: true, maxSockets: 64, maxFreeSockets: 64 };
    this.agent = this.base.protocol === "https:" ? new HttpsAgent(options) : new Agent(options);
  }

  /** GET `path` (route and query string, as received) on the node. */
  get(pathAndQuery: string): Promise<UpstreamResponse> {
    return this.send("GET", pathAndQuery, undefined, this.streamAboveBytes);
  }

  /** POST a JSON-RPC body to the node's root. */
  post(body: string): Promise<UpstreamResponse> {
    return this.send("POST", "/", body, this.streamAboveBytes);
  }

  /** POST, always buffered (up to the cap): for answers the service must read, like batches. */
  async postBuffered(body: string): Promise<{ status: number; body: Buffer }> {
    const answer = await this.send("POST", "/", body, Infinity);
    return { status: answer.status, body: answer.body ?? Buffer.alloc(0) };
  }

  close(): void {
    this.agent.destroy();
  }

  private send(method: "GET" | "POST", path: string, body: string | undefined, streamAbove: number): Promise<UpstreamResponse> {
    const prefix = this.base.pathname.replace(/\/$/, "");
    const send = this.base.protocol === "https:" ? httpsRequest : request;
    return new Promise((resolve, reject) => {
      let stream: PassThrough | undefined;
      let settled = false;
      const fail = (err: UpstreamError): void => {
        clearTimeout(timer);
        if (stream) stream.destroy(err);
        else if (!settled) reject(err);
        settled = true;
      };
      const headers: Record<string, string | number> = body === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(body) };
      const req = send({ host: this.base.hostname, port: this.base.port, method, path: `${prefix}${path}`, agent: this.agent, headers }, (res: IncomingMessage) => {
        const status = res.statusCode ?? 502;
        if (Number(res.headers["content-length"] ?? "0") > this.maxBytes) {
          res.destroy();
          fail(new UpstreamError("too_large", `the node's answer is ${res.headers["content-length"]} bytes, above the ${this.maxBytes}-byte cap`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > this.maxBytes) {
            res.destroy();
            fail(new UpstreamError("too_large", `the node's answer is above the ${this.maxBytes}-byte cap`));
          } else if (stream) {
            if (!stream.write(chunk)) res.pause();
          } else {
            chunks.push(chunk);
            if (size <= streamAbove) return;
            stream = new PassThrough();
            stream.on("drain", () => res.resume());
            stream.on("close", () => res.destroy()); // the client went away: stop reading the node
            for (const c of chunks.splice(0)) stream.write(c);
            settled = true;
            resolve({ status, stream });
          }
        });
        res.on("end", () => {
          clearTimeout(timer);
          if (stream) stream.end();
          else if (!settled) resolve({ status, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) });
          settled = true;
        });
        res.on("error", (err) => fail(err instanceof UpstreamError ? err : new UpstreamError("unreachable", `the node's answer broke off: ${err.message}`)));
      });
      const timer = setTimeout(() => req.destroy(new UpstreamError("timeout", `the node did not answer within ${this.timeoutMs} ms`)), this.timeoutMs);
      req.on("error", (err) => fail(err instanceof UpstreamError ? err : new UpstreamError("unreachable", `the node cannot be reached: ${err.message}`)));
      req.end(body);
    });
  }
}
