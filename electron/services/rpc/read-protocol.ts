import { z } from "zod";
import { TransportSnapshot } from "./worker-protocol.js";

/** Where and how the read worker asks: main's transport, its HTTP form, and the network's chain id. */
const Via = {
  id: z.number(),
  transport: TransportSnapshot,
  http: z.enum(["GET", "POST"]),
  /** An answer naming another chain is refused (rpc_wrong_chain). */
  expectedChainId: z.string().optional(),
};

/** What main asks the read worker (electron/services/rpc/read-worker.ts). */
export const ReadRequest = z.discriminatedUnion("op", [
  /** One page of a block's transactions; `block` by `height` (the latest when none) or `block_by_hash` by base64 `hash`. */
  z.object({
    op: z.literal("block"),
    ...Via,
    /** Keys the blocks the worker keeps, so one network's block is never served for another's. */
    networkId: z.string(),
    read: z.discriminatedUnion("route", [
      z.object({ route: z.literal("block"), height: z.string().optional() }),
      z.object({ route: z.literal("block_by_hash"), hash: z.string() }),
    ]),
    page: z.object({ offset: z.number().optional(), limit: z.number().optional() }),
  }),
  /** A page of tx_search results, every transaction's hash checked against its bytes. */
  z.object({ op: z.literal("txSearch"), ...Via, params: z.record(z.string(), z.union([z.string(), z.boolean()])) }),
]);
export type ReadRequest = z.infer<typeof ReadRequest>;
/** A request as main hands it to the read host (which numbers it). */
export type ReadAsk = ReadRequest extends infer R ? (R extends ReadRequest ? Omit<R, "id"> : never) : never;
