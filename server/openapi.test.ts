import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { TransferSubmitBody, TxBytesBody } from "../shared/access/bodies.js";
import { Tx } from "../shared/contract/tx.js";
import { createServer, registeredRoutes } from "./app.js";
import { ConfigSchema } from "./lib/config.js";
import { NodeClient } from "./lib/node-client.js";
import { RpcProxy } from "./lib/rpc-proxy.js";
import { JournalStore } from "./lib/store.js";
import { TokenFile } from "./lib/tokens.js";
import { Transactions } from "./lib/transactions.js";

const DocSchema = z.object({ openapi: z.string(), paths: z.record(z.string(), z.record(z.string(), z.unknown())) });
const ObjectSchema = z.object({ required: z.array(z.string()), properties: z.record(z.string(), z.unknown()) });
const SubmitSpec = z.object({
  paths: z.object({ "/transactions": z.object({ post: z.object({ requestBody: z.object({ content: z.object({ "application/json": z.object({ schema: z.object({ oneOf: z.array(ObjectSchema) }) }) }) }) }) }) }),
  components: z.object({ schemas: z.object({ Tx: ObjectSchema }) }),
});
const readDoc = (): unknown => JSON.parse(readFileSync(new URL("./openapi.json", import.meta.url), "utf8"));
/** The keys a zod object requires (those that do not accept undefined). */
const requiredKeys = (shape: Record<string, z.ZodType>) => Object.keys(shape).filter((k) => !shape[k]!.safeParse(undefined).success).sort();

describe("server/openapi.json", () => {
  it("documents exactly the routes the app registers", async () => {
    const dir = mkdtempSync(join(tmpdir(), "openapi-"));
    try {
      // Nothing here talks to a node: the routes are only registered, never called.
      const config = ConfigSchema.parse({ node: "http://127.0.0.1:9", dataDir: dir, corsOrigins: ["*"] });
      const chain = { chainId: "c", prefix: "cosmos", denoms: [], defaultDenom: "u", defaultFee: { amount: 0n, denom: "u" }, defaultGas: 1n };
      const node = new NodeClient(config.node, 1);
      const store = await JournalStore.open(join(dir, "j.jsonl"));
      const proxy = new RpcProxy(config.node, 1, 1);
      const app = await createServer({ config, chain, transactions: new Transactions(chain, node, store, 0), store, tokens: new TokenFile(join(dir, "t.json")), proxy, logger: pino({ level: "silent" }) });
      await app.ready();
      const doc = DocSchema.parse(readDoc());
      const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
      // CORS preflight is answered for every path and is not an operation of the API.
      const registered = registeredRoutes(app).filter((r) => !r.startsWith("OPTIONS "));
      expect([...registered].sort()).toEqual([...documented].sort());
      expect(doc.openapi).toBe("3.1.0");
      await app.close();
      proxy.close();
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("describes both forms of POST /transactions with exactly the fields the service parses", () => {
    const spec = SubmitSpec.parse(readDoc());
    const forms = spec.paths["/transactions"].post.requestBody.content["application/json"].schema.oneOf;
    expect(forms.map((f) => Object.keys(f.properties).sort())).toEqual([Object.keys(TransferSubmitBody.shape).sort(), Object.keys(TxBytesBody.shape).sort()]);
    expect(forms.map((f) => [...f.required].sort())).toEqual([requiredKeys(TransferSubmitBody.shape), requiredKeys(TxBytesBody.shape)]);
  });

  it("lists every field of a transaction the app reads, kind included", () => {
    const tx = SubmitSpec.parse(readDoc()).components.schemas.Tx;
    expect(Object.keys(tx.properties).sort()).toEqual(Object.keys(Tx.shape).sort());
    expect(tx.required).toContain("kind");
  });
});
