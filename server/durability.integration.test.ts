import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { StdSignDoc } from "@cosmjs/amino";
import { StargateClient } from "@cosmjs/stargate";
import pino from "pino";
import { afterAll, describe, expect, inject, it } from "vitest";
import { faultyAsyncFiles, gate } from "../devnet/test/file-faults.js";
import { ConfigSchema } from "./lib/config.js";
import { dataPaths, startService } from "./service.js";
import { fromBase64 } from "@cosmjs/encoding";
import { aminoTxRaw } from "../shared/cosmos/amino-tx.js";
import { txIdOf } from "../shared/cosmos/tx-id.js";
import { StdSignDoc as StdSignDocSchema } from "../shared/contract/tx.js";
import { aminoWallet, call, startTestService, waitForStatus } from "./test/access-client.js";
import { journalStorage } from "./test/test-storage.js";

/**
 * A record is shown, and its nonce counted, only once it is durable. The journal's writes are
 * held in a page cache that a power cut empties (the fault layer keeps them in memory until
 * their fdatasync), and the fdatasync of a submission is held back: in that window no route
 * shows the record, and after the crash nothing a client saw is gone.
 */
const info = inject("devnet");
const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), "cometdesk-durable-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("a submission between its write and its fsync", () => {
  it("is shown nowhere, counts for no nonce, and a crash then takes nothing a client saw", { timeout: 120_000 }, async () => {
    const dir = folder();
    const journal = dataPaths(dir).journal;
    // Armed by the write that carries the submission: that write's fdatasync is held back.
    let marker: string | undefined;
    let armed = false;
    const held = gate();
    const files = faultyAsyncFiles({
      volatile: (p) => p === journal,
      onWrite: (p, bytes) => (armed ||= p === journal && marker !== undefined && Buffer.from(bytes).includes(marker)),
      beforeSync: (p) => (armed && p === journal ? held.wait() : Promise.resolve()),
    });
    const config = ConfigSchema.parse({ node: info.nodes[0]!.rpc, port: 0, dataDir: dir, holdMs: 600_000, rateLimit: 10_000, rateBurst: 10_000, pollMs: 100, logLevel: "warn" });
    const first = await startService(config, pino({ level: "warn" }), { journalFiles: files });
    const { token } = await first.tokens.create("durable");
    first.tokens.reload();
    const { wallet, address } = await aminoWallet(info, "dave");
    const bob = info.accounts.find((a) => a.name === "bob")!.address;
    const chain = await StargateClient.connect(info.nodes[0]!.rpc);
    const sequence = (await chain.getSequence(address)).sequence;
    const transfer = { from: address, to: bob, amount: "31" };
    // Signed as a client does, which knows the id before it submits (docs/access-interface.md, "Signing").
    const doc = (await call<{ signDoc: StdSignDoc }>(first.url, token, "POST", "/transactions/sign-doc", transfer)).body.signDoc;
    expect(doc.sequence).toBe(String(sequence));
    const { signature } = await wallet.signAmino(address, doc);
    const body = { ...transfer, nonce: doc.sequence, signature: signature.signature };
    const txHash = txIdOf(aminoTxRaw(StdSignDocSchema.parse(doc), fromBase64(signature.pub_key.value as string), fromBase64(signature.signature)));

    marker = txHash;
    const submitted = call(first.url, token, "POST", "/transactions", body);
    await held.reached; // the record is written, its fdatasync has not returned
    const nextDoc = async (url: string) => (await call<{ signDoc: StdSignDoc }>(url, token, "POST", "/transactions/sign-doc", transfer)).body.signDoc.sequence;
    const listed = async (url: string) => (await call<{ transactions: Array<{ txHash: string }> }>(url, token, "GET", `/transactions?address=${address}&limit=100`)).body.transactions.map((t) => t.txHash);
    // What a client could build on: none of it may show the record yet.
    expect((await call(first.url, token, "GET", `/transactions/${txHash}`)).status).toBe(404);
    expect(await listed(first.url)).not.toContain(txHash);
    expect((await call(first.url, token, "GET", `/accounts/${address}`)).body.nextNonce).toBe(String(sequence));
    expect(await nextDoc(first.url)).toBe(String(sequence));

    // The crash: what the disk holds is what was synced. A second service reads it.
    const after = folder();
    copyFileSync(journal, dataPaths(after).journal);
    copyFileSync(dataPaths(dir).tokens, dataPaths(after).tokens);
    const second = await startTestService(info, { holdMs: 0 }, journalStorage(after));
    try {
      expect((await call(second.url, token, "GET", `/transactions/${txHash}`)).status).toBe(404);
      expect(await listed(second.url)).not.toContain(txHash);
      expect((await call(second.url, token, "GET", `/accounts/${address}`)).body.nextNonce).toBe(String(sequence));
      // The client was never answered; it sends the identical body again, and the transfer happens once.
      const retried = await call(second.url, token, "POST", "/transactions", body);
      expect(retried).toMatchObject({ status: 202, body: { txHash } });
      expect((await waitForStatus(second.url, token, txHash, ["committed", "failed", "rejected", "expired"])).status).toBe("committed");
      expect((await chain.getSequence(address)).sequence).toBe(sequence + 1);

      // The first service's fsync fails at last: its answer is an error, never an acknowledgement.
      armed = false;
      marker = undefined;
      held.fail(Object.assign(new Error("I/O error"), { code: "EIO" }));
      const answer = await submitted;
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ error: { code: "unavailable" } });
      expect((await call(first.url, token, "GET", `/transactions/${txHash}`)).status).toBe(404);
    } finally {
      chain.disconnect();
      await first.close();
      await second.close();
    }
  });
});
