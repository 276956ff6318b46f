import { fromBase64 } from "@cosmjs/encoding";
import type { ResultOf } from "../../../../shared/contract/index.js";
import type { Tx } from "../../../../shared/contract/tx.js";
import { actionOf } from "../../../../shared/cosmos/actions.js";
import type { DirectChain } from "./direct-chain.js";

type ChainTx = ResultOf<"chain.tx">;

/**
 * An address's history where there is no access service: `tx_search` for what it sent
 * (`message.sender`) and what it received (`transfer.recipient`), newest first, merged by hash.
 */
export async function directHistory(chain: DirectChain, address: string, limit: number): Promise<Tx[]> {
  const perPage = Math.min(100, Math.max(limit, 1));
  const [sent, received] = await Promise.all([
    chain.txSearch({ query: `message.sender='${address}'`, perPage, orderBy: "desc" }),
    chain.txSearch({ query: `transfer.recipient='${address}'`, perPage, orderBy: "desc" }),
  ]);
  const byHash = new Map<string, ChainTx>();
  for (const t of [...sent.txs, ...received.txs]) byHash.set(t.hash.toUpperCase(), t);
  const sorted = [...byHash.values()].sort((a, b) => Number(BigInt(b.height) - BigInt(a.height)) || b.index - a.index).slice(0, limit);
  // tx_search gives heights, not times: the blocks' own times, read beside the decoding.
  const timesRead = chain.blockTimes(sorted.map((t) => t.height));
  const { cosmosRegistry } = await import("../../../../shared/cosmos/signing.js");
  const { AuthInfo, TxBody, TxRaw } = await import("cosmjs-types/cosmos/tx/v1beta1/tx");
  const times = await timesRead;
  return sorted.map((t) => withTime(chainTxOf(t, (bytes) => {
    const raw = TxRaw.decode(bytes);
    const body = TxBody.decode(raw.bodyBytes); // CosmJS's decodeTxBody drops the type URLs
    const auth = AuthInfo.decode(raw.authInfoBytes);
    return {
      memo: body.memo,
      timeoutHeight: body.timeoutHeight.toString(),
      fee: (auth.fee?.amount ?? []).map((c) => `${c.amount}${c.denom}`).join(","),
      sequence: auth.signerInfos[0]?.sequence.toString(),
      messages: body.messages.map((any) => {
        try {
          return { typeUrl: any.typeUrl, value: cosmosRegistry.decode(any) as Record<string, unknown> };
        } catch {
          return { typeUrl: any.typeUrl, value: {} }; // a codec this app lacks: listed by its type only
        }
      }),
    };
  }), times.get(t.height)));
}

const withTime = (tx: Tx, time: string | undefined): Tx => (time ? { ...tx, time } : tx);

/** Newest first: what main sent itself (by when it was signed) among what the nodes index (by its block's time). */
export function mergeByTime(own: readonly Tx[], history: readonly Tx[]): Tx[] {
  const at = (t: Tx) => Date.parse(t.time ?? t.createdAt ?? "");
  const out: Tx[] = [];
  let i = 0;
  let j = 0;
  while (i < own.length || j < history.length) {
    const a = own[i];
    const b = history[j];
    // A row with no time to go by keeps its side's order, own sends first as before.
    const ownFirst = b === undefined || (a !== undefined && !(at(a) < at(b)));
    out.push(ownFirst ? a! : b);
    if (ownFirst) i++;
    else j++;
  }
  return out;
}

interface Decoded {
  memo: string;
  timeoutHeight: string;
  fee: string;
  sequence?: string;
  messages: Array<{ typeUrl: string; value: Record<string, unknown> }>;
}

/** A committed transaction as the Transactions page lists it: its first transfer's parties, or its signer. */
export function chainTxOf(t: ChainTx, decode: (bytes: Uint8Array) => Decoded): Tx {
  let d: Decoded | undefined;
  try {
    d = decode(fromBase64(t.tx));
  } catch {
    d = undefined; // bytes that do not decode still have a hash, a height and a result
  }
  const send = d?.messages.find((m) => m.typeUrl === "/cosmos.bank.v1beta1.MsgSend")?.value;
  const first = d?.messages[0];
  const signerField = first && actionOf(first.typeUrl)?.signer.field;
  const from = typeof send?.fromAddress === "string" ? send.fromAddress : signerField && typeof first.value[signerField] === "string" ? (first.value[signerField] as string) : "";
  const amount = Array.isArray(send?.amount) ? (send.amount as Array<{ amount: string; denom: string }>).map((c) => `${c.amount}${c.denom}`).join(",") : "";
  return {
    txHash: t.hash.toUpperCase(),
    from,
    to: typeof send?.toAddress === "string" ? send.toAddress : "",
    amount,
    status: t.result.code === 0 ? "committed" : "failed",
    source: "chain",
    nonce: d?.sequence,
    memo: d?.memo || undefined,
    fee: d?.fee || undefined,
    height: t.height,
    code: t.result.code,
    codespace: t.result.codespace || undefined,
    log: t.result.code === 0 ? undefined : t.result.log.slice(0, 2000),
    timeoutHeight: d && d.timeoutHeight !== "0" ? d.timeoutHeight : undefined,
    kind: d?.messages.map((m) => actionOf(m.typeUrl)?.title ?? m.typeUrl.split(".").at(-1) ?? m.typeUrl).join(", "),
  };
}
