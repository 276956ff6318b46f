import { z } from "zod";
import { DecString, Hash32Hex, HexString, IsoTime } from "./primitives.js";
import { TxStatus } from "./contract/tx.js";
import { Alert } from "./contract/watch.js";

/** Main → renderer events. Each payload is parsed on both sides like a method result. */
export const events = {
  /** A new block on the selected network, in height order, without gaps or repeats. */
  "chain.newBlock": z.object({
    networkId: z.string(),
    height: DecString,
    hash: HexString,
    time: IsoTime,
    numTxs: z.number().int(),
    proposerAddress: HexString,
    /** The hash of the validator set that signs the block: a change says the set changed, so pages need not read it on every block. */
    validatorsHash: HexString.optional(),
  }),
  /**
   * Consensus moved on the selected network: a vote arrived or the round step changed (from the
   * node's websocket, at most about four times a second). The Consensus page reads its state again, at most once a second.
   */
  "chain.consensusChanged": z.object({ networkId: z.string(), height: DecString, round: z.number().int().min(0), cause: z.enum(["vote", "step"]) }),
  /** The node connection changed: websocket live, polling fallback, or offline, with why. */
  "network.connectionChanged": z.object({
    networkId: z.string(),
    state: z.enum(["idle", "connecting", "live", "polling", "offline"]),
    endpoint: z.string().nullable(),
    reason: z.string().nullable(),
  }),
  /**
   * A read must wait for a node's rate limit (its Retry-After, or the request budget's rate):
   * shown where the read is visible, "waiting for the node's rate limit (2 s)". Told as the wait
   * starts, at most a few times a second; `seconds` is how long it is expected to take.
   */
  "network.rateLimitWait": z.object({
    endpoint: z.string().max(2048),
    priority: z.enum(["user", "background"]),
    seconds: z.number().int().min(1).max(600),
    cause: z.enum(["retry_after", "rate"]),
  }),
  /** A network's saved fields changed in main (its chain's facts read on first use): the list is worth reading again. */
  "network.changed": z.object({ networkId: z.string() }),
  /** A transaction submitted from this app moved to another status; `previous` is null as it is submitted. */
  "tx.statusChanged": z.object({
    networkId: z.string(),
    txHash: Hash32Hex,
    status: TxStatus,
    previous: TxStatus.nullable(),
  }),
  /** The vault was locked or unlocked; `reason` says whether the user or the idle timer did it. */
  "wallet.lockChanged": z.object({ locked: z.boolean(), reason: z.enum(["user", "idle", "unlock", "password_changed"]) }),
  /** A watch alert fired, cleared, or was acknowledged or snoozed; the alert as it now stands. */
  "watch.alert": z.object({ change: z.enum(["fired", "cleared", "acknowledged", "snoozed"]), alert: Alert }),
  /** The watch read something new for a network (a block, a probe of its nodes): its status is worth reading again. */
  "watch.updated": z.object({ networkId: z.string(), height: DecString.nullable() }),
  /**
   * The Ledger is working: `confirm` when it waits for the user's button (the message says what to
   * check), `done` when it answered. Main holds the device; the renderer only shows these words.
   */
  "ledger.progress": z.object({ stage: z.enum(["confirm", "done"]), operation: z.enum(["sign", "show", "read"]), message: z.string().max(300) }),
} as const;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;
export const EVENT_NAMES = Object.keys(events) as EventName[];

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(events, name);
}
