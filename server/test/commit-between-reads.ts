import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fromBase64, fromHex, toBase64, toHex } from "@cosmjs/encoding";
import { QueryAccountRequest } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { z } from "zod";

/**
 * A JSON-RPC node in front of a real one that makes a race happen on purpose: it holds back
 * `raw` (a signed transaction the service believes it broadcast), and on the first read about it
 * (`tx` by its hash, or `abci_query` of its sender's account) it reads the answer first, then has
 * the real node commit the transaction, and only then hands back the answer it read before. So a
 * block commits between that read and the next one, whatever their order. Loopback only, port 0.
 */
export interface RaceNode {
  readonly url: string;
  /** The read the block was committed after ("tx" or "account"), once it happened. */
  readonly raced: Promise<"tx" | "account">;
  /** The height of the block that included the transaction. */
  readonly committedAt: Promise<bigint>;
  close(): Promise<void>;
}

const CallSchema = z.object({ id: z.unknown(), method: z.string(), params: z.record(z.string(), z.unknown()).default({}) });
const TxAnswerSchema = z.object({ result: z.object({ height: z.string() }).optional() });

export async function startRaceNode(upstream: string, target: { readonly txHash: string; readonly sender: string; readonly raw: string }): Promise<RaceNode> {
  let fired = false;
  let raced!: (read: "tx" | "account") => void;
  let committed!: (height: bigint) => void;
  const racedP = new Promise<"tx" | "account">((r) => (raced = r));
  const committedP = new Promise<bigint>((r) => (committed = r));

  const rpc = async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    const response = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }), signal: AbortSignal.timeout(10_000) });
    return response.json();
  };
  const commitTarget = async (): Promise<void> => {
    await rpc("broadcast_tx_sync", { tx: target.raw });
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const answer = TxAnswerSchema.parse(await rpc("tx", { hash: toBase64(fromHex(target.txHash)) }));
      if (answer.result) return committed(BigInt(answer.result.height));
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("the real node did not commit the held transaction within 30 s");
  };
  const readAbout = (method: string, params: Record<string, unknown>): "tx" | "account" | undefined => {
    if (method === "tx" && typeof params.hash === "string" && toHex(fromBase64(params.hash)).toUpperCase() === target.txHash) return "tx";
    if (method === "abci_query" && params.path === "/cosmos.auth.v1beta1.Query/Account" && typeof params.data === "string") {
      if (QueryAccountRequest.decode(fromHex(params.data)).address === target.sender) return "account";
    }
    return undefined;
  };

  const handle = async (req: IncomingMessage): Promise<string> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const call = CallSchema.safeParse(JSON.parse(text));
    const answer = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body: text, signal: AbortSignal.timeout(10_000) }).then((r) => r.text());
    const read = call.success ? readAbout(call.data.method, call.data.params) : undefined;
    if (read && !fired) {
      fired = true;
      await commitTarget(); // the block commits now: after this read, before its answer arrives
      raced(read);
    }
    return answer;
  };

  const server: Server = createServer((req, res) => {
    handle(req).then(
      (body) => res.writeHead(200, { "content-type": "application/json" }).end(body),
      (err: unknown) => res.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: -1, error: { code: -32603, message: String(err) } })),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    raced: racedP,
    committedAt: committedP,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
