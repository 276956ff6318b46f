import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { coins } from "@cosmjs/stargate";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { layoutFromEnv } from "../../../devnet/lib/layout.js";
import { fixedFee, signingClient } from "../../../devnet/test/chain-client.js";
import { TEST_DEVNET_ENV } from "../../../devnet/test/global-setup.js";
import { createServices, type Services } from "../create-services.js";

/**
 * `offline.*` on a network with an access service (the one `devnet up` starts, devnet.json
 * "access"): the export is signed at the service's account number and next nonce, and the file
 * simd signed goes to the service as `{txBytes}`, which holds, lists and follows it to its block,
 * as it does every other send of this app on that network.
 */
const info = inject("devnet");
const layout = layoutFromEnv({ ...process.env, ...TEST_DEVNET_ENV });
const home = mkdtempSync(join(tmpdir(), "cometdesk-offline-access-keys-"));
const dir = mkdtempSync(join(tmpdir(), "cometdesk-offline-access-"));
const run = promisify(execFile);
const simd = async (...args: string[]) => (await run(layout.simd, [...args, "--home", home, "--keyring-backend", "test"], { encoding: "utf8", timeout: 60_000 })).stdout.trim();
const bob = info.accounts.find((a) => a.name === "bob")!.address;
let services: Services;
let dataDir: string;
type Answer = Record<string, unknown>;
const call = async (method: string, args: unknown = {}): Promise<Answer> => {
  const answer = await services.dispatcher.dispatch(method, args);
  if (!answer.ok) throw Object.assign(new Error(`${method}: ${answer.error.code} ${answer.error.message}`), answer.error);
  return answer.value as Answer;
};
/** The access service's own answer, not the app's. */
const service = async (path: string): Promise<{ status: number; body: Answer }> => {
  const answer = await fetch(`${info.access!.url}${path}`, { headers: { authorization: `Bearer ${info.access!.token}` } });
  return { status: answer.status, body: (await answer.json()) as Answer };
};
const send = (from: string, amount: string) => ({ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: from, toAddress: bob, amount: [{ denom: info.denom, amount }] } });
const final = async (hash: string): Promise<Answer> => {
  for (let i = 0; i < 120; i++) {
    const tx = await call("tx.get", { id: hash });
    if (!["queued", "broadcast"].includes(String(tx.status))) return tx;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${hash} did not settle within 30 s`);
};

beforeAll(async () => {
  expect(info.access, "devnet.json names no access service: `devnet up` should start it").toBeDefined();
  dataDir = join(dir, "data");
  const devnetJson = join(dir, "devnet.json");
  writeFileSync(devnetJson, JSON.stringify(info));
  services = await createServices({ dataDir, tokenStore: { kind: "memory" }, devnetJsonPath: devnetJson });
});
afterAll(async () => {
  await services?.close();
});

describe("a transaction signed offline, on a network with an access service", () => {
  it("is exported at the service's next nonce, signed by simd tx sign --offline, sent to the service as {txBytes}, held and listed there, and committed", async () => {
    await simd("keys", "add", "cold");
    const cold = await simd("keys", "show", "cold", "-a");
    const { client, address: alice } = await signingClient(info, "alice");
    const funded = await client.sendTokens(alice, cold, coins(20_000_000, info.denom), fixedFee(info));
    expect(funded.code, funded.rawLog).toBe(0);
    client.disconnect();
    await call("offline.addWatch", { address: cold, label: "cold key" });

    const sent: string[] = [];
    for (const amount of ["2718", "3141"]) {
      const account = (await service(`/accounts/${cold}`)).body;
      const exported = await call("offline.exportUnsigned", { messages: [send(cold, amount)], memo: "signed elsewhere" });
      const review = exported.review as { accountNumber: string; sequence: string };
      // The service's account number and next nonce, which counts what it holds.
      expect(review).toMatchObject({ accountNumber: account.accountNumber, sequence: account.nextNonce });
      expect(exported.command).toContain(`--offline --account-number ${review.accountNumber} --sequence ${review.sequence} --chain-id ${info.chainId}`);
      const path = join(dir, exported.filename as string);
      writeFileSync(path, exported.json as string);
      const out = join(dir, `signed-${amount}.json`);
      await simd("tx", "sign", path, "--from", "cold", "--offline", "--account-number", review.accountNumber, "--sequence", review.sequence, "--chain-id", info.chainId, "--output-document", out);

      const checked = await call("offline.checkSigned", { id: exported.id, text: readFileSync(out, "utf8") });
      expect(checked).toMatchObject({ mode: "direct" });
      const tx = await call("offline.send", { id: exported.id });
      expect(tx).toMatchObject({ txHash: checked.txHash, status: "queued", from: cold, to: bob, amount: `${amount}${info.denom}`, nonce: review.sequence });
      // The service has it: held there in its own window, not in this app's undo window before the nodes.
      const held = await service(`/transactions/${checked.txHash as string}`);
      expect(held.status).toBe(200);
      expect(held.body).toMatchObject({ txHash: checked.txHash, from: cold });
      sent.push(checked.txHash as string);
    }

    const stored = JSON.parse(readFileSync(join(dataDir, "outbox.json"), "utf8")) as { sends: Array<{ txHash: string; state: string; accessTx?: unknown; direct?: unknown }> };
    for (const hash of sent) {
      expect(stored.sends.find((s) => s.txHash === hash)).toMatchObject({ state: "submitted", accessTx: expect.anything() });
      expect(stored.sends.find((s) => s.txHash === hash)?.direct).toBeUndefined();
    }
    const listed = ((await call("tx.list", { address: cold, limit: 10 })).transactions as Answer[]).map((t) => t.txHash);
    expect(listed).toEqual(expect.arrayContaining(sent));

    for (const hash of sent) expect(await final(hash)).toMatchObject({ status: "committed", code: 0 });
  });
});
