import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Network } from "../../../shared/contract/network.js";
import { type AccessClient, createAccessClient } from "../access/access-client.js";
import { AccessUnreachableError } from "../access/access-errors.js";
import { createEventHub } from "../event-hub.js";
import { createServices, type Services } from "../create-services.js";
import { createProblemLog } from "../storage/problems.js";
import { openVault } from "../vault/vault.js";
import { rpcPost } from "../../../devnet/test/chain-client.js";
import { networkFunds } from "./funds.js";
import { openOutbox } from "./outbox.js";
import { createSender } from "./send.js";
import { vaultOnlySigners } from "../signers/vault-kind.js";

/**
 * Nothing is sent twice: the outbox against the real access service and devnet. A double call,
 * a retry and a restart between signing and submitting each end in one transfer.
 */
const info = inject("devnet");
const access = info.access!;
const carol = info.accounts.find((a) => a.name === "carol")!;
const dave = info.accounts.find((a) => a.name === "dave")!;
const PASSWORD = "a long password";
const dir = mkdtempSync(join(tmpdir(), "cometdesk-outbox-it-"));
const dataDir = join(dir, "data");
let services: Services | undefined;
const client = createAccessClient({ baseUrl: access.url, token: async () => access.token });

async function open(): Promise<Services> {
  const s = await createServices({ dataDir, tokenStore: { kind: "memory" }, devnetJsonPath: join(dir, "devnet.json") });
  return s;
}
const call = async (s: Services, method: string, args: unknown = {}) => {
  const answer = await s.dispatcher.dispatch(method, args);
  if (!answer.ok) throw Object.assign(new Error(`${method}: ${answer.error.code} ${answer.error.message}`), answer.error);
  return answer.value as Record<string, unknown>;
};
const sentByCarol = async (nonce: string) => (await client.list({ address: carol.address, limit: 100 })).transactions.filter((t) => t.from === carol.address && t.nonce === nonce && t.status !== "cancelled");

describe("the outbox", () => {
  beforeAll(async () => {
    writeFileSync(join(dir, "devnet.json"), JSON.stringify(info));
    services = await open();
    await call(services, "wallet.import", { mnemonic: carol.mnemonic, password: PASSWORD });
  });
  afterAll(() => services?.close());

  it("knows the tx hash before submitting, and one request id is one transfer however often it is sent", async () => {
    const requestId = crypto.randomUUID();
    const args = { requestId, from: carol.address, to: dave.address, amount: `7${info.denom}`, memo: "once" };
    const [a, b] = await Promise.all([call(services!, "tx.submit", args), call(services!, "tx.submit", args)]);
    expect(a.txHash).toBe(b.txHash);
    const again = await call(services!, "tx.submit", args);
    expect(again.txHash).toBe(a.txHash);
    const { entries } = (await call(services!, "tx.outbox")) as { entries: Array<{ requestId: string; txHash: string; state: string }> };
    expect(entries.find((e) => e.requestId === requestId)).toMatchObject({ txHash: a.txHash, state: "submitted" });
    expect(await sentByCarol(a.nonce as string)).toHaveLength(1);
    await call(services!, "tx.cancel", { id: a.txHash });
  });

  it("resubmits the same bytes after a restart between signing and submitting", async () => {
    await services!.close();
    services = undefined;
    // The process "dies" after the outbox write: the submit never reaches the service.
    const events = createEventHub();
    const vault = openVault({ dataDir, prefix: () => "cosmos", autoLockMs: () => 0, events });
    await vault.unlock(PASSWORD);
    const outbox = openOutbox(dataDir, createProblemLog());
    const dying = { ...client, submit: async () => { throw new AccessUnreachableError(access.url, "timed out", true); } };
    const requestId = crypto.randomUUID();
    const network = { id: "devnet", name: "Local devnet", chainId: info.chainId, accessUrl: access.url, rpcUrls: [], bech32Prefix: "cosmos", denoms: [], defaultDenom: info.denom, rpcVia: "access" as const, source: "devnet" as const };
    // The funds check reads the node itself, as main's chain handlers would.
    const abciQuery = async (q: { path: string; data?: string }) => {
      const answer = await rpcPost(info.nodes[0]!.rpc, "abci_query", { path: q.path, data: q.data ?? "" });
      const response = (answer.result as { response: { code?: number; value?: string | null; log?: string } }).response;
      return { code: response.code ?? 0, value: response.value ?? "", log: response.log ?? "" };
    };
    const funds = (n: Network, c: AccessClient) => networkFunds(abciQuery, c, n);
    const prepare = () => Promise.reject(new Error("this test sends transfers only"));
    await expect(createSender({ signers: vaultOnlySigners(vault), outbox, funds, prepare }).send(network, dying, { requestId, from: carol.address, to: dave.address, amount: `9${info.denom}` })).rejects.toMatchObject({ code: "access_timeout" });
    vault.close();
    const stored = JSON.parse(readFileSync(join(dataDir, "outbox.json"), "utf8")) as { sends: Array<{ requestId: string; state: string; txHash: string; nonce: string }> };
    const signed = stored.sends.find((s) => s.requestId === requestId)!;
    expect(signed.state).toBe("signed");
    await expect(client.get(signed.txHash)).rejects.toMatchObject({ status: 404 });

    services = await open();
    services.start();
    await expect.poll(async () => (await client.get(signed.txHash).catch(() => undefined))?.txHash, { timeout: 20_000 }).toBe(signed.txHash);
    await expect.poll(async () => ((await call(services!, "tx.outbox")).entries as Array<{ requestId: string; state: string }>).find((e) => e.requestId === requestId)?.state, { timeout: 20_000 }).toBe("submitted");
    // The user's retry after the restart (the vault is locked now) is answered from the outbox, not signed again.
    const retried = await call(services, "tx.submit", { requestId, from: carol.address, to: dave.address, amount: `9${info.denom}` });
    expect(retried.txHash).toBe(signed.txHash);
    expect(await sentByCarol(signed.nonce)).toHaveLength(1);
  });
});
