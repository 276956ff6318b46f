import type { z } from "zod";
import { addressBookMethods } from "./address-book.js";
import { appMethods } from "./app.js";
import { chainMethods } from "./chain.js";
import type { MethodSpec } from "./method.js";
import { networkMethods } from "./network.js";
import { offlineMethods } from "./offline.js";
import { settingsMethods } from "./settings.js";
import { txMethods } from "./tx.js";
import { walletMethods } from "./wallet.js";
import { watchMethods } from "./watch.js";
import { watchConnectionMethods } from "./watch-connection.js";

/**
 * The IPC contract: every method the renderer may call, by namespace, with the zod schemas of
 * its arguments and result. Preload, the bridge and the dispatcher are all derived from it.
 */
export const contract = {
  addressBook: addressBookMethods,
  app: appMethods,
  chain: chainMethods,
  network: networkMethods,
  offline: offlineMethods,
  settings: settingsMethods,
  tx: txMethods,
  wallet: walletMethods,
  watch: { ...watchMethods, ...watchConnectionMethods },
} as const;

export type Contract = typeof contract;
export type Namespace = keyof Contract;
/** "namespace.method" for every method of the contract. */
export type MethodName = { [N in Namespace]: `${N}.${keyof Contract[N] & string}` }[Namespace];

type SpecOf<M extends MethodName> = M extends `${infer N extends Namespace}.${infer K}`
  ? K extends keyof Contract[N]
    ? Contract[N][K]
    : never
  : never;
/** What a caller passes (defaults may be omitted). */
export type ArgsIn<M extends MethodName> = SpecOf<M> extends MethodSpec<infer A, z.ZodType> ? z.input<A> : never;
/** What a handler receives after parsing. */
export type ArgsOf<M extends MethodName> = SpecOf<M> extends MethodSpec<infer A, z.ZodType> ? z.output<A> : never;
/** What a handler returns and the caller receives. */
export type ResultOf<M extends MethodName> = SpecOf<M> extends MethodSpec<z.ZodType, infer R> ? z.output<R> : never;

/** Every method name, in contract order: preload and the bridge client build the API from it. */
export const METHOD_NAMES: readonly MethodName[] = Object.entries(contract).flatMap(([ns, methods]) =>
  Object.keys(methods).map((m) => `${ns}.${m}` as MethodName),
);

const specs = new Map<string, MethodSpec>(
  Object.entries(contract).flatMap(([ns, methods]) => Object.entries(methods).map(([m, spec]): [string, MethodSpec] => [`${ns}.${m}`, spec])),
);

/** The spec of a method name from an untrusted source, or undefined when there is none. */
export function methodSpec(name: string): MethodSpec | undefined {
  return specs.get(name);
}

export function isMethodName(name: string): name is MethodName {
  return specs.has(name);
}

export { method, type MethodSpec } from "./method.js";
