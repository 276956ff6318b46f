import { z } from "zod";
import type { AminoSigners } from "../amino-signer.js";

const Coin = z.object({ denom: z.string(), amount: z.string() });

/** The amino JSON of one MsgSend, as a SIGN_MODE_LEGACY_AMINO_JSON sign doc carries it. */
export const AminoMsgSend = z.object({
  type: z.literal("cosmos-sdk/MsgSend"),
  value: z.object({ from_address: z.string(), to_address: z.string(), amount: z.array(Coin) }),
});
export type AminoMsgSend = z.infer<typeof AminoMsgSend>;

/** A transfer as the amino message both the service and the signer build. */
export function aminoMsgSend(from: string, to: string, amount: ReadonlyArray<z.infer<typeof Coin>>): AminoMsgSend {
  return { type: "cosmos-sdk/MsgSend", value: { from_address: from, to_address: to, amount: amount.map((c) => ({ denom: c.denom, amount: c.amount })) } };
}

/** Who signs each bank message the vault may sign (see `../amino-signers.ts`). */
export const BANK_SIGNERS = {
  "cosmos-sdk/MsgSend": { field: "from_address", kind: "account" },
} as const satisfies AminoSigners;
