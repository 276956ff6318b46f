import { z } from "zod";

/** The node to read the genesis from, as a worker thread rebuilds it (rpc-transport.ts). */
const Source = z.object({
  transport: z.object({
    endpoints: z.array(z.object({ url: z.string(), kind: z.enum(["node", "access"]), headers: z.record(z.string(), z.string()) }).readonly()).readonly(),
    timeoutMs: z.number(),
    maxBytes: z.number(),
    maxDepth: z.number(),
    retries: z.number(),
    backoffMs: z.number(),
  }),
  http: z.enum(["GET", "POST"]),
  maxBytes: z.number(),
});
export type GenesisSource = z.infer<typeof Source>;

/** What main asks the genesis worker (electron/services/rpc/genesis-worker.ts). */
export const GenesisRequest = z.discriminatedUnion("op", [
  /** Read, hash and parse the genesis, and keep it for `node` and `search`. */
  z.object({ op: z.literal("load"), id: z.number(), source: Source }),
  /** Read and hash it only. */
  z.object({ op: z.literal("digest"), id: z.number(), source: Source }),
  /** Read and hash it into a file (through a temporary file beside it). */
  z.object({ op: z.literal("save"), id: z.number(), source: Source, path: z.string() }),
  z.object({ op: z.literal("node"), id: z.number(), args: z.object({ path: z.array(z.string()), offset: z.number().optional(), limit: z.number().optional() }) }),
  z.object({ op: z.literal("search"), id: z.number(), query: z.string() }),
]);
export type GenesisRequest = z.infer<typeof GenesisRequest>;

/** The worker's answer to a request. */
export const GenesisReply = z.union([
  z.object({ id: z.number(), ok: z.literal(true), value: z.unknown() }),
  z.object({ id: z.number(), ok: z.literal(false), code: z.string(), message: z.string() }),
]);
export type GenesisReply = z.infer<typeof GenesisReply>;
