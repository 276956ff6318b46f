import { z } from "zod";
import { AccessInfo, AccountState, StdSignDoc, Tx } from "../../../shared/contract/tx.js";
import { BodyTooLargeError, parseBoundedJson, readBodyCapped } from "../rpc/bounded-json.js";
import { AccessError, AccessUnreachableError } from "./access-errors.js";

export interface AccessClientOptions {
  readonly baseUrl: string;
  /** Read per request, so a token change applies at once; never logged. */
  readonly token: () => Promise<string | undefined>;
  readonly timeoutMs?: number;
  readonly maxBytes?: number;
  readonly fetchImpl?: typeof fetch;
}

const ErrorBody = z.object({ error: z.object({ code: z.string().max(64), message: z.string().max(4096) }) });
const TxList = z.object({ transactions: z.array(Tx), nextCursor: z.string().optional() });
const SignDocAnswer = z.object({ signDoc: StdSignDoc });

export interface TransferBody {
  readonly from: string;
  readonly to: string;
  readonly amount: string;
  readonly nonce?: string;
  readonly memo?: string;
  readonly fee?: string;
  readonly gas?: string;
  readonly timeoutHeight?: string;
}
export interface SubmitBody extends TransferBody {
  readonly nonce: string;
  readonly signature: string;
  readonly publicKey?: string;
}
export interface ListQuery {
  readonly limit?: number;
  readonly address?: string;
  readonly status?: string;
  readonly cursor?: string;
}

/** Client of the Transaction Access Interface (docs/access-interface.md). */
export type AccessClient = ReturnType<typeof createAccessClient>;

export function createAccessClient(options: AccessClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetchImpl ?? fetch;

  async function request<S extends z.ZodType>(method: "GET" | "POST" | "DELETE", path: string, schema: S, body?: unknown): Promise<z.output<S>> {
    const token = await options.token();
    const headers: Record<string, string> = { accept: "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 10_000);
    let status: number;
    let text: string;
    let retryAfter: string | null;
    try {
      const response = await doFetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: controller.signal, redirect: "error" });
      status = response.status;
      retryAfter = response.headers.get("retry-after");
      text = await readBodyCapped(response, options.maxBytes ?? 4 << 20);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new AccessUnreachableError(base, "the answer is too large");
      if (controller.signal.aborted) throw new AccessUnreachableError(base, "timed out", true);
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      throw new AccessUnreachableError(base, typeof code === "string" ? code : "network error");
    } finally {
      clearTimeout(timer);
    }
    let json: unknown;
    try {
      json = parseBoundedJson(text, 64);
    } catch {
      throw new AccessUnreachableError(base, `HTTP ${status} with a body that is not JSON`);
    }
    if (status >= 400) {
      const parsed = ErrorBody.safeParse(json);
      const seconds = retryAfter === null ? undefined : Number(retryAfter);
      if (parsed.success) throw new AccessError(status, parsed.data.error.code, parsed.data.error.message, Number.isFinite(seconds) ? seconds : undefined);
      throw new AccessError(status, "http_error", `HTTP ${status}`, undefined);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new AccessUnreachableError(base, `unexpected answer to ${method} ${path.split("?")[0]}`);
    return parsed.data;
  }

  const id = (txHash: string) => encodeURIComponent(txHash);
  return {
    health: () => request("GET", "/health", z.object({ status: z.literal("ok") })),
    info: () => request("GET", "/info", AccessInfo),
    account: (address: string) => request("GET", `/accounts/${encodeURIComponent(address)}`, AccountState),
    list(query: ListQuery) {
      const q = new URLSearchParams(Object.entries(query).flatMap(([k, v]): Array<[string, string]> => (v === undefined ? [] : [[k, String(v)]])));
      return request("GET", `/transactions${q.size ? `?${q}` : ""}`, TxList);
    },
    get: (txHash: string) => request("GET", `/transactions/${id(txHash)}`, Tx),
    signDoc: (body: TransferBody) => request("POST", "/transactions/sign-doc", SignDocAnswer, body),
    submit: (body: SubmitBody) => request("POST", "/transactions", Tx, body),
    cancel: (txHash: string) => request("DELETE", `/transactions/${id(txHash)}`, Tx),
  };
}
