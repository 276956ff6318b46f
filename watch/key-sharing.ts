import type { WatchedNode, WatchRules } from "../shared/contract/watch.js";
import type { Condition } from "./alert-engine.js";

/** A validator key as the nodes report it, in a few characters: the first eight of its base64. */
export const shortKey = (value: string): string => (value.length > 12 ? `${value.slice(0, 8)}…` : value);

/**
 * A `shared_validator_key` condition for each validator key that two or more nodes of the probe
 * report in `status` (`validator_info.pub_key`): a key copied to a second machine, the set-up
 * that double-signs as soon as both sign. Two URLs of one node report one node id and count once.
 * Down nodes are left out: what they said before is not known now. A rate-limited node is not
 * down: it counts with the key it last reported, so a rate limit does not clear the alert.
 */
export function sharedKeyConditions(nodes: readonly WatchedNode[], rules: WatchRules): Condition[] {
  if (!rules.sharedKey.enabled) return [];
  const byKey = new Map<string, WatchedNode[]>();
  for (const n of nodes) {
    if (!n.up || !n.validatorKey) continue;
    const key = `${n.validatorKey.type}:${n.validatorKey.value}`;
    byKey.set(key, [...(byKey.get(key) ?? []), n]);
  }
  const out: Condition[] = [];
  for (const [key, holders] of byKey) {
    const distinct = new Set(holders.map((n) => n.nodeId ?? n.url));
    if (distinct.size < 2) continue;
    const value = holders[0]!.validatorKey!.value;
    const named = holders.map((n) => `${n.moniker ? `${n.moniker} ` : ""}${n.url} (power ${n.validatorKey!.votingPower})`).join(", ");
    out.push({
      kind: "shared_validator_key",
      subject: key,
      title: `${distinct.size} nodes hold validator key ${shortKey(value)}`,
      message: `${named} report the same validator key ${value}. Once more than one of them signs, the validator double-signs and is tombstoned: keep the key on one node and stop the others.`,
    });
  }
  return out;
}
