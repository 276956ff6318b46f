import type { z } from "zod";
import type { CallOptions } from "../../shared/api.js";
import { type ArgsOf, type Contract, type MethodName, methodSpec, type Namespace, type ResultOf } from "../../shared/contract/index.js";
import type { Envelope, ErrorInfo } from "../../shared/envelope.js";
import { ERROR_CODES } from "../../shared/error-codes.js";
import { AppError } from "./app-error.js";
import { withReadPriority } from "./rpc/read-priority.js";

/** One service call behind a contract method; receives arguments already parsed. */
export type Handler<M extends MethodName> = (args: ArgsOf<M>) => Promise<ResultOf<M>> | ResultOf<M>;

/** A handler for every method of one namespace. */
export type NamespaceHandlers<N extends Namespace> = { readonly [K in keyof Contract[N] & string]: Handler<`${N}.${K}` & MethodName> };
/** A handler for every method of the contract: the compiler refuses a missing one. */
export type Handlers = { readonly [N in Namespace]: NamespaceHandlers<N> };

/** Whoever sent the call, checked before anything else (the IPC adapter checks the frame). */
export type SenderCheck = () => boolean;

export interface Dispatcher {
  /**
   * Parses, calls, checks the result, and always answers with an envelope; never throws. The
   * call's reads are the user's, unless the renderer says it is a refresh nobody asked for
   * (`background`): those yield to the user's at a rate-limited node (rpc/read-priority.ts).
   */
  dispatch(method: string, args: unknown, senderOk?: SenderCheck, call?: CallOptions): Promise<Envelope<unknown>>;
}

export interface DispatcherOptions {
  /** Where unexpected failures are reported in main; never sent to the renderer. */
  readonly onInternalError?: (method: string, error: unknown) => void;
}

const MAX_MESSAGE = 1000;

/** The one central wrapper of every handler (docs/architecture.md, "Processes"). */
export function createDispatcher(handlers: Handlers, options: DispatcherOptions = {}): Dispatcher {
  const table = new Map<string, (args: unknown) => unknown>();
  for (const [ns, methods] of Object.entries(handlers) as Array<[string, Record<string, (args: unknown) => unknown>]>) {
    for (const [name, fn] of Object.entries(methods)) table.set(`${ns}.${name}`, fn);
  }
  return {
    async dispatch(method, args, senderOk, call) {
      try {
        if (senderOk && !senderOk()) return failure(ERROR_CODES.forbiddenSender, "this sender may not call the app");
        const spec = typeof method === "string" ? methodSpec(method) : undefined;
        const handler = spec && table.get(method);
        if (!spec || !handler) return failure(ERROR_CODES.unknownMethod, "no such method");
        const parsed = spec.args.safeParse(args === undefined ? {} : args);
        if (!parsed.success) return failure(ERROR_CODES.invalidArgs, describeIssues(parsed.error));
        const value = await withReadPriority(call?.background === true ? "background" : "user", () => handler(parsed.data));
        const result = spec.result.safeParse(value);
        if (!result.success) {
          options.onInternalError?.(method, result.error);
          return failure(ERROR_CODES.invalidResult, `${method} produced an answer outside the contract`);
        }
        return { ok: true, value: result.data };
      } catch (error) {
        return { ok: false, error: toErrorInfo(method, error, options) };
      }
    },
  };
}

function failure(code: string, message: string): Envelope<never> {
  return { ok: false, error: { code, message } };
}

/** Paths and zod's messages only: input values are never echoed (they may be passwords). */
function describeIssues(error: z.ZodError): string {
  const parts = error.issues.slice(0, 5).map((i) => `${i.path.length ? i.path.join(".") : "args"}: ${i.message}`);
  return `invalid arguments: ${parts.join("; ")}`.slice(0, MAX_MESSAGE);
}

function toErrorInfo(method: string, error: unknown, options: DispatcherOptions): ErrorInfo {
  if (error instanceof AppError) return { code: error.code, message: error.message.slice(0, MAX_MESSAGE), ...error.hints };
  // Anything else is a bug or a library's error: its message or stack may hold internals.
  options.onInternalError?.(method, error);
  return { code: ERROR_CODES.internal, message: "internal error" };
}
