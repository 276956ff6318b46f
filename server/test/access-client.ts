import { type StdSignDoc, Secp256k1HdWallet } from "@cosmjs/amino";
import pino from "pino";
import type { DevnetInfo } from "../../devnet/lib/state.js";
import { type ConfigInput, ConfigSchema } from "../lib/config.js";
import { type RunningService, startService } from "../service.js";
import { createTestStorage, type TestStorage } from "./test-storage.js";

/** An HTTP answer: status, parsed JSON body and headers. */
export interface Answer<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

/** A service started in this process against the test devnet, with its own storage and a token. */
export interface TestService extends RunningService {
  readonly token: string;
  readonly storage: TestStorage;
  /** Stops the service and removes its storage, unless the caller passed the storage in (then the caller disposes of it). */
  dispose(): Promise<void>;
}

/**
 * Starts the service in-process against `info`'s first node, on a free port, on the store this
 * run of the suite tests (the journal, or a fresh PostgreSQL database); pass `storage` to
 * start again on the same data.
 */
export async function startTestService(info: DevnetInfo, overrides: Partial<ConfigInput> = {}, storage?: TestStorage): Promise<TestService> {
  const owned = storage === undefined;
  const used = storage ?? (await createTestStorage());
  const config = ConfigSchema.parse({ node: info.nodes[0]!.rpc, port: 0, dataDir: used.dataDir, store: used.store, holdMs: 0, rateLimit: 10_000, rateBurst: 10_000, pollMs: 100, logLevel: "warn", ...overrides });
  let service: RunningService;
  try {
    service = await startService(config, pino({ level: config.logLevel }));
  } catch (err) {
    if (owned) await used.dispose();
    throw err;
  }
  const { token } = await service.tokens.create("test");
  service.tokens.reload();
  return {
    ...service,
    token,
    storage: used,
    async dispose() {
      await service.close();
      if (owned) await used.dispose();
    },
  };
}

/** A request to the service; JSON in, JSON out. */
export async function call<T = Record<string, unknown>>(url: string, token: string | undefined, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T, headers: response.headers };
}

/** A devnet account's amino wallet, as a third-party client would hold it. */
export async function aminoWallet(info: DevnetInfo, name: string): Promise<{ wallet: Secp256k1HdWallet; address: string }> {
  const account = [...info.accounts, ...info.validators].find((a) => a.name === name);
  if (!account) throw new Error(`no devnet account named ${name}`);
  return { wallet: await Secp256k1HdWallet.fromMnemonic(account.mnemonic, { prefix: info.bech32Prefix }), address: account.address };
}

export interface TransferRequest {
  readonly from: string;
  readonly to: string;
  readonly amount: string;
  readonly nonce?: string;
  readonly memo?: string;
  readonly fee?: string;
  readonly gas?: string;
  readonly timeoutHeight?: string;
}

/** Fetches the sign doc, signs it with CosmJS `signAmino` and returns the POST body. */
export async function signTransfer(url: string, token: string, wallet: Secp256k1HdWallet, request: TransferRequest): Promise<Record<string, string>> {
  const answer = await call<{ signDoc: StdSignDoc }>(url, token, "POST", "/transactions/sign-doc", request);
  if (answer.status !== 200) throw new Error(`sign-doc answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const { signed, signature } = await wallet.signAmino(request.from, answer.body.signDoc);
  return { ...request, nonce: signed.sequence, signature: signature.signature };
}

/** Polls `check` until it returns a value or the deadline passes (no fixed sleeps: it returns as soon as the condition holds). */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** The transaction record once its status is one of `statuses`. */
export async function waitForStatus(url: string, token: string, txHash: string, statuses: readonly string[], timeoutMs = 30_000): Promise<Record<string, unknown>> {
  return waitFor(`${txHash} to be ${statuses.join("|")}`, async () => {
    const { body } = await call(url, token, "GET", `/transactions/${txHash}`);
    return statuses.includes(String(body.status)) ? body : undefined;
  }, timeoutMs);
}
