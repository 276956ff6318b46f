import { fromBech32, toBech32 } from "@cosmjs/encoding";
import type { ChainWatch, WatchConfig, WatchRules } from "../shared/contract/watch.js";
import { readVote, readVotingProposals } from "../shared/cosmos/gov/queries.js";
import { readCurrentPlan } from "../shared/cosmos/upgrade/queries.js";
import type { ResultOf } from "../shared/contract/index.js";
import type { Condition } from "./alert-engine.js";

type AbciQuery = (args: { path: string; data?: string; height?: string }) => Promise<ResultOf<"chain.abciQuery">>;

/** The alert kinds the chain watch covers. */
export const CHAIN_EVENT_KINDS = ["upgrade_planned", "proposal_unvoted"] as const;

/** The account that votes for a validator: its operator address under the account prefix. */
function voterOf(operatorAddress: string, prefix: string): string | undefined {
  try {
    return toBech32(prefix, fromBech32(operatorAddress, 90).data);
  } catch {
    return undefined;
  }
}

/**
 * Reads x/upgrade's plan (with an ETA from the usual block time) and x/gov's proposals in voting,
 * with each watched validator's vote. A chain without either module says so in the answer.
 */
export async function readChainWatch(o: {
  abciQuery: AbciQuery;
  height: bigint;
  blockTimeMs: number | null;
  prefix: string;
  /** The watched validators with their operator address, where staking named it. */
  validators: ReadonlyArray<{ address: string; operatorAddress: string | null }>;
  now: number;
}): Promise<ChainWatch> {
  const plan = await readCurrentPlan(o.abciQuery);
  const proposals = await readVotingProposals(o.abciQuery);
  const etaOf = (height: string) => {
    const left = BigInt(height) - o.height;
    return o.blockTimeMs === null || left < 0n ? null : new Date(o.now + Number(left) * o.blockTimeMs).toISOString();
  };
  const items = proposals.available
    ? await Promise.all(
        proposals.proposals.map(async (p) => ({
          ...p,
          votes: await Promise.all(
            o.validators.map(async (v) => {
              const voter = v.operatorAddress ? voterOf(v.operatorAddress, o.prefix) : undefined;
              return { address: v.address, vote: voter ? await readVote(o.abciQuery, p.id, voter) : null };
            }),
          ),
        })),
      )
    : [];
  return {
    checkedAt: new Date(o.now).toISOString(),
    upgrade: plan.available ? { available: true, reason: null, plan: plan.plan ? { ...plan.plan, eta: etaOf(plan.plan.height) } : null } : { available: false, reason: plan.reason, plan: null },
    proposals: proposals.available ? { available: true, reason: null, items } : { available: false, reason: proposals.reason, items: [] },
  };
}

/** The chain watch's conditions under the network's rules: a scheduled upgrade, a vote that is due. */
export function chainEventConditions(chain: ChainWatch, config: WatchConfig, rules: WatchRules, chainName: string, now: number): Condition[] {
  const out: Condition[] = [];
  const plan = chain.upgrade.plan;
  if (rules.upgradePlanned.enabled && plan) {
    out.push({ kind: "upgrade_planned", subject: `${plan.name}@${plan.height}`, title: `${chainName} upgrades to ${plan.name}`, message: `Upgrade "${plan.name}" is planned at height ${plan.height}${plan.eta ? `, about ${plan.eta}` : ""}: the node's new binary must be ready by then.` });
  }
  if (rules.proposalUnvoted.enabled) {
    const soon = now + rules.proposalUnvoted.hoursBefore * 3_600_000;
    for (const p of chain.proposals.items) {
      if (!p.votingEndTime || Date.parse(p.votingEndTime) > soon) continue;
      for (const v of p.votes) {
        if (v.vote !== null) continue;
        const name = config.validators.find((x) => x.address === v.address)?.label || v.address;
        out.push({ kind: "proposal_unvoted", subject: `${p.id}:${v.address}`, title: `${name} has not voted on proposal ${p.id}`, message: `Voting on proposal ${p.id} ("${p.title}") ends ${p.votingEndTime}; ${name} has not voted.` });
      }
    }
  }
  return out;
}
