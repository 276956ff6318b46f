import { z } from "zod";
import { TransportSnapshot } from "./worker-protocol.js";

/** The node to read the genesis from, as a worker thread rebuilds it (rpc-transport.ts). */
const Source = z.object({ transport: TransportSnapshot, http: z.enum(["GET", "POST"]), maxBytes: z.number() });
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
