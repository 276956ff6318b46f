import type { z } from "zod";
import type * as T from "../../../shared/contract/chain-types.js";
import type { Generation } from "../../../shared/contract/generation.js";
import * as A from "./chain-adaptor.js";
import type * as W from "./rpc-wire.js";
import { validatorUpdates } from "./validator-keys.js";

type Event = z.output<typeof T.AbciEvent>;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Tendermint 0.34 sends event attributes' keys and values as base64 of their bytes (its
 * EventAttribute holds []byte; abci/types/types.pb.go). They are decoded only for a node of that
 * generation: on any other, base64-looking text ("dGVzdA==") is text. A value that is not base64
 * of UTF-8 text stays as sent, and `notes` says so once.
 */
export function decodeLegacyEvents(events: readonly Event[], notes: string[]): Event[] {
  let undecoded = 0;
  const decode = (s: string): string => {
    if (s === "") return s;
    if (s.length % 4 !== 0 || !BASE64.test(s)) return (undecoded++, s);
    try {
      return utf8.decode(Buffer.from(s, "base64"));
    } catch {
      return (undecoded++, s);
    }
  };
  const out = events.map((e) => ({ ...e, attributes: e.attributes.map((a) => ({ ...a, key: decode(a.key), value: decode(a.value) })) }));
  if (undecoded > 0) notes.push(`${undecoded} event attribute key${undecoded === 1 ? "" : "s"} or values were not base64 of text, as Tendermint 0.34 sends them; shown as the node sent them.`);
  return out;
}

/** A transaction's result from a Tendermint 0.34 node, its events' attributes decoded. */
export function legacyResult<R extends { readonly events: readonly Event[] }>(r: R): R {
  return { ...r, events: decodeLegacyEvents(r.events, []) };
}

const FAMILY: Record<Generation, "finalize" | "begin-end" | undefined> = {
  "tendermint-0.34": "begin-end",
  "cometbft-0.37": "begin-end",
  "cometbft-0.38": "finalize",
  "cometbft-1": "finalize",
  unknown: undefined,
};

/**
 * `block_results` of any generation to the contract's shape: the block's own events by phase
 * (FinalizeBlock's, or BeginBlock's and EndBlock's), validator updates' keys in every encoding,
 * and a sentence for each part that was not understood rather than a refusal of the whole.
 */
export function blockResults(w: W.RpcBlockResults, generation: Generation): z.output<typeof T.BlockResults> {
  const notes: string[] = [];
  const legacy = generation === "tendermint-0.34";
  const events = (list: readonly z.output<typeof W.RpcEvent>[] | undefined) => {
    const adapted = (list ?? []).map(A.event);
    return legacy ? decodeLegacyEvents(adapted, notes) : adapted;
  };
  const shape = w.finalize_block_events !== undefined ? "finalize" : w.begin_block_events !== undefined || w.end_block_events !== undefined ? "begin-end" : undefined;
  if (shape === undefined) {
    notes.push("The answer has neither finalize_block_events (CometBFT 0.38 on) nor begin_block_events and end_block_events (before 0.38): the block's own events were not understood.");
  } else if (FAMILY[generation] !== undefined && FAMILY[generation] !== shape) {
    notes.push(`The node's version says ${generation}, but its block_results has ${shape === "finalize" ? "finalize_block_events" : "begin_block_events and end_block_events"}: read as sent.`);
  }
  const txsResults = w.txs_results.map((r) => {
    const result = A.execTxResult(r);
    return legacy ? { ...result, events: decodeLegacyEvents(result.events, notes) } : result;
  });
  const updates = validatorUpdates(w.validator_updates);
  return {
    height: w.height,
    txsResults,
    finalizeBlockEvents: events(w.finalize_block_events),
    beginBlockEvents: events(w.begin_block_events),
    endBlockEvents: events(w.end_block_events),
    validatorUpdates: updates.updates,
    appHash: w.app_hash ?? "",
    notes: [...notes, ...updates.notes],
  };
}
