import { type StdSignDoc } from "@cosmjs/amino";
import { fromBech32, toBech32 } from "@cosmjs/encoding";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fixedFee, signingClient } from "../devnet/test/chain-client.js";
import { schemaErrors } from "./test/openapi-check.js";
import { aminoWallet, call, startTestService, type TestService } from "./test/access-client.js";

/** Every bad input gets the right 4xx, and nothing is stored. */
const info = inject("devnet");
const bob = info.accounts.find((a) => a.name === "bob")!.address;
let svc: TestService;
let valid: Record<string, string>;
let doc: StdSignDoc;
let erin: string;

/** Signs `signDoc` with `name`'s key and returns the base64 signature. */
async function sign(name: string, signDoc: StdSignDoc): Promise<string> {
  const { wallet, address } = await aminoWallet(info, name);
  return (await wallet.signAmino(address, signDoc)).signature.signature;
}

async function submittedCount(): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  do {
    const page = await svc.store.list({ limit: 100, cursor });
    count += page.items.filter((r) => r.source === "submitted").length;
    cursor = page.nextCursor;
  } while (cursor);
  return count;
}

beforeAll(async () => {
  svc = await startTestService(info, { holdMs: 60_000 });
  // One transfer first, so erin's sequence is above zero and "nonce too low" can be tried.
  const { client, address } = await signingClient(info, "erin");
  await client.sendTokens(address, bob, [{ denom: info.denom, amount: "1" }], fixedFee(info));
  client.disconnect();
  erin = address;
  const answer = await call<{ signDoc: StdSignDoc }>(svc.url, svc.token, "POST", "/transactions/sign-doc", { from: erin, to: bob, amount: "10" });
  doc = answer.body.signDoc;
  valid = { from: erin, to: bob, amount: "10", nonce: doc.sequence, signature: await sign("erin", doc) };
});
afterAll(async () => {
  await svc?.dispose();
});

type Case = [name: string, status: number, code: string, request: () => Promise<{ body: unknown; contentType?: string }>];
const withBody = (change: Record<string, unknown>) => async () => ({ body: JSON.stringify({ ...valid, ...change }) });
const badChecksum = () => `${bob.slice(0, -1)}${bob.endsWith("q") ? "p" : "q"}`;
const otherPrefix = () => toBech32("osmo", fromBech32(bob, 90).data);

const cases: Case[] = [
  ["malformed JSON", 400, "invalid_json", async () => ({ body: '{"from": "cosmos1' })],
  ["an empty body", 400, "invalid_json", async () => ({ body: "" })],
  ["a text/plain body", 415, "unsupported_media_type", async () => ({ body: JSON.stringify(valid), contentType: "text/plain" })],
  ["a form body", 415, "unsupported_media_type", async () => ({ body: "from=x", contentType: "application/x-www-form-urlencoded" })],
  ["a 2 MB body", 413, "payload_too_large", async () => ({ body: JSON.stringify({ ...valid, memo: "x".repeat(2 * 1024 * 1024) }) })],
  ["a JSON array", 400, "invalid_request", async () => ({ body: "[1,2]" })],
  ["a memo nested 30,000 deep (it fits in 64 KiB)", 400, "json_too_deep", async () => ({ body: `${JSON.stringify(valid).slice(0, -1)},"memo":${"[".repeat(30_000)}${"]".repeat(30_000)}}` })],
  ["a missing signature", 400, "invalid_request", async () => ({ body: JSON.stringify({ ...valid, signature: undefined }) })],
  ["an unknown field", 400, "invalid_request", withBody({ sneaky: true })],
  ["signature not base64", 400, "invalid_signature_encoding", withBody({ signature: "not base64!!" })],
  ["signature of 63 bytes", 400, "invalid_signature_encoding", withBody({ signature: Buffer.alloc(63, 1).toString("base64") })],
  ["publicKey of 10 bytes", 400, "invalid_signature_encoding", withBody({ publicKey: Buffer.alloc(10, 2).toString("base64") })],
  ["a signature by another key", 422, "invalid_signature", async () => ({ body: JSON.stringify({ ...valid, signature: await sign("bob", doc) }) })],
  ["a signature for another chain id", 422, "invalid_signature", async () => ({ body: JSON.stringify({ ...valid, signature: await sign("erin", { ...doc, chain_id: "other-chain" }) }) })],
  ["another key's publicKey", 422, "invalid_signature", async () => {
    const { wallet } = await aminoWallet(info, "bob");
    const [account] = await wallet.getAccounts();
    return { body: JSON.stringify({ ...valid, publicKey: Buffer.from(account!.pubkey).toString("base64") }) };
  }],
  ["a signature over another amount", 422, "invalid_signature", withBody({ amount: "11" })],
  ["a nonce below the chain's sequence", 409, "nonce_too_low", async () => {
    const low = { ...doc, sequence: String(Number(doc.sequence) - 1) };
    return { body: JSON.stringify({ ...valid, nonce: low.sequence, signature: await sign("erin", low) }) };
  }],
  ["a non-integer nonce", 400, "invalid_request", withBody({ nonce: "abc" })],
  ["a negative nonce", 400, "invalid_request", withBody({ nonce: -1 })],
  ["a zero amount", 400, "invalid_amount", withBody({ amount: "0" })],
  ["a negative amount", 400, "invalid_amount", withBody({ amount: "-5" })],
  ["a non-numeric amount", 400, "invalid_amount", withBody({ amount: "ten" })],
  ["a fractional amount", 400, "invalid_amount", withBody({ amount: 1.5 })],
  ["an amount over 256 bits", 400, "invalid_amount", withBody({ amount: `${(1n << 256n).toString()}${info.denom}` })],
  ["an amount of 80+ digits", 400, "invalid_amount", withBody({ amount: "9".repeat(90) })],
  ["an unsafe JSON number amount", 400, "invalid_amount", withBody({ amount: 2 ** 60 })],
  ["an unknown denom", 400, "unknown_denom", withBody({ amount: "5uatom" })],
  ["a receiver with a bad checksum", 400, "invalid_address", async () => ({ body: JSON.stringify({ ...valid, to: badChecksum() }) })],
  ["a receiver with another prefix", 400, "invalid_address", async () => ({ body: JSON.stringify({ ...valid, to: otherPrefix() }) })],
  ["a sender that is not bech32", 400, "invalid_address", withBody({ from: "alice" })],
];

describe("POST /transactions refuses bad input", () => {
  it.each(cases)("%s → %i %s", async (_name, status, code, request) => {
    const before = await submittedCount();
    const { body, contentType } = await request();
    const response = await fetch(`${svc.url}/transactions`, {
      method: "POST",
      headers: { authorization: `Bearer ${svc.token}`, "content-type": contentType ?? "application/json" },
      body: body as string,
    });
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const answer = (await response.json()) as { error: { code: string; message: string } };
    expect({ status: response.status, code: answer.error.code }).toEqual({ status, code });
    expect(answer.error.message.length).toBeGreaterThan(0);
    expect(schemaErrors("Error", answer)).toEqual([]);
    await svc.store.sync();
    expect(await submittedCount()).toBe(before);
  });

  it("still accepts the valid body the cases were made from (so each refusal is about its own change)", async () => {
    const answer = await call(svc.url, svc.token, "POST", "/transactions", valid);
    expect(answer.status).toBe(202);
    expect((await call(svc.url, svc.token, "DELETE", `/transactions/${String(answer.body.txHash)}`)).status).toBe(200);
  });
});

describe("POST /transactions/sign-doc refuses bad input", () => {
  it.each([
    [{ from: info.accounts[0]!.address, to: "cosmos1xyz", amount: "1" }, 400, "invalid_address"],
    [{ from: "x", to: bob, amount: "1" }, 400, "invalid_address"],
    [{ to: bob, amount: "1" }, 400, "invalid_request"],
    [{ from: "cosmos1edhrppagujenjy8s82rplhj85atl5v7eeusulc", to: bob, amount: "1uatom" }, 400, "unknown_denom"],
    [{ from: "cosmos1edhrppagujenjy8s82rplhj85atl5v7eeusulc", to: bob, amount: "1", gas: "0" }, 400, "invalid_request"],
  ])("%j → %i %s", async (body, status, code) => {
    const answer = await call(svc.url, svc.token, "POST", "/transactions/sign-doc", body);
    expect({ status: answer.status, code: (answer.body as { error: { code: string } }).error.code }).toEqual({ status, code });
  });
});
