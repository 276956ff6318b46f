import type { BlockEvidence } from "../shared/contract/chain-types.js";
import type { WatchConfig, WatchRules } from "../shared/contract/watch.js";
import type { Condition } from "./alert-engine.js";

/** The evidence alert kinds; an evaluation of the evidence seen covers exactly these. */
export const EVIDENCE_KINDS = ["double_sign_evidence"] as const;

/** Evidence a followed block carried against one validator: the first block that did, and what it said. */
export interface EvidenceSeen {
  readonly blockHeight: string;
  readonly infractionHeight: string | null;
  readonly kind: BlockEvidence["kind"];
  readonly type: string;
}

/** At most this many validators' evidence is remembered per network: a block cannot name more than a set holds. */
const MAX_REMEMBERED = 10_000;

/**
 * Adds the evidence of block `blockHeight` to `seen` (by upper-case consensus address; the first
 * block naming a validator is kept). Returns the addresses it named for the first time.
 */
export function recordEvidence(seen: Map<string, EvidenceSeen>, blockHeight: string, evidence: readonly BlockEvidence[]): string[] {
  const added: string[] = [];
  for (const e of evidence) {
    for (const address of e.validators) {
      const a = address.toUpperCase();
      if (seen.has(a) || seen.size >= MAX_REMEMBERED) continue;
      seen.set(a, { blockHeight, infractionHeight: e.height, kind: e.kind, type: e.type });
      added.push(a);
    }
  }
  return added;
}

const described: Record<BlockEvidence["kind"], string> = {
  duplicate_vote: "two conflicting votes (DuplicateVoteEvidence)",
  light_client_attack: "a conflicting block served to light clients (LightClientAttackEvidence)",
  unknown: "misbehaviour",
};

/**
 * A `double_sign_evidence` condition for each watched validator a followed block carried evidence
 * against. The evidence is a fact of the chain: the condition stays while the watch runs (and the
 * chain's tombstone, from x/slashing, says the rest), so the alert does not clear by itself.
 */
export function evidenceConditions(config: WatchConfig, rules: WatchRules, seen: ReadonlyMap<string, EvidenceSeen>, monikerOf: (address: string) => string | null): Condition[] {
  if (!rules.doubleSign.enabled) return [];
  const out: Condition[] = [];
  for (const v of config.validators) {
    const e = seen.get(v.address);
    if (!e) continue;
    const name = v.label || monikerOf(v.address) || v.address;
    const at = e.infractionHeight ? ` at height ${e.infractionHeight}` : "";
    out.push({
      kind: "double_sign_evidence",
      subject: v.address,
      title: `Double-sign evidence against ${name}`,
      message: `Block ${e.blockHeight} carries evidence that ${name} (${v.address}) signed ${described[e.kind]}${at} (${e.type || "evidence of an unknown type"}). The chain slashes it and tombstones it for good: stop every node holding its key but one.`,
    });
  }
  return out;
}
