import { z } from "zod";
import { bearerHeader } from "../../../shared/access/bearer.js";
import { ErrorBody, type ListRequest, type SubmitRequest, type TransferRequest, type TxBytesRequest } from "../../../shared/access/bodies.js";
import { AccessInfo, AccountState, SignDocAnswer, Tx, TxList } from "../../../shared/contract/tx.js";
import { BodyTooLargeError, parseBoundedJson, readBodyCapped } from "../../../shared/net/bounded-json.js";
import { AccessError, AccessUnreachableError } from "./access-errors.js";
import { networkFailure } from "../network-failure.js";

export interface AccessClientOptions {
  readonly baseUrl: string;
  /** Read per request, so a token change applies at once; never logged. */
  readonly token: () => Promise<string | undefined>;
  readonly timeoutMs?: number;
  readonly maxBytes?: number;
  readonly fetchImpl?: typeof fetch;
  /** How long a cut `POST /transactions` is sent again, the same bytes, before the error goes to the caller. */
  readonly submitRetryMs?: number;
}

/** The bodies this client sends (shared/access/bodies.ts, the service parses the same). */
export type TransferBody = TransferRequest;
export type SubmitBody = SubmitRequest;

/** A 429 asking for at most this long is waited out here; a longer one is shown to the user. */
const MAX_AUTO_WAIT_S = 3;
const MAX_AUTO_RETRIES = 2;
/** A cut submission is sent again for this long: long enough for a service to restart. */
const SUBMIT_RETRY_MS = 30_000;
const SUBMIT_BACKOFF_MS = [250, 500, 1000, 2000] as const;

/**
 * The submission may have been stored but not answered: the connection failed or was cut, or
 * the service was stopping or could not store it (503). Sending the identical body again is safe
 * (docs/access-interface.md, "Retrying a submission"); signing it again never is.
 */
function submissionCut(error: unknown): boolean {
  return (error instanceof AccessUnreachableError && error.connectionLost) || (error instanceof AccessError && error.status === 503);
}

/** `Retry-After` as whole seconds (delta-seconds or an HTTP date, RFC 9110 §10.2.3), capped at a day. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  const seconds = /^\d{1,9}$/.test(text) ? Number(text) : Math.ceil((Date.parse(text) - now) / 1000);
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), 86_400) : undefined;
}

/** Client of the Transaction Access Interface (docs/access-interface.md). */
export type AccessClient = ReturnType<typeof createAccessClient>;

export function createAccessClient(options: AccessClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetchImpl ?? fetch;

  /**
   * One call, repeated after a 429 when the service asks for a short wait and repeating has no
   * further effect: reads, the sign doc (a read by POST), and a submit, whose identical
   * resubmission answers the same record (docs/access-interface.md). A longer wait, or a third
   * 429, goes to the caller with its Retry-After, so the user sees the wait. A submit whose
   * connection is cut is sent again, the same bytes, until `submitRetryMs` has passed.
   */
  async function request<S extends z.ZodType>(method: "GET" | "POST" | "DELETE", path: string, schema: S, body?: unknown): Promise<z.output<S>> {
    const submit = method === "POST" && path === "/transactions";
    const repeatable = method === "GET" || submit || path === "/transactions/sign-doc";
    const payload = body === undefined ? undefined : JSON.stringify(body); // once: every retry sends these very bytes
    const giveUpAt = Date.now() + (options.submitRetryMs ?? SUBMIT_RETRY_MS);
    let rateLimited = 0;
    for (let cut = 0; ; ) {
      try {
        return await once(method, path, schema, payload);
      } catch (error) {
        const pause = SUBMIT_BACKOFF_MS[Math.min(cut, SUBMIT_BACKOFF_MS.length - 1)]!;
        if (submit && submissionCut(error) && Date.now() + pause < giveUpAt) {
          cut++;
          await new Promise((r) => setTimeout(r, pause));
          continue;
        }
        const wait = error instanceof AccessError && error.status === 429 ? error.retryAfter : undefined;
        if (!repeatable || wait === undefined || wait > MAX_AUTO_WAIT_S || rateLimited >= MAX_AUTO_RETRIES) throw error;
        rateLimited++;
        await new Promise((r) => setTimeout(r, Math.max(wait, 0.1) * 1000));
      }
    }
  }

  async function once<S extends z.ZodType>(method: "GET" | "POST" | "DELETE", path: string, schema: S, payload?: string): Promise<z.output<S>> {
    const token = await options.token();
    const headers: Record<string, string> = { accept: "application/json", ...bearerHeader(token) };
    if (payload !== undefined) headers["content-type"] = "application/json";
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 10_000);
    let status: number;
    let text: string;
    let retryAfter: string | null;
    try {
      const response = await doFetch(`${base}${path}`, { method, headers, body: payload, signal: controller.signal, redirect: "error" });
      status = response.status;
      retryAfter = response.headers.get("retry-after");
      text = await readBodyCapped(response, options.maxBytes ?? 4 << 20);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new AccessUnreachableError(base, "the answer is too large");
      if (controller.signal.aborted) throw new AccessUnreachableError(base, "timed out", true);
      throw new AccessUnreachableError(base, networkFailure(error).reason, false, true);
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
      const seconds = parseRetryAfter(retryAfter);
      if (parsed.success) throw new AccessError(status, parsed.data.error.code, parsed.data.error.message, seconds);
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
    list(query: ListRequest) {
      const q = new URLSearchParams(Object.entries(query).flatMap(([k, v]): Array<[string, string]> => (v === undefined ? [] : [[k, String(v)]])));
      return request("GET", `/transactions${q.size ? `?${q}` : ""}`, TxList);
    },
    get: (txHash: string) => request("GET", `/transactions/${id(txHash)}`, Tx),
    signDoc: (body: TransferBody) => request("POST", "/transactions/sign-doc", SignDocAnswer, body),
    /** A transfer in its seed form, or any signed transaction as `{txBytes}`. */
    submit: (body: SubmitBody | TxBytesRequest) => request("POST", "/transactions", Tx, body),
    cancel: (txHash: string) => request("DELETE", `/transactions/${id(txHash)}`, Tx),
  };
}
