import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

/**
 * The watch service with "tls" in its config, as an operator exposes it: the API speaks HTTPS
 * with the configured certificate (a client that trusts it gets answers; one that does not is
 * refused by the handshake), plain HTTP gets no API, and a missing or mismatched certificate
 * file is refused in words before the watch starts.
 */
const info = inject("devnet");
const TOKEN = "watch-service-tls-token-0123456789abcdef";
let dir: string;
let cert: string;
const children = new Set<ChildProcess>();

function writeConfig(name: string, tls: { certFile: string; keyFile: string }): string {
  const path = join(dir, `${name}.json`);
  const network = { id: "devnet", name: "Devnet", chainId: info.chainId, bech32Prefix: info.bech32Prefix, rpcUrls: [info.nodes[0]!.rpc] };
  writeFileSync(path, JSON.stringify({ dataDir: `./data-${name}`, listen: { host: "127.0.0.1", port: 0 }, token: TOKEN, tls, networks: [network] }));
  return path;
}

function run(config: string): { child: ChildProcess; url: Promise<string>; exit: Promise<{ code: number | null; stderr: string }> } {
  const child = spawn(process.execPath, ["--import", "tsx", "watch/service/cli.ts", "--config", config, "--log-level", "warn"], { stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on("exit", (code) => (children.delete(child), resolve({ code, stderr }))));
  const url = new Promise<string>((resolve, reject) => {
    void exit.then(({ code }) => reject(new Error(`the service exited with ${code}: ${stderr}`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const match = /API on (https?:\/\/\S+)/.exec(line);
      if (match) resolve(match[1]!);
    });
  });
  // A refused start has no URL; only a test that waits for one hears of it.
  url.catch(() => undefined);
  return { child, url, exit };
}

/** One GET over HTTPS trusting only `ca`; the status and body, or the client's error. */
function get(url: string, path: string, ca: string | undefined, token = TOKEN): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = request(`${url}${path}`, { ca, headers: { authorization: `Bearer ${token}` }, timeout: 15_000 }, (res) => {
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "watch-tls-"));
  // A self-signed certificate for 127.0.0.1, as an operator makes one for a private address.
  execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2", "-subj", "/CN=cometdesk-watch", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")], { stdio: "ignore" });
  execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2", "-subj", "/CN=other", "-keyout", join(dir, "other-key.pem"), "-out", join(dir, "other-cert.pem")], { stdio: "ignore" });
  cert = execFileSync("cat", [join(dir, "cert.pem")], { encoding: "utf8" });
});
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("the watch service over TLS", () => {
  it("serves its API over HTTPS with the configured certificate, and nothing over plain HTTP", { timeout: 90_000 }, async () => {
    const service = run(writeConfig("tls", { certFile: "./cert.pem", keyFile: "./key.pem" }));
    const url = await service.url;
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);

    const status = await get(url, "/v1/status", cert);
    expect(status).toMatchObject({ status: 200 });
    expect(JSON.parse((status as { body: string }).body)).toMatchObject({ networks: [{ networkId: "devnet" }] });
    expect(await get(url, "/v1/status", cert, "a-wrong-token-of-enough-length-000")).toMatchObject({ status: 401 });
    // A client that does not trust the certificate stops at the handshake: the token is never sent.
    expect(await get(url, "/v1/status", undefined)).toEqual({ error: "DEPTH_ZERO_SELF_SIGNED_CERT" });
    // Plain HTTP on the same port gets no answer from the API.
    const plain = await fetch(`${url.replace("https:", "http:")}/health`).then((r) => `HTTP ${r.status}`, () => "refused");
    expect(plain).not.toBe("HTTP 200");

    const exited = service.exit;
    service.child.kill("SIGTERM");
    expect((await exited).code).toBe(0);
  });

  it("refuses a missing certificate file and a key that is not the certificate's, in words", { timeout: 60_000 }, async () => {
    const missing = await run(writeConfig("missing", { certFile: "./no-such-cert.pem", keyFile: "./key.pem" })).exit;
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read the TLS certificate file .*no-such-cert\.pem/);
    const mismatched = await run(writeConfig("mismatched", { certFile: "./cert.pem", keyFile: "./other-key.pem" })).exit;
    expect(mismatched.code).toBe(2);
    expect(mismatched.stderr).toContain("are not a usable PEM pair");
  });
});
