import { fromBase64 } from "@cosmjs/encoding";
import { z } from "zod";
import { txIdOf } from "../../../shared/cosmos/tx-id.js";

/**
 * The part of a `tm.event='Tx'` websocket frame that settles a transaction: its bytes (whose
 * sha256 is its id), the height of the block that holds it, and its result code (absent means 0).
 * Frames are hostile input: only these fields are read, and only when they have the right shape;
 * the id is computed from the bytes, never taken from the frame's own `tx.hash`.
 */
const Frame = z.object({
  result: z.object({
    data: z.object({
      type: z.literal("tendermint/event/Tx"),
      value: z.object({
        TxResult: z.object({
          height: z.string().regex(/^\d{1,20}$/),
          tx: z.string().max(8 << 20).regex(/^[A-Za-z0-9+/]*={0,2}$/),
          result: z.object({
            code: z.number().int().min(0).max(2 ** 32 - 1).optional(),
            codespace: z.string().max(128).optional(),
            log: z.string().optional(),
          }),
        }),
      }),
    }),
  }),
});

/** A transaction as the chain decided it, from the node's Tx event. */
export interface ChainTx {
  readonly txHash: string;
  readonly height: string;
  readonly code: number;
  readonly codespace: string | undefined;
  /** Cut to 1,000 characters, as the access service keeps it. */
  readonly log: string | undefined;
}

/** The Tx frame's transaction, or undefined for anything else (acks, other events, junk). */
export function txFrame(text: string): ChainTx | undefined {
  if (text.length > 16 << 20 || !text.includes("tendermint/event/Tx")) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = Frame.safeParse(json);
  if (!parsed.success) return undefined;
  const { height, tx, result } = parsed.data.result.data.value.TxResult;
  let bytes: Uint8Array;
  try {
    bytes = fromBase64(tx);
  } catch {
    return undefined;
  }
  if (bytes.length === 0) return undefined;
  return { txHash: txIdOf(bytes), height, code: result.code ?? 0, codespace: result.codespace || undefined, log: result.log?.slice(0, 1000) };
}
