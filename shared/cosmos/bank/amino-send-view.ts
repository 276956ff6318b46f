/** The parts of an amino MsgSend the review screen shows. */
export interface AminoSendView {
  readonly from_address: string;
  readonly to_address: string;
  readonly amount: ReadonlyArray<{ readonly denom: string; readonly amount: string }>;
}

const isCoin = (c: unknown): c is { denom: string; amount: string } =>
  typeof c === "object" && c !== null && typeof (c as Record<string, unknown>).denom === "string" && typeof (c as Record<string, unknown>).amount === "string";

/**
 * The transfer a sign doc's message carries, or undefined when it is not a MsgSend. It takes what
 * `AminoMsgSend` (./amino.ts) takes, without zod, so that the send page does not load zod inside
 * Electron, where the preload has already checked the doc against the contract
 * (amino-send-view.test.ts holds the two to the same answers).
 */
export function aminoSendView(msg: unknown): AminoSendView | undefined {
  if (typeof msg !== "object" || msg === null) return undefined;
  const { type, value } = msg as Record<string, unknown>;
  if (type !== "cosmos-sdk/MsgSend" || typeof value !== "object" || value === null) return undefined;
  const { from_address, to_address, amount } = value as Record<string, unknown>;
  if (typeof from_address !== "string" || typeof to_address !== "string" || !Array.isArray(amount) || !amount.every(isCoin)) return undefined;
  return { from_address, to_address, amount: amount.map((c) => ({ denom: c.denom, amount: c.amount })) };
}
