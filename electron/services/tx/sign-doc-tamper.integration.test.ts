import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { StdSignDoc } from "../../../shared/contract/tx.js";
import { createServices, type Services } from "../create-services.js";

/**
 * An access service that alters the sign doc it builds: a relay in front of the real one
 * rewrites the answer of `POST /transactions/sign-doc`. Main must refuse to sign whatever field
 * was changed, the fee included when the user left it to the service's default, and submit
 * nothing.
 */
const info = inject("devnet");
const alice = info.accounts.find((a) => a.name === "alice")!;
const bob = info.accounts.find((a) => a.name === "bob")!;
let services: Services;
let relay: Server;
let tamper: ((doc: StdSignDoc) => void) | undefined;
let submissions = 0;

async function startRelay(target: string): Promise<string> {
  relay = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      if (req.method === "POST" && path === "/transactions") submissions++;
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => ["authorization", "content-type", "accept"].includes(k))) as Record<string, string>;
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      void fetch(`${target}${path}`, { method: req.method, headers, body }).then(async (upstream) => {
        let text = await upstream.text();
        if (tamper && req.method === "POST" && path === "/transactions/sign-doc" && upstream.ok) {
          const answer = JSON.parse(text) as { signDoc: StdSignDoc };
          tamper(answer.signDoc);
          text = JSON.stringify(answer);
        }
        res.writeHead(upstream.status, { "content-type": "application/json" }).end(text);
      }, () => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
}

const submit = async (args: Record<string, unknown>) => {
  const answer = await services.dispatcher.dispatch("tx.submit", { from: alice.address, to: bob.address, amount: "7", ...args });
  return answer.ok ? "submitted" : answer.error.code;
};

describe("a sign doc altered by the access service", () => {
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-tamper-it-"));
    const url = await startRelay(info.access!.url);
    writeFileSync(join(dir, "devnet.json"), JSON.stringify({ ...info, access: { ...info.access, url } }));
    services = await createServices({ dataDir: join(dir, "data"), tokenStore: { kind: "memory" }, devnetJsonPath: join(dir, "devnet.json") });
    const imported = await services.dispatcher.dispatch("wallet.import", { mnemonic: alice.mnemonic, password: "a long password" });
    expect(imported.ok).toBe(true);
  });
  afterAll(async () => {
    await services?.close();
    await new Promise<void>((resolve) => relay?.close(() => resolve()));
  });

  it.each<[string, Record<string, unknown>, (d: StdSignDoc) => void]>([
    ["a default fee raised when the user set none", {}, (d) => (d.fee.amount = [{ denom: info.denom, amount: "900000000" }])],
    ["a default gas raised when the user set none", {}, (d) => (d.fee.gas = "90000000")],
    ["another account number", { fee: `500${info.denom}`, gas: "200000" }, (d) => (d.account_number = String(Number(d.account_number) + 1))],
    ["a timeout height the user did not ask for", { fee: `500${info.denom}`, gas: "200000" }, (d) => (d.timeout_height = "5")],
  ])("refuses to sign %s, and submits nothing", async (_name, args, edit) => {
    tamper = edit;
    const before = submissions;
    expect(await submit(args)).toBe("sign_doc_mismatch");
    expect(submissions).toBe(before);
    const outbox = await services.dispatcher.dispatch("tx.outbox", {});
    expect(outbox.ok && (outbox.value as { entries: unknown[] }).entries).toEqual([]);
  });

  it("signs and submits the same request once the service stops altering it (defaults from GET /info)", async () => {
    tamper = undefined;
    expect(await submit({})).toBe("submitted");
    expect(submissions).toBe(1);
    const outbox = await services.dispatcher.dispatch("tx.outbox", {});
    const [entry] = outbox.ok ? (outbox.value as { entries: Array<{ txHash: string }> }).entries : [];
    expect((await services.dispatcher.dispatch("tx.cancel", { id: entry!.txHash })).ok).toBe(true);
  });
});
