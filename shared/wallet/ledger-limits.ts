import { MEMO_MAX_BYTES } from "./memo.js";

/**
 * What a Ledger's Cosmos app can take in one sign doc, and how "withdraw all rewards" is cut to
 * fit. Plain code: the renderer plans the transactions, main checks each sign doc again.
 *
 * The evidence is the recorded refusals (docs/ledger.md, "Limits"): the app refused a sign doc of
 * 20 MsgSend (4,235 bytes, 342 JSON tokens) with 0x6984 "JSON. Too many tokens" after the whole
 * upload, and one of 40 (8,315 bytes) with 0x6983 "Output buffer too small" mid-upload, its
 * buffer being about 8 KB; the largest it signed has 43 tokens. The limits sit below both
 * refusals with a margin: fewer than 20 messages, at most 256 tokens, at most 8,000 bytes.
 */
export const LEDGER_LIMITS = { maxMessages: 19, maxTokens: 256, maxBytes: 8000 } as const;
export type LedgerLimits = { readonly maxMessages: number; readonly maxTokens: number; readonly maxBytes: number };

/** JSON tokens as the app's parser (jsmn) counts them: each object, array, key and value is one. */
export function jsonTokenCount(json: string): number {
  let count = 0;
  const walk = (v: unknown): void => {
    count++;
    if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === "object" && v !== null) {
      for (const k of Object.keys(v)) {
        count++;
        walk((v as Record<string, unknown>)[k]);
      }
    }
  };
  walk(JSON.parse(json) as unknown);
  return count;
}

/** Why a sign doc's JSON (its exact sign bytes) is more than a Ledger takes, or undefined when it fits. */
export function ledgerSignDocProblem(json: string, limits: LedgerLimits = LEDGER_LIMITS): "too_many_messages" | "too_large" | undefined {
  const bytes = new TextEncoder().encode(json).length;
  if (bytes > limits.maxBytes) return "too_large";
  const doc = JSON.parse(json) as { msgs?: unknown };
  const messages = Array.isArray(doc.msgs) ? doc.msgs.length : 0;
  if (messages > limits.maxMessages || jsonTokenCount(json) > limits.maxTokens) return "too_many_messages";
  return undefined;
}

/**
 * Cuts messages, in order, into the fewest consecutive batches whose sign docs a Ledger takes:
 * each batch as long as `signDocJson(batch)` fits. Throws when one message alone does not fit.
 */
export function splitForLedger<M>(messages: readonly M[], signDocJson: (batch: readonly M[]) => string, limits: LedgerLimits = LEDGER_LIMITS): M[][] {
  const batches: M[][] = [];
  let current: M[] = [];
  for (const m of messages) {
    const next = [...current, m];
    if (ledgerSignDocProblem(signDocJson(next), limits) === undefined) {
      current = next;
      continue;
    }
    if (current.length === 0) throw new RangeError("one message alone is more than a Ledger can sign");
    batches.push(current);
    current = [m];
    if (ledgerSignDocProblem(signDocJson(current), limits) !== undefined) throw new RangeError("one message alone is more than a Ledger can sign");
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** JSON with sorted keys and no spaces, as `serializeSignDoc` writes a sign doc. */
export function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${sortedJson(o[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * The sign doc of reward withdrawals as large as the transaction main will prepare can be:
 * each message's amino JSON exactly (`cosmos-sdk/MsgWithdrawDelegationReward`), around it the
 * longest account number, sequence, fee, gas, timeout height and memo the transaction can carry.
 */
export function withdrawSignDocJson(delegator: string, validators: readonly string[], chainId: string, feeDenom: string): string {
  const widest = "18446744073709551615"; // u64's largest, the widest such a number is written
  return sortedJson({
    account_number: widest,
    chain_id: chainId,
    fee: { amount: [{ amount: widest, denom: feeDenom }], gas: widest },
    memo: "x".repeat(MEMO_MAX_BYTES),
    msgs: validators.map((v) => ({ type: "cosmos-sdk/MsgWithdrawDelegationReward", value: { delegator_address: delegator, validator_address: v } })),
    sequence: widest,
    timeout_height: widest,
  });
}

/** "Withdraw all rewards" for a Ledger account: the validators cut into transactions the device takes, in order. */
export function withdrawBatchesForLedger(delegator: string, validators: readonly string[], chainId: string, feeDenom: string, limits: LedgerLimits = LEDGER_LIMITS): string[][] {
  return splitForLedger(validators, (batch) => withdrawSignDocJson(delegator, batch, chainId, feeDenom), limits);
}
