/**
 * Serves the built renderer (dist/renderer) over http on loopback for the browser mode (e2e,
 * and `npm start` without Electron), with the same path guard and the same CSP as the app's
 * app:// protocol. The only addition to the CSP is the bridge's WebSocket origin.
 */
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { APP_ORIGIN, resolveAppAsset } from "../main/app-protocol.js";
import { contentSecurityPolicy, rendererResponseHeaders } from "../main/security.js";

export interface RendererServer {
  readonly url: string;
  readonly origin: string;
  close(): Promise<void>;
}

export interface RendererServerOptions {
  readonly rootDir: string;
  /** The bridge's ws:// origin; asked per request, since the bridge may start after this server. */
  readonly bridgeOrigin: () => string | undefined;
  readonly port?: number;
}

export async function startRendererServer(options: RendererServerOptions): Promise<RendererServer> {
  const server: Server = createServer((req, res) => {
    const bridge = options.bridgeOrigin();
    const csp = contentSecurityPolicy({ extraConnectSources: bridge ? [bridge] : [] });
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const asset = req.method === "GET" ? resolveAppAsset(options.rootDir, `${APP_ORIGIN}${path}`) : undefined;
    const notFound = () => {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    };
    if (!asset) return notFound();
    readFile(asset.path).then(
      (body) => res.writeHead(200, { "content-type": asset.contentType, ...rendererResponseHeaders(csp) }).end(body),
      notFound,
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/index.html`,
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
