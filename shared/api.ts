import { type Contract, contract, type Namespace, type ArgsIn, type MethodName, type ResultOf, METHOD_NAMES } from "./contract/index.js";
import { EnvelopeSchema, type Envelope } from "./envelope.js";
import { type EventName, type EventPayload, events, isEventName } from "./events.js";

/**
 * How a call is made. `background`: a refresh nobody asked for (a poll of a page already
 * showing its data), which main runs at background priority, behind the reads a person waits
 * for at a rate-limited node (electron/services/rpc/read-priority.ts).
 */
export interface CallOptions {
  readonly background?: boolean;
}

/** Sends one call to main and resolves with its raw answer (an envelope, still untrusted). */
export type InvokeFn = (method: MethodName, args: unknown, call?: CallOptions) => Promise<unknown>;
/** Subscribes to one event name; returns the unsubscribe function. */
export type SubscribeFn = (event: EventName, listener: (payload: unknown) => void) => () => void;

/** Methods whose arguments are all optional may be called with none. */
type AllOptional<T> = Record<never, never> extends T ? true : false;

type NamespaceApi<N extends Namespace> = {
  readonly [K in keyof Contract[N] & string]: (
    ...args: AllOptional<ArgsIn<`${N}.${K}` & MethodName>> extends true
      ? [args?: ArgsIn<`${N}.${K}` & MethodName>, call?: CallOptions]
      : [args: ArgsIn<`${N}.${K}` & MethodName>, call?: CallOptions]
  ) => Promise<Envelope<ResultOf<`${N}.${K}` & MethodName>>>;
};

/** `window.cometdesk`: one named function per contract method, plus typed event subscription. */
export type CometdeskApi = { readonly [N in Namespace]: NamespaceApi<N> } & {
  readonly on: <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => () => void;
};

const badAnswer = (message: string): Envelope<never> => ({ ok: false, error: { code: "invalid_result", message } });

/**
 * Builds `window.cometdesk` from the contract's method list, so preload and the bridge client
 * expose exactly the same shape. Answers and event payloads are parsed, never trusted.
 */
export function createCometdeskApi(invoke: InvokeFn, subscribe: SubscribeFn): CometdeskApi {
  const api: Record<string, Record<string, unknown>> = {};
  for (const name of METHOD_NAMES) {
    const [ns, m] = name.split(".") as [Namespace, string];
    const spec = (contract[ns] as Record<string, { result: { safeParse(v: unknown): { success: boolean; data?: unknown } } }>)[m]!;
    const call = async (args: unknown = {}, options?: CallOptions): Promise<Envelope<unknown>> => {
      // Only the one flag crosses, and only when set: the page's object itself never does.
      const raw = EnvelopeSchema.safeParse(await (options?.background === true ? invoke(name, args, { background: true }) : invoke(name, args)));
      if (!raw.success) return badAnswer(`${name}: malformed answer`);
      if (!raw.data.ok) return raw.data;
      const value = spec.result.safeParse(raw.data.value);
      return value.success ? { ok: true, value: value.data } : badAnswer(`${name}: answer does not match the contract`);
    };
    (api[ns] ??= {})[m] = call;
  }
  const on = (event: EventName, listener: (payload: unknown) => void): (() => void) => {
    if (!isEventName(event)) throw new Error(`unknown event ${String(event)}`);
    return subscribe(event, (payload) => {
      const parsed = events[event].safeParse(payload);
      if (parsed.success) listener(parsed.data);
    });
  };
  for (const ns of Object.keys(api)) Object.freeze(api[ns]);
  return Object.freeze({ ...api, on }) as unknown as CometdeskApi;
}
