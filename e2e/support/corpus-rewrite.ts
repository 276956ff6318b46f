/**
 * What the corpus proxy changes in a real node's answers: hostile node monikers, a hostile
 * event on every block and transaction result, and hostile text in every JSON-RPC error.
 */
import type { JsonRpcAnswer, Rewrite } from "./corpus-proxy.js";
import { BIDI, CORPUS, HTML_PAYLOADS, ZERO_WIDTH } from "./hostile-corpus.js";

export const NODE_MONIKER = `${HTML_PAYLOADS[0]} ${BIDI}`;
/** Peer monikers fit the peers table's 40-character cell, so each is shown whole. */
export const PEER_MONIKERS = [HTML_PAYLOADS[1], HTML_PAYLOADS[2], "pe\u200Ber\u202E"] as const;
export const EVENT_TYPE = `corpus ${HTML_PAYLOADS[3]}`;
/** A devnet address (alice's) with a zero-width space and a right-to-left override inside. */
export const ADDRESS_LIKE = "cosmos1edhrppagujenjy8s82\u200Brplhj85atl5v7e\u202Eeusulc";
/** Each corpus string as an attribute key (tagged) and as its value, and a doctored recipient. */
export const EVENT_ATTRIBUTES = [...CORPUS.map((value, i) => ({ key: `k${i} ${value.slice(0, 60)}`, value })), { key: "recipient", value: ADDRESS_LIKE }];
export const ERROR_MESSAGE = `Internal error ${HTML_PAYLOADS[4]} ${BIDI}`;
export const ERROR_DATA = `${HTML_PAYLOADS[1]} ${ZERO_WIDTH}`;

const corpusEvent = () => ({ type: EVENT_TYPE, attributes: EVENT_ATTRIBUTES.map((a) => ({ ...a, index: false })) });

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function withEvent(result: Json | undefined, field: string): void {
  if (result) result[field] = [corpusEvent(), ...arr(result[field])];
}

export const corpusRewrite: Rewrite = (method: string, answer: JsonRpcAnswer) => {
  if (answer.error) {
    answer.error.message = ERROR_MESSAGE;
    answer.error.data = ERROR_DATA;
    return;
  }
  const result = obj(answer.result);
  if (!result) return;
  if (method === "status") {
    const info = obj(result.node_info);
    if (info) info.moniker = NODE_MONIKER;
  } else if (method === "net_info") {
    arr(result.peers).forEach((p, i) => {
      const info = obj(obj(p)?.node_info);
      if (info) info.moniker = PEER_MONIKERS[i % PEER_MONIKERS.length];
    });
  } else if (method === "block_results") {
    withEvent(result, "finalize_block_events");
    for (const t of arr(result.txs_results)) withEvent(obj(t), "events");
  } else if (method === "tx") {
    withEvent(obj(result.tx_result), "events");
  } else if (method === "tx_search") {
    for (const t of arr(result.txs)) withEvent(obj(obj(t)?.tx_result), "events");
  }
};
