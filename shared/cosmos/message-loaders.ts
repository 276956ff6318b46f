import type { JsonValue } from "../primitives.js";

interface Codec {
  decode(bytes: Uint8Array): unknown;
  toJSON(message: never): unknown;
}

/** A message codec by type URL, from the module folders loaded so far. */
export type CodecLookup = (typeUrl: string) => Codec | undefined;

/**
 * Each module folder's codecs, loaded on demand. The explorer decodes any block, but most blocks
 * carry one or two modules' messages; loading staking's codecs alone pulls in CometBFT's ABCI
 * types (about 190 KiB raw), so the renderer fetches a module only when a message needs it.
 * The type URL's proto package names the module.
 */
type Module = readonly [prefix: string, load: () => Promise<Readonly<Record<string, Codec>>>];
const MODULES: readonly Module[] = [
  ["/cosmos.bank.", () => import("./bank/messages.js").then((m) => m.bankMessages)],
  ["/cosmos.staking.", () => import("./staking/messages.js").then((m) => m.stakingMessages)],
  ["/cosmos.distribution.", () => import("./distribution/messages.js").then((m) => m.distributionMessages)],
  ["/cosmos.gov.", () => import("./gov/messages.js").then((m) => m.govMessages)],
  ["/cosmos.slashing.", () => import("./slashing/messages.js").then((m) => m.slashingMessages)],
  ["/ibc.applications.transfer.", () => import("./ibc-transfer/messages.js").then((m) => m.ibcTransferMessages)],
];

const loaded = new Map<string, Readonly<Record<string, Codec>>>();
const loading = new Map<string, Promise<void>>();

const moduleOf = (typeUrl: string) => MODULES.find(([prefix]) => typeUrl.startsWith(prefix));

/** Looks a codec up among the modules already loaded; undefined for an unknown type. */
export const loadedCodec: CodecLookup = (typeUrl) => {
  const module = moduleOf(typeUrl);
  const codecs = module && loaded.get(module[0]);
  return codecs && Object.hasOwn(codecs, typeUrl) ? codecs[typeUrl] : undefined;
};

/** True when every module these messages belong to is loaded (or none is known), so decoding needs no wait. */
export function codecsReady(typeUrls: readonly string[]): boolean {
  return typeUrls.every((t) => {
    const module = moduleOf(t);
    return !module || loaded.has(module[0]);
  });
}

/**
 * Loads the modules of these type URLs (once each; a failed load is retried next time) and
 * resolves when `loadedCodec` knows them all. Unknown type URLs need nothing.
 */
export async function loadCodecs(typeUrls: readonly string[]): Promise<void> {
  const needed = new Set(typeUrls.map(moduleOf).filter((m): m is Module => m !== undefined && !loaded.has(m[0])));
  await Promise.all(
    [...needed].map(([prefix, load]) => {
      const pending =
        loading.get(prefix) ??
        load().then(
          (codecs) => void loaded.set(prefix, codecs),
          (err: unknown) => {
            loading.delete(prefix);
            throw err;
          },
        );
      loading.set(prefix, pending);
      return pending;
    }),
  );
}

/** The message's fields as JSON, or undefined when its type is unknown or its bytes do not parse. */
export function decodeWith(lookup: CodecLookup, typeUrl: string, value: Uint8Array): JsonValue | undefined {
  const codec = lookup(typeUrl);
  if (!codec) return undefined;
  try {
    return codec.toJSON(codec.decode(value) as never) as JsonValue;
  } catch {
    return undefined;
  }
}
